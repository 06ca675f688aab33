// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import { useShellModeStore } from '../../lib/shell-mode.ts';
import { localDate } from './kiosk-rules.ts';
import { useKioskSession } from './kiosk-session.ts';
import KioskScreen from './KioskScreen.tsx';

/** The kiosk's PIN path at the HTTP boundary (only fetch is replaced): identify, today's bookings, check in. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), kiosk: ns('kiosk') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

type Call = { method: string; url: string; body: Record<string, unknown> | undefined; authorization: string | null; credentials: RequestCredentials | undefined };
let calls: Call[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const KIOSK_TOKEN = 'k'.repeat(43);
const today = localDate(new Date());
const tomorrow = localDate(new Date(Date.now() + 24 * 60 * 60 * 1000));
const booking = (id: number, slug: string, date = today) => ({
  id, uuid: `u${id}`, status: 'booked', reference: null, complete_order_id: null, activity_id: 1, activity_name: `Class ${id}`, occurrence_id: id,
  venue: { id: 1, slug, name: slug }, date, time: '19:00', end_time: '20:00', starts_at: '', ends_at: '',
  person: { id: 5, first_name: 'Alex', last_name: 'Morgan', relationship: 'self' }, price: { raw: 0, formatted: '£0.00' },
  item: [{ id: 1, name: 'Studio', location: { id: 1, name: 'Studio 1' } }], cancellable: true, cancellation: null, cancelled_at: null, cancelled_with: null, cancellation_source: null,
});

beforeEach(() => {
  calls = [];
  let attempts = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined, authorization: headers.get('authorization'), credentials: init?.credentials };
    calls.push(call);
    if (call.url === '/api/kiosk/identify') {
      attempts += 1;
      if (attempts === 1) return json({ code: 'kiosk_pin_wrong', message: 'The membership number or PIN is not right.' }, 422);
      return json({ data: { token: KIOSK_TOKEN, expires_in_seconds: 300, first_name: 'Alex', last_name: 'Morgan', booking_id: null } });
    }
    if (call.url.startsWith('/api/my-account/bookings?')) return json({ data: [booking(7, 'bury'), booking(8, 'ramsbottom'), booking(9, 'bury', tomorrow)], meta: { current_page: 1, per_page: 50, total: 3, last_page: 1 } });
    if (call.url === '/api/my-account/bookings/7/qr') return json({ data: { booking_id: 7, token: 'c1.token-of-7', qr_payload: 'x' } });
    if (call.url === '/api/kiosk/check-in') return json({ data: { booking_id: 7, person: 'Alex Morgan', name: 'Class 7', starts_at: '', checked_in_at: '', is_new: true, message: 'Alex Morgan is checked in.' } });
    if (call.url === '/api/auth/logout') return json({ message: 'Logged out.' });
    return json({ data: [] });
  });
  useShellModeStore.setState({ isEmbedded: false, isKiosk: true, centre: 'bury' });
  useKioskSession.setState({ customer: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tap = (group: HTMLElement, keys: string) => {
  for (const key of keys) fireEvent.click(within(group).getByRole('button', { name: key }));
};

describe('the kiosk: membership number and PIN', () => {
  it("shows the server's wrong-PIN message, then says hello, lists today's bookings here and checks one in with its own token", async () => {
    renderScreen('/kiosk', <Route path="/kiosk" element={<KioskScreen />} />);
    fireEvent.click(await screen.findByRole('button', { name: /Use my membership number and PIN/ }));
    tap(screen.getByRole('group', { name: 'Keyboard' }), 'AB12-M1');
    expect(screen.getByLabelText('Membership number')).toHaveProperty('value', 'AB12-M1');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const pad = screen.getByRole('group', { name: 'PIN keypad' });
    tap(pad, '1111');
    expect(screen.getByLabelText('PIN')).toHaveProperty('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The membership number or PIN is not right.');
    expect(screen.getByLabelText('PIN')).toHaveProperty('value', '');

    tap(pad, '2468');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeTruthy();
    const identify = calls.filter((c) => c.url === '/api/kiosk/identify');
    expect(identify.map((c) => c.body)).toEqual([{ membership_number: 'AB12-M1', pin: '1111' }, { membership_number: 'AB12-M1', pin: '2468' }]);
    expect(identify.every((c) => c.authorization === null && c.credentials === 'omit')).toBe(true);

    // Today's at this centre only: not another centre's, not another day's.
    const checkIn = await screen.findByRole('button', { name: 'Check in for Class 7 at 19:00' });
    expect(screen.queryByText(/Class 8/)).toBeNull();
    expect(screen.queryByText(/Class 9/)).toBeNull();
    fireEvent.click(checkIn);
    expect(await screen.findByText('Alex Morgan is checked in.')).toBeTruthy();
    const withSession = calls.filter((c) => c.url.startsWith('/api/my-account/'));
    expect(withSession.map((c) => c.authorization)).toEqual([`Bearer ${KIOSK_TOKEN}`, `Bearer ${KIOSK_TOKEN}`]);
    expect(calls.find((c) => c.url === '/api/kiosk/check-in')?.body).toEqual({ token: 'c1.token-of-7' });

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('button', { name: /Scan my booking QR code/ })).toBeTruthy();
    expect(useKioskSession.getState().customer).toBeNull();
    expect(calls.find((c) => c.url === '/api/auth/logout')?.authorization).toBe(`Bearer ${KIOSK_TOKEN}`);
  });

  it('goes back to the start, saying why, when the kiosk session has ended on the server (401)', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/kiosk/identify') return json({ data: { token: KIOSK_TOKEN, expires_in_seconds: 300, first_name: 'Alex', last_name: 'Morgan', booking_id: null } });
      if (url.startsWith('/api/my-account/bookings')) return json({ message: 'Unauthenticated.' }, 401);
      return json({ data: [] });
    });
    renderScreen('/kiosk', <Route path="/kiosk" element={<KioskScreen />} />);
    fireEvent.click(await screen.findByRole('button', { name: /Use my membership number and PIN/ }));
    tap(screen.getByRole('group', { name: 'Keyboard' }), 'AB12');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    tap(screen.getByRole('group', { name: 'PIN keypad' }), '2468');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your time on the kiosk ended. Please start again.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Hello, Alex' })).toBeNull();
  });
});
