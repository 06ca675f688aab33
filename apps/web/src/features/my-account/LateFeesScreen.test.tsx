// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import type { LateFeeDto, PayLateFeesResponse } from '@app/contract/bookings/late-fees';
import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import type { CheckoutPrepareDto } from '@app/contract/checkout/prepare';
import { useToastStore } from '../../lib/toast/store.ts';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import LateFeesScreen from './LateFeesScreen.tsx';

/** The late-fees screen paying by card through checkout's useCardPayment, at the HTTP boundary (only fetch is replaced). */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), 'my-account': ns('my-account'), checkout: ns('checkout') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const fee = {
  id: 4, booking_id: 9, activity_name: 'Spin 45', venue_name: 'Bury Leisure Centre',
  // fixed-date: the fee's session, only shown (a fee is owed whatever the date)
  date: '2026-11-23',
  time: '18:00', amount: 200, formatted_amount: '£2.00', created_at: '',
} satisfies LateFeeDto;
const prepare = { payment_provider: 'simulator', session_key: 'sk1', mode: 'test', tokenise_url: '/simulator/card-identifiers', session_expires_at: '', saved_card: null, saved_cards: [] } satisfies CheckoutPrepareDto;
const authorised = { transaction_uuid: '0b7c5f5e-2f0e-4f5c-9a55-8e4a0d0c1a11', transaction_status: 'authorised', sca_url: null, sca_data: null, amount: 200 } satisfies CheckoutAuthoriseDto;
const paid = {
  data: { paid: 1, amount: 200, formatted_amount: '£2.00', tender_type: 'card', credit_balance: null, complete_order_id: 'ord-7', reference: 'LF-7' },
  message: 'Paid.',
} satisfies PayLateFeesResponse;

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let declined: boolean;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  declined = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
    calls.push(call);
    if (call.url === '/api/dashboard/late-cancellation-fees') return json({ data: [fee], total: 200, formatted_total: '£2.00' });
    if (call.url === '/api/dashboard/credit') return json({ data: { balance: 0, formatted_balance: '£0.00' } });
    if (call.url === '/api/checkout/prepare') return json({ ...prepare, data: prepare });
    if (call.url === '/simulator/card-identifiers') return json({ card_identifier: 'card_abc', brand: 'visa', last_four: '4242', expiry: '12/34' });
    if (call.url === '/api/dashboard/late-cancellation-fees/authorise') {
      return declined ? json({ message: 'Your card was declined. Please try another card.' }, 402) : json({ data: authorised });
    }
    if (call.url === '/api/dashboard/late-cancellation-fees/pay') return json(paid);
    if (call.url === '/api/auth/user') return json({ data: { id: 1, membership_user: { id: 51, first_name: 'Alex', last_name: 'Morgan' }, membership_users: [] } });
    return json({ data: {} });
  });
  document.cookie = 'logged_in_bookings=1; path=/';
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
});

const payByCard = async () => {
  renderScreen(
    '/late-fees',
    <>
      <Route path="/late-fees" element={<LateFeesScreen />} />
      <Route path="/payments/:id" element={<p>receipt page</p>} />
    </>,
  );
  await screen.findByText(/^Test mode:/);
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
  fireEvent.change(screen.getByLabelText(/^Expiry date/), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText(/^Security code/), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Alex Morgan' } });
  fireEvent.click(screen.getByRole('button', { name: /^Pay £2\.00 by card/ }));
};

describe('late fees paid by card (useCardPayment)', () => {
  it('tokenises at the provider, authorises the total shown, pays with the transaction and shows the receipt', async () => {
    await payByCard();
    await screen.findByText('receipt page');
    const apiCalls = calls.filter((call) => call.url.startsWith('/api/'));
    expect(JSON.stringify(apiCalls)).not.toContain('4242424242424242');
    expect(calls.find((call) => call.url === '/api/dashboard/late-cancellation-fees/authorise')!.body).toMatchObject({
      amount: 200,
      session_key: 'sk1',
      card_identifier: 'card_abc',
      card_holder_name: 'Alex Morgan',
      return_path: '/late-fees',
      browser_javascript_enabled: true,
    });
    expect(calls.find((call) => call.url === '/api/dashboard/late-cancellation-fees/pay')!.body).toEqual({ transaction_uuid: authorised.transaction_uuid });
  });

  it('a decline shows the server message and fetches a fresh session key', async () => {
    declined = true;
    await payByCard();
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Your card was declined. Please try another card.');
    expect(calls.some((call) => call.url.endsWith('/pay'))).toBe(false);
    await vi.waitFor(() => expect(calls.filter((call) => call.url === '/api/checkout/prepare').length).toBe(2));
  });
});
