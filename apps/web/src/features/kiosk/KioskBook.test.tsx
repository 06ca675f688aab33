// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import { useShellModeStore } from '../../lib/shell-mode.ts';
import { useKioskSession } from './kiosk-session.ts';
import { localDate } from './kiosk-rules.ts';
import KioskScreen from './KioskScreen.tsx';

/**
 * Booking and paying at the kiosk at the HTTP boundary (only fetch is replaced): the kiosk's
 * bearer session on every call (never the browser's cookies), the centre's sessions for the
 * chosen person, the place into the basket, and payment by credit or the saved card, never a
 * card form; a card the bank wants to check is not paid here.
 */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), kiosk: ns('kiosk') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

type Call = { method: string; url: string; body: Record<string, unknown> | undefined; authorization: string | null; credentials: RequestCredentials | undefined };
let calls: Call[];
let authoriseStatus: 'authorised' | 'challenge';
let generalCredit: number;
/** What the card reader answers each time the kiosk asks (the last one repeats). */
let readerAnswers: string[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const KIOSK_TOKEN = 'k'.repeat(43);
const TOMORROW = localDate(new Date(Date.now() + 24 * 60 * 60 * 1000));
const clock = { format_12_hour: '6:00pm', format_24_hour: '18:00' };
const item = {
  id: 41, name: 'Spin', type: 'purchasableOccurrence', cartable_id: 900, cartable_uuid: 'u900',
  cartable_resource: { starts_at: '', ends_at: '', date: TOMORROW, starts_at_clock: clock, ends_at_clock: clock, location: null, venue: { slug: 'bury', name: 'Bury' }, category: { slug: 'fitness', name: 'Fitness' }, kind: 'class' },
  purchased_for_user_id: 6, purchased_for: { id: 6, first_name: 'Sam', last_name: 'Morgan' }, pricing_option_id: 3, pricing_option_name: 'Junior',
  price: { raw: 450, formatted: '£4.50', benefit_applied: false, package_applied: false }, covered_by: null, status: 'held', expires_at: null, origin: 'customer', sort_by: '', enable_print_receipt: false,
};
const cart = (items: unknown[]) => {
  const total = items.length * 450;
  return {
    id: 77, uuid: 'c77', source: 'activity-booking', items, item_count: items.length, total, sub_total: total, tax_total: 0, balance: total, formatted_total: '', formatted_balance: '',
    credits: { general: { type: 'general', total_available: generalCredit, max_applicable: total }, membership: { type: 'membership', total_available: 0, max_applicable: 0 } },
    attendee_waivers_required: 0, payments: [], selected_user_id: 5, complete_order_id: null, expires_at: null, item_hash: 'hash-1',
  };
};

beforeEach(() => {
  calls = [];
  authoriseStatus = 'authorised';
  generalCredit = 1000;
  readerAnswers = ['completed'];
  let basket: unknown[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined, authorization: headers.get('authorization'), credentials: init?.credentials };
    calls.push(call);
    const url = call.url;
    if (url.startsWith('/api/my-account/bookings?')) return json({ data: [], meta: { current_page: 1, per_page: 50, total: 0, last_page: 1 } });
    if (url === '/api/kiosk/people') return json({ data: [{ id: 5, first_name: 'Alex', last_name: 'Morgan', relationship: 'self' }, { id: 6, first_name: 'Sam', last_name: 'Morgan', relationship: 'child' }] });
    if (url.startsWith('/api/kiosk/sessions?')) {
      const forSam = url.includes('person_id=6');
      return json({
        data: {
          date: TOMORROW, venue: { slug: 'bury', name: 'Bury Leisure Centre' },
          sessions: [
            { id: 900, activity_name: 'Spin', starts_at: '', ends_at: '', time: '18:00', end_time: '18:45', location_name: 'Studio 1', spaces_left: 4, ticket: forSam ? { id: 3, name: 'Junior', price_pence: 450 } : { id: 2, name: 'Adult', price_pence: 650 }, not_for_person: null },
            { id: 901, activity_name: 'Aqua Fit', starts_at: '', ends_at: '', time: '19:00', end_time: '19:45', location_name: null, spaces_left: 2, ticket: null, not_for_person: 'The Adult ticket is for ages 16 and over; Sam is 9.' },
          ],
        },
      });
    }
    if (url === '/api/activities/cart') return json({ data: cart(basket) });
    if (url === '/api/activities/cart/add') {
      basket = [item];
      return json({ data: cart(basket) });
    }
    if (url.startsWith('/api/terms')) return json({ data: [{ id: 11, title: 'Terms', label: 'I accept the terms and conditions', body: '', url: null, required: true }] });
    if (url === '/api/checkout/prepare') return json({ session_key: 'sk-1', saved_card: { id: 8, brand: 'visa', last_four: '4242', expiry: '12/39', card_holder_name: 'A Morgan', external_identifier: 'x' }, saved_cards: [] });
    if (url === '/api/checkout/authorise') return json({ transaction_uuid: 'tx-1', transaction_status: authoriseStatus, sca_url: authoriseStatus === 'challenge' ? '/simulator/challenge' : null, sca_data: null, amount: 450 });
    if (url === '/api/checkout/complete') return json({ data: { complete_order_id: 'o1', reference: 'BK-123', total: 450, formatted_total: '£4.50', booking_ids: [1] }, complete_order_id: 'o1', reference: 'BK-123', message: 'Order completed Successfully.' });
    if (url.startsWith('/api/kiosk/terminal-payments')) {
      const status = url.endsWith('/cancel') ? 'cancelled' : call.method === 'POST' ? 'waiting' : readerAnswers.length > 1 ? readerAnswers.shift()! : readerAnswers[0]!;
      const messages: Record<string, string> = { declined: 'The card reader declined this card. You have not been charged.', cancelled: 'The card payment was cancelled. You have not been charged.' };
      return json({
        data: {
          id: 'a1b2c3d4-0000-4000-8000-000000000001', status, amount: { raw: 450, formatted: '£4.50' }, terminal_id: 'SIM-0001',
          terminal_reference: status === 'completed' ? 'SIM-0001 AUTH 123456' : null, message: messages[status] ?? null,
          order: status === 'completed' ? { complete_order_id: 'o2', reference: 'BK-456' } : null,
        },
      });
    }
    if (url === '/api/auth/logout') return json({ message: 'Logged out.' });
    return json({ data: [] });
  });
  useShellModeStore.setState({ isEmbedded: false, isKiosk: true, centre: 'bury' });
  useKioskSession.setState({ customer: { token: KIOSK_TOKEN, firstName: 'Alex', lastName: 'Morgan', bookingId: null, checkInToken: null, expiresAt: Date.now() + 300_000 } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** 'Book a session', Sam, tomorrow, Spin into the basket, then to payment with the terms accepted. */
const toPayment = async () => {
  renderScreen('/kiosk', <Route path="/kiosk" element={<KioskScreen />} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Book a session' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Book a session' })).toBeTruthy();
  fireEvent.click(await screen.findByRole('button', { name: 'Sam Morgan' }));
  fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
  expect(screen.getByRole('button', { name: 'Tomorrow' }).getAttribute('aria-pressed')).toBe('true');
  // The activity first (a day has dozens of sessions), then its times.
  expect(await screen.findByText('Choose an activity to see its times.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Book / })).toBeNull();
  // A session whose tickets do not fit the person says why, and offers no Book.
  fireEvent.click(screen.getByRole('button', { name: 'Aqua Fit (1 time)' }));
  expect(await screen.findByText('The Adult ticket is for ages 16 and over; Sam is 9.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Book Aqua Fit/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Spin (1 time)' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Book Spin at 18:00 for Sam' }));
  expect(await screen.findByText('Spin at 18:00 for Sam is in your basket.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Your basket' })).toBeTruthy();
  fireEvent.click(await screen.findByRole('checkbox', { name: 'I accept the terms and conditions' }));
};

describe('booking at the kiosk', () => {
  it("books a child's session for tomorrow and pays with credit, all with the kiosk's bearer session", async () => {
    await toPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Pay £4.50 with my credit' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're booked" })).toBeTruthy();
    expect(screen.getByText('Your booking reference is BK-123. We have emailed you the details.')).toBeTruthy();

    const sessions = calls.find((c) => c.url.startsWith('/api/kiosk/sessions?') && c.url.includes('person_id=6') && c.url.includes('day=tomorrow'));
    expect(sessions?.url).toContain('venue=bury');
    expect(calls.find((c) => c.url === '/api/activities/cart/add')?.body).toEqual({ items: [{ id: 900, type: 'purchasableOccurrence', purchased_for_user_id: 6, pricing_option_id: 3 }], selected_user_id: null });
    expect(calls.find((c) => c.url === '/api/checkout/complete')?.body).toMatchObject({ payments: [{ tender_type: 'general-credit', amount: 450 }], terms: [11], item_hash: 'hash-1', transaction_uuid: null });
    expect(calls.some((c) => c.url === '/api/checkout/authorise')).toBe(false);
    // Every call but the venue list (public, the shell's own) carries the kiosk's session and no cookies.
    const kioskCalls = calls.filter((c) => !c.url.startsWith('/api/activities/venues'));
    expect(kioskCalls.filter((c) => c.authorization !== `Bearer ${KIOSK_TOKEN}` || c.credentials !== 'omit').map((c) => c.url)).toEqual([]);
    // No card form at any point.
    expect(screen.queryByLabelText(/card number/i)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('button', { name: /Scan my booking QR code/ })).toBeTruthy();
    expect(useKioskSession.getState().customer).toBeNull();
    expect(calls.find((c) => c.url === '/api/auth/logout')?.authorization).toBe(`Bearer ${KIOSK_TOKEN}`);
  });

  it('pays with the saved card (no card identifier), and says so when the bank would want a check, offering credit', async () => {
    generalCredit = 0;
    authoriseStatus = 'challenge';
    await toPayment();
    expect(screen.getByText('Your credit (£0.00) does not cover this basket.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay £4.50 with my saved card ending 4242' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your bank wants to check this card payment, which cannot be done on this screen.');
    const authorise = calls.find((c) => c.url === '/api/checkout/authorise');
    expect(authorise?.body).toMatchObject({ saved_card_id: 8, session_key: 'sk-1', payments: [{ tender_type: 'card', amount: 450 }] });
    expect(authorise?.body).not.toHaveProperty('card_identifier');
    expect(calls.some((c) => c.url === '/api/checkout/complete')).toBe(false);

    authoriseStatus = 'authorised';
    fireEvent.click(screen.getByRole('button', { name: 'Pay £4.50 with my saved card ending 4242' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're booked" })).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/checkout/complete')?.body).toMatchObject({ transaction_uuid: 'tx-1', payments: [{ tender_type: 'card', amount: 450 }] });
  });

  describe("at the venue's card reader", () => {
    const READER = 'Pay £4.50 at the card reader';
    /** To the waiting screen: the payment started with the basket's hash and the terms, never an amount. */
    const toReader = async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await toPayment();
      fireEvent.click(await screen.findByRole('button', { name: READER }));
      const heading = await screen.findByRole('heading', { level: 1, name: 'Insert, tap or swipe your card on the card reader' });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(screen.getByText('£4.50 to pay')).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('Waiting for your card…');
      const started = calls.find((c) => c.url === '/api/kiosk/terminal-payments' && c.method === 'POST');
      expect(started?.body).toEqual({ venue: 'bury', terms: [11], item_hash: 'hash-1', selected_user_id: null });
      expect(started?.authorization).toBe(`Bearer ${KIOSK_TOKEN}`);
    };
    const polls = () => calls.filter((c) => c.url === '/api/kiosk/terminal-payments/a1b2c3d4-0000-4000-8000-000000000001' && c.method === 'GET').length;

    it('waits for the card, asks again every 1.5 s, and shows You’re booked once the reader approved', async () => {
      readerAnswers = ['waiting', 'completed'];
      await toReader();
      await vi.advanceTimersByTimeAsync(1500);
      expect(polls()).toBeGreaterThanOrEqual(1);
      expect(screen.getByRole('heading', { level: 1, name: 'Insert, tap or swipe your card on the card reader' })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(1500);
      const booked = await screen.findByRole('heading', { level: 1, name: "You're booked" });
      await waitFor(() => expect(document.activeElement).toBe(booked));
      expect(screen.getByText('Your booking reference is BK-456. We have emailed you the details.')).toBeTruthy();
      expect(calls.some((c) => c.url === '/api/checkout/complete' || c.url.endsWith('/cancel'))).toBe(false);
    });

    it('declined: the reason, focused and read out, and the choices again', async () => {
      readerAnswers = ['declined'];
      await toReader();
      await vi.advanceTimersByTimeAsync(1500);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('The card reader declined this card. You have not been charged.');
      await waitFor(() => expect(document.activeElement).toBe(alert));
      for (const name of ['Pay £4.50 with my credit', 'Pay £4.50 with my saved card ending 4242', READER]) expect(screen.getByRole('button', { name })).toBeTruthy();
    });

    it('Cancel (Escape on the keyboard too) stops the reader and comes back to the basket', async () => {
      readerAnswers = ['waiting'];
      await toReader();
      fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
      expect((await screen.findByRole('alert')).textContent).toBe('The card payment was cancelled. You have not been charged.');
      expect(calls.filter((c) => c.url.endsWith('/cancel') && c.method === 'POST')).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 1, name: 'Your basket' })).toBeTruthy();
      // Nothing more is asked of the reader once it answered.
      const asked = polls();
      await vi.advanceTimersByTimeAsync(3000);
      expect(polls()).toBe(asked);
    });
  });
});
