// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { useToastStore } from '../../lib/toast/store.ts';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import type { CartDto, CartItemDto } from '@app/contract/cart/cart';
import type { CheckoutPrepareDto } from '@app/contract/checkout/prepare';
import type { CartQuestionsResponse } from '@app/contract/questions/questions';
import type { TermDto } from '@app/contract/terms/terms';
import CheckoutScreen from './CheckoutScreen.tsx';

/** The checkout screen against a fake HTTP boundary (only `fetch` is replaced). */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({
    lng: 'en-GB',
    resources: { 'en-GB': { common: ns('common'), checkout: ns('checkout') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const item = {
  id: 11,
  name: 'Spin 45',
  type: 'purchasableOccurrence',
  cartable_id: 101,
  cartable_uuid: 'u101',
  cartable_resource: {
    starts_at: '2026-11-23T12:30:00Z', // fixed-date: only shown on the order
    ends_at: '2026-11-23T13:15:00Z', // fixed-date: only shown on the order
    // fixed-date: only shown on the order; the hold's expires_at (2099) is what is compared with now
    date: '2026-11-23',
    starts_at_clock: { format_24_hour: '12:30', format_12_hour: '12:30pm' },
    ends_at_clock: { format_24_hour: '13:15', format_12_hour: '1:15pm' },
    location: { name: 'Cycle Studio' },
    venue: { slug: 'bury', name: 'Bury Leisure Centre' },
    category: { slug: 'spin', name: 'Spin' },
    kind: 'class',
  },
  purchased_for_user_id: 51,
  purchased_for: { id: 51, first_name: 'Alex', last_name: 'Morgan' },
  pricing_option_id: 7,
  pricing_option_name: 'Standard',
  price: { raw: 800, formatted: '£8.00', benefit_applied: false, package_applied: false },
  covered_by: null,
  status: 'held',
  expires_at: '2099-01-01T00:00:00Z', // fixed-date: a hold and a payment session that do not run out during the test
  origin: 'customer',
  sort_by: '1',
  enable_print_receipt: false,
} satisfies CartItemDto;
const credit = (type: 'general' | 'membership', total: number) => ({ type, total_available: total, max_applicable: Math.min(total, 800) });
const cart = (generalCredit = 5000) => ({
  id: 1, uuid: 'c', source: 'activity-booking', items: [item], item_count: 1, total: 800, sub_total: 800, tax_total: 0, balance: 800,
  formatted_total: '£8.00', formatted_balance: '£8.00', credits: { general: credit('general', generalCredit), membership: credit('membership', 0) },
  attendee_waivers_required: 0, payments: [], selected_user_id: 51, complete_order_id: null, expires_at: '2099-01-01T00:00:00Z', itemHash: 'h1', item_hash: 'h1', // fixed-date: a hold and a payment session that do not run out during the test
}) satisfies CartDto;
const questions = [
  {
    cart_item_id: 11, occurrence_id: 101, occurrence_uuid: 'u101', activity_name: 'Spin 45', purchased_for_user_id: 51, answers: [],
    questions: [{ id: 5, label: 'Do you need a bike set-up?', type: 'select', options: ['Yes', 'No'], required: true }],
  },
] satisfies CartQuestionsResponse['data'];
const prepare = { payment_provider: 'simulator', session_key: 'sk1', mode: 'test', tokenise_url: '/simulator/card-identifiers', session_expires_at: '2099-01-01T00:00:00Z', saved_card: null, saved_cards: [] } satisfies CheckoutPrepareDto; // fixed-date: a hold and a payment session that do not run out during the test
const terms = [{ id: 3, title: 'Booking terms', label: 'I accept the booking terms and conditions', body: 'Terms.', url: null, required: true }] satisfies TermDto[];

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let answer: (call: Call) => Response | undefined;
/** The customer's general credit in the default cart (pence); credit that covers the order hides the card form (issue 21). */
let generalCredit = 0;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  answer = () => undefined;
  generalCredit = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
      calls.push(call);
      const special = answer(call);
      if (special) return special;
      if (call.url === '/api/activities/cart') return json({ data: cart(generalCredit) });
      if (call.url.startsWith('/api/terms')) return json({ data: terms });
      if (call.url === '/api/checkout/prepare') return json({ ...prepare, data: prepare });
      if (call.url === '/api/activities/cart/1/questions') return json({ data: questions });
      if (call.url.startsWith('/api/activities/question-waivers')) return json({ data: [], attendee_waivers_required: 0 });
      if (call.url === '/api/activities/101/questions/answers') return json({ data: { cart_item_ids: [11], answers: [] } });
      if (call.url === '/simulator/card-identifiers') return json({ card_identifier: 'card_abc', brand: 'visa', last_four: '4242', expiry: '12/34' });
      if (call.url === '/api/checkout/authorise') {
        const data = { transaction_uuid: '0b7c5f5e-2f0e-4f5c-9a55-8e4a0d0c1a11', transaction_status: 'authorised', sca_url: null, sca_data: null, amount: 800 };
        return json({ ...data, data });
      }
      if (call.url === '/api/checkout/complete') {
        const data = { complete_order_id: 'ord-1', reference: 'BK-1', total: 800, formatted_total: '£8.00', booking_ids: [1] };
        return json({ data, complete_order_id: 'ord-1', reference: 'BK-1', message: 'Order completed Successfully.' });
      }
      if (call.url === '/api/credits/apply') {
        const amount = ((call.body!.credits_to_reserve as { amount: number }[])[0]!).amount;
        const data = { reserved: true, amount, reservations: [{ type: 'general', amount }], credits: { general: credit('general', generalCredit), membership: credit('membership', 0) } };
        return json({ ...data, data, message: 'Credit successfully applied.' });
      }
      if (call.url === '/api/auth/user') return json({ data: { id: 1, membership_user: { id: 51, first_name: 'Alex', last_name: 'Morgan' }, membership_users: [] } });
      return json({ data: { id: 1, currency: { symbol: '£' } } });
    }),
  );
  document.cookie = 'logged_in_bookings=1; path=/';
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
});

const show = () =>
  renderScreen(
    '/basket/checkout',
    <>
      <Route path="/basket/checkout" element={<CheckoutScreen />} />
      <Route path="/booking-confirmed/:id" element={<p>confirmed page</p>} />
    </>,
  );

const toasts = () => useToastStore.getState().toasts.map((toast) => toast.content);
const fillCard = (number = '4242 4242 4242 4242') => {
  fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText(/^Expiry date/), { target: { value: '1234' } });
  fireEvent.change(screen.getByLabelText(/^Security code/), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Alex Morgan' } });
};
const ready = async () => {
  show();
  await screen.findByLabelText('Do you need a bike set-up?');
  await screen.findByRole('checkbox', { name: /terms/ });
};
const pay = () => fireEvent.click(screen.getByRole('button', { name: /^Pay £8\.00/ }));

describe('checkout screen', () => {
  it('shows the order with person, date, time, venue and price, and the time left', async () => {
    await ready();
    const row = screen.getByTestId('checkout-item');
    expect(within(row).getByText('For Alex Morgan')).toBeTruthy();
    expect(row.textContent).toContain('12:30–13:15');
    expect(row.textContent).toContain('Bury Leisure Centre, Cycle Studio');
    expect(row.textContent).toContain('£8.00');
    expect(screen.getByTestId('checkout-time-left').textContent).toMatch(/Places held for \d+:\d\d/);
  });

  it('enforces required answers, card fields and terms: Required, linked, focused, nothing sent', async () => {
    await ready();
    pay();
    const question = screen.getByLabelText('Do you need a bike set-up?');
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(question.getAttribute('aria-describedby')!)!.textContent).toContain('Required');
    const cardNumber = screen.getByLabelText('Card number');
    expect(cardNumber.getAttribute('aria-invalid')).toBe('true');
    expect(cardNumber.getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText(/^Expiry date/).getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText(/^Security code/).getAttribute('autocomplete')).toBe('cc-csc');
    expect(screen.getByLabelText('Name on card').getAttribute('autocomplete')).toBe('cc-name');
    expect(screen.getByRole('checkbox', { name: /terms/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST' && /authorise|complete|card-identifiers|answers/.test(call.url))).toBe(false);
    // Answering clears that error.
    fireEvent.change(question, { target: { value: 'Yes' } });
    expect(question.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the card only to the provider, authorises with the 3-D Secure browser fields, completes and confirms', async () => {
    await ready();
    fireEvent.change(screen.getByLabelText('Do you need a bike set-up?'), { target: { value: 'Yes' } });
    fillCard();
    fireEvent.click(screen.getByRole('checkbox', { name: /terms/ }));
    pay();
    await screen.findByText('confirmed page');
    expect(toasts()).toContain('Order completed Successfully.');

    const tokenise = calls.find((call) => call.url === '/simulator/card-identifiers')!;
    expect(tokenise.body).toMatchObject({ session_key: 'sk1', card_number: '4242424242424242', expiry_date: '12/34', security_code: '123' });
    const apiCalls = calls.filter((call) => call.url.startsWith('/api/'));
    expect(JSON.stringify(apiCalls)).not.toContain('4242424242424242');
    expect(calls.find((call) => call.url === '/api/activities/101/questions/answers')!.body).toMatchObject({ cart_item_id: 11, answers: [{ question_id: 5, value: 'Yes' }] });
    const authorise = calls.find((call) => call.url === '/api/checkout/authorise')!.body!;
    expect(authorise).toMatchObject({
      card_identifier: 'card_abc',
      card_holder_name: 'Alex Morgan',
      session_key: 'sk1',
      source: 'activity-booking',
      terms: [3],
      payments: [{ tender_type: 'card', amount: 800 }],
      browser_javascript_enabled: true,
      browser_java_enabled: false,
      save_card: false,
    });
    for (const field of ['browser_color_depth', 'browser_language', 'browser_screen_height', 'browser_screen_width', 'browser_timezone']) {
      expect(authorise).toHaveProperty(field);
    }
    expect(calls.find((call) => call.url === '/api/checkout/complete')!.body).toMatchObject({
      transaction_uuid: '0b7c5f5e-2f0e-4f5c-9a55-8e4a0d0c1a11',
      payments: [{ tender_type: 'card', amount: 800 }],
      item_hash: 'h1',
    });
  });

  it('a decline shows the server message, keeps the basket and lets the customer try again', async () => {
    answer = (call) => (call.url === '/api/checkout/authorise' ? json({ message: 'Your card was declined. Please try another card.' }, 402) : undefined);
    await ready();
    fireEvent.change(screen.getByLabelText('Do you need a bike set-up?'), { target: { value: 'Yes' } });
    fillCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms/ }));
    pay();
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Your card was declined. Please try another card.');
    expect(toasts()).toContain('Your card was declined. Please try another card.');
    // Issue 21: focus lands on what happened, which says no money was taken, until when the places are held, and what to try.
    const failure = screen.getByTestId('payment-failure');
    await waitFor(() => expect(document.activeElement).toBe(failure));
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.textContent).toContain('No money was taken from your card.');
    expect(failure.textContent).toMatch(/Your places are still held for you until \d\d:\d\d\./);
    expect(failure.textContent).toContain('try another card');
    expect(screen.getByTestId('checkout-item')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^Pay £8\.00/ }) as HTMLButtonElement).disabled).toBe(false);
    expect(calls.some((call) => call.url === '/api/checkout/complete')).toBe(false);
  });

  it('a failure without a message reads Unable to complete your order, please try again.', async () => {
    answer = (call) => (call.url === '/api/checkout/complete' ? new Response('', { status: 500 }) : undefined);
    await ready();
    fireEvent.change(screen.getByLabelText('Do you need a bike set-up?'), { target: { value: 'Yes' } });
    fillCard();
    fireEvent.click(screen.getByRole('checkbox', { name: /terms/ }));
    pay();
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Unable to complete your order, please try again.');
  });

  it('shows a busy pay button while the payment is processing', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The provider answers once the test has looked at the busy button.
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/simulator/card-identifiers') await held;
      return original(input, init);
    });
    await ready();
    fireEvent.change(screen.getByLabelText('Do you need a bike set-up?'), { target: { value: 'Yes' } });
    fillCard();
    fireEvent.click(screen.getByRole('checkbox', { name: /terms/ }));
    pay();
    const busy = await screen.findByRole('button', { name: 'Processing payment…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release();
    await screen.findByText('confirmed page');
  });

  it('applies credit with its toast; credit that covers the order completes with no card', async () => {
    generalCredit = 5000;
    await ready();
    const panel = screen.getByTestId('credit-general');
    expect(panel.textContent).toContain('£50.00');
    // Credit first (issue 21): the card form waits until asked for.
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByTestId('credit-covers').textContent).toContain('no card is needed');
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply account credit' }));
    await waitFor(() => expect(toasts()).toContain('Credit successfully applied.'));
    // Focus moves to what happened; Available goes down by what was applied.
    const status = screen.getByTestId('credit-status');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('£8.00 of account credit applied. Your credit covers this order: no card is needed.');
    expect(screen.getByTestId('credit-general-available').textContent).toBe('£42.00');
    expect(calls.find((call) => call.url === '/api/credits/apply')!.body).toMatchObject({ credits_to_reserve: [{ amount: 800, type: 'general' }], cart_source: 'activity-booking' });
    expect(screen.getByTestId('order-balance').textContent).toBe('£0.00');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    fireEvent.change(screen.getByLabelText('Do you need a bike set-up?'), { target: { value: 'No' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with credit and complete order' }));
    await screen.findByText('confirmed page');
    expect(calls.some((call) => /authorise|card-identifiers/.test(call.url))).toBe(false);
    expect(calls.find((call) => call.url === '/api/checkout/complete')!.body).toMatchObject({
      payments: [{ tender_type: 'general-credit', amount: 800 }],
      transaction_uuid: null,
    });
  });

  it.each([
    ['the server message', json({ message: 'You only have £2.00 of credit.' }, 400), 'You only have £2.00 of credit.'],
    ['Credit amount could not be applied. without one', new Response('', { status: 500 }), 'Credit amount could not be applied.'],
  ])('a refused credit shows %s', async (_name, response, text) => {
    generalCredit = 5000;
    answer = (call) => (call.url === '/api/credits/apply' ? response : undefined);
    await ready();
    fireEvent.click(within(screen.getByTestId('credit-general')).getByRole('button', { name: /^Apply/ }));
    await waitFor(() => expect(toasts()).toContain(text));
    const status = screen.getByTestId('credit-status');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(status.getAttribute('role')).toBe('alert');
    expect(status.textContent).toBe(text);
    expect(screen.getByTestId('order-balance').textContent).toBe('£8.00');
  });

  it('a waiver that cannot be signed stops the order with the spec message', async () => {
    const waiver = { restriction_id: 9, title: 'HIIT waiver', body: 'Own risk.', membership_user_id: 51, person: { id: 51, first_name: 'Alex', last_name: 'Morgan' }, signed: false, waiver_id: null };
    answer = (call) => {
      if (call.url.startsWith('/api/activities/question-waivers') && call.method === 'GET') return json({ data: [waiver], attendee_waivers_required: 1 });
      if (call.url === '/api/activities/question-waivers') return json({ message: 'nope' }, 500);
      return undefined;
    };
    await ready();
    await screen.findByTestId('waiver');
    fireEvent.change(screen.getByLabelText('Do you need a bike set-up?'), { target: { value: 'Yes' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /agree to it on behalf of Alex/ }));
    fireEvent.change(screen.getByLabelText('Type your full name to sign'), { target: { value: 'Alex Morgan' } });
    fillCard();
    fireEvent.click(screen.getByRole('checkbox', { name: /terms/ }));
    pay();
    await waitFor(() => expect(toasts()).toContain('Error with waivers, unable to complete order, please try again'));
    expect(calls.some((call) => call.url === '/api/checkout/authorise')).toBe(false);
  });

  it('credit that covers the order: Pay by card instead shows the card form and pays by card', async () => {
    generalCredit = 5000;
    await ready();
    expect(screen.queryByRole('button', { name: /^Pay £8\.00/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card instead' }));
    fireEvent.change(screen.getByLabelText('Do you need a bike set-up?'), { target: { value: 'Yes' } });
    fillCard();
    fireEvent.click(screen.getByRole('checkbox', { name: /terms/ }));
    pay();
    await screen.findByText('confirmed page');
    expect(calls.find((call) => call.url === '/api/checkout/authorise')!.body).toMatchObject({ payments: [{ tender_type: 'card', amount: 800 }] });
  });

  it('credit that covers part: the card form shows with what is left for it, before and after applying', async () => {
    generalCredit = 310;
    await ready();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(screen.getByTestId('card-due').textContent).toBe('Your credit can pay £3.10 of this order; the remaining £4.90 is paid by card.');
    fireEvent.click(within(screen.getByTestId('credit-general')).getByRole('button', { name: 'Apply account credit' }));
    const status = await screen.findByTestId('credit-status');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(status.textContent).toBe('£3.10 of account credit applied. £4.90 is left to pay by card.');
    expect(screen.getByTestId('card-due').textContent).toBe('Left to pay by card: £4.90');
    expect(screen.getByTestId('credit-general-available').textContent).toBe('£0.00');
    expect(screen.getByRole('button', { name: /^Pay £4\.90/ })).toBeTruthy();
  });

  it('the order summary shows the discount code line between the subtotal and the total (issue 21)', async () => {
    answer = (call) =>
      call.url === '/api/activities/cart'
        ? json({ data: { ...cart(0), total: 720, balance: 720, discount: { code: 'WELCOME10', description: '10% off', amount: { raw: 80, formatted: '£0.80' } }, discount_total: 80 } })
        : undefined;
    await ready();
    expect(screen.getByTestId('order-discount').textContent).toBe('−£0.80');
    expect(screen.getByText('Discount (WELCOME10)')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('£7.20');
  });
});
