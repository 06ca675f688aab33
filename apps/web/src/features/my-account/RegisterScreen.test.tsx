// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import RegisterScreen from './RegisterScreen.tsx';

/** Sign-up on the bookings site at the HTTP boundary (only fetch is replaced): what it sends. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), account: ns('account') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
    calls.push(call);
    if (call.url.startsWith('/api/auth/customer/register')) return json({ status: 'success', token: null, data: { token: null, message: 'Check your inbox.' } }, 201);
    if (call.url === '/api/activities/venues') return json({ data: [{ id: 4, slug: 'bury-leisure-centre', name: 'Bury Leisure Centre' }] });
    return json({ data: { id: 7, currency: { symbol: '£' } } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-up from the bookings site', () => {
  it('sends onboarding_type=customer_account_online (spec §9) with the client id and the source', async () => {
    renderScreen('/register', <Route path="/register" element={<RegisterScreen />} />);
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
    await screen.findByRole('option', { name: 'Bury Leisure Centre' });
    fill('First name', 'Jamie');
    fill('Last name', 'Rivers');
    fill('Email address', 'jamie@example.com');
    // fixed-date: a date of birth, never compared with today beyond "not in the future"
    fill('Date of birth', '1990-04-01');
    fill('Phone number', '07700 900123');
    fill('Address line 1', '1 Mill Street');
    fill('Town or city', 'Bury');
    fill('Postcode', 'BL9 0AA');
    fill('Home venue', '4');
    fill('Password', 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/auth/customer/register'))).toBe(true));
    const request = calls.find((call) => call.url.startsWith('/api/auth/customer/register'))!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/auth/customer/register?onboarding_type=customer_account_online');
    expect(request.body).toMatchObject({ client_id: 7, source: 'bookings', first_name: 'Jamie', home_venue_id: 4 });
  });
});
