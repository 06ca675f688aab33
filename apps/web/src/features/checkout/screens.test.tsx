// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import i18next from 'i18next';
import { useToastStore } from '../../lib/toast/store.ts';
import { renderScreen } from '../../lib/testing/render-screen.tsx';
import BookingConfirmedScreen from './BookingConfirmedScreen.tsx';
import CheckoutScreen from './CheckoutScreen.tsx';
import { savePendingChallenge } from './pending.ts';

/** Confirmation and the return from a 3-D Secure challenge, at the HTTP boundary. */
const locales = path.resolve(import.meta.dirname, '../../../public/locales/en-GB');
const ns = (name: string) => JSON.parse(fs.readFileSync(path.join(locales, `${name}.json`), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  await i18next.init({ lng: 'en-GB', resources: { 'en-GB': { common: ns('common'), checkout: ns('checkout') } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  URL.createObjectURL ??= () => 'blob:calendar';
  URL.revokeObjectURL ??= () => undefined;
});

type Call = { method: string; url: string; body: Record<string, unknown> | undefined };
let calls: Call[];
let answer: (call: Call) => Response;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { method: init?.method ?? 'GET', url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
    calls.push(call);
    return answer(call);
  });
  document.cookie = 'logged_in_bookings=1; path=/';
  useToastStore.setState({ toasts: [] });
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'logged_in_bookings=; path=/; max-age=0';
});

const show = renderScreen;

const order = {
  complete_order_id: 'ord-1', reference: 'BK-7QX2', status: 'completed', source: 'activity-booking', completed_at: '2026-11-22T21:00:00Z', total: 1450, formatted_total: '£14.50', // fixed-date: only shown on the confirmation
  bookings: [
    {
      // fixed-date: only shown on the confirmation, never compared with the clock
      id: 1, name: 'Kettlebell Blast', person: { id: 53, first_name: 'Olivia', last_name: 'Morgan' }, date: '2026-11-23', starts_at: '', ends_at: '',
      starts_at_clock: { format_24_hour: '07:15', format_12_hour: '' }, ends_at_clock: { format_24_hour: '07:45', format_12_hour: '' },
      venue: { slug: 'bury', name: 'Bury Leisure Centre' }, location: { name: 'Studio 1' }, price: { raw: 650, formatted: '£6.50' }, status: 'booked',
    },
  ],
  discount: null,
  payments: [{ tender_type: 'card', amount: 1450, formatted_amount: '£14.50', card: { brand: 'visa', last_four: '4242' } }],
  calendar_url: '/api/checkout/orders/ord-1/calendar.ics',
};

describe('booking confirmed', () => {
  it('shows the reference, each booking with person, date, time and venue, the calendar file and links onward', async () => {
    answer = (call) =>
      call.url.endsWith('/calendar.ics') ? new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { headers: { 'content-type': 'text/calendar' } }) : json({ data: order });
    show('/booking-confirmed/ord-1', <Route path="/booking-confirmed/:completeOrderId" element={<BookingConfirmedScreen />} />);
    expect((await screen.findByTestId('order-reference')).textContent).toBe('BK-7QX2');
    const booking = screen.getByTestId('confirmed-booking');
    expect(booking.textContent).toContain('For Olivia Morgan');
    expect(booking.textContent).toContain('Mon, 23 Nov 2026, 07:15–07:45');
    expect(booking.textContent).toContain('Bury Leisure Centre, Studio 1');
    expect(screen.getByText('Visa ending 4242')).toBeTruthy();
    const calendar = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(calendar.getAttribute('download')).toBe('booking-BK-7QX2.ics');
    expect(calls.map((call) => call.url)).toContain('/api/checkout/orders/ord-1/calendar.ics');
    expect(screen.getByRole('link', { name: 'Book another activity' }).getAttribute('href')).toBe('/redirect-to-selected-venue');
    expect(screen.getByRole('link', { name: 'Go to my account' })).toBeTruthy();
  });

  it('shows every way it was paid (credit as well as the card) and the discount code used (issue 21)', async () => {
    const paid = {
      ...order,
      total: 1450,
      discount: { code: 'WELCOME10', amount: { raw: 161, formatted: '£1.61' } },
      payments: [
        { tender_type: 'general-credit', amount: 310, formatted_amount: '£3.10', card: null },
        { tender_type: 'card', amount: 1140, formatted_amount: '£11.40', card: { brand: 'visa', last_four: '4242' } },
      ],
    };
    answer = (call) => (call.url.endsWith('/calendar.ics') ? new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n') : json({ data: paid }));
    show('/booking-confirmed/ord-1', <Route path="/booking-confirmed/:completeOrderId" element={<BookingConfirmedScreen />} />);
    const paidWith = await screen.findByTestId('paid-with');
    expect([...paidWith.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Account credit£3.10', 'Visa ending 4242£11.40']);
    expect(screen.getByTestId('order-totals').textContent).toBe('Discount (WELCOME10)−£1.61Total paid£14.50');
  });

  it('an unknown or foreign order reads as not found', async () => {
    answer = () => json({ message: 'Unable to complete request, item not found.' }, 404);
    show('/booking-confirmed/nope', <Route path="/booking-confirmed/:completeOrderId" element={<BookingConfirmedScreen />} />);
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that order" })).toBeTruthy();
  });
});

const cartBody = { data: { id: 1, items: [{ id: 11 }], credits: { general: { total_available: 0, max_applicable: 0 }, membership: { total_available: 0, max_applicable: 0 } }, payments: [], total: 800 } };
const checkoutRoutes = (
  <>
    <Route path="/basket/checkout" element={<CheckoutScreen />} />
    <Route path="/booking-confirmed/:id" element={<p>confirmed page</p>} />
  </>
);
const uuid = '0b7c5f5e-2f0e-4f5c-9a55-8e4a0d0c1a11';

describe('back from the 3-D Secure challenge', () => {
  it('approved: completes with what was kept before leaving, once', async () => {
    savePendingChallenge({ transactionUuid: uuid, completedWaivers: [4], payments: [{ tenderType: 'card', amount: 800 }], terms: [3], itemHash: 'h1' });
    answer = (call) =>
      call.url === '/api/checkout/complete'
        ? json({ data: { complete_order_id: 'ord-9', reference: 'BK-9' }, complete_order_id: 'ord-9', reference: 'BK-9', message: '' })
        : json(cartBody);
    show(`/basket/checkout?transaction_uuid=${uuid}&status=approved`, checkoutRoutes);
    await screen.findByText('confirmed page');
    const completes = calls.filter((call) => call.url === '/api/checkout/complete');
    expect(completes).toHaveLength(1);
    expect(completes[0]!.body).toMatchObject({ transaction_uuid: uuid, completed_waivers: [4], terms: [3], payments: [{ tender_type: 'card', amount: 800 }] });
    expect(useToastStore.getState().toasts.map((toast) => toast.content)).toContain('Order completed Successfully.');
    expect(sessionStorage.length).toBe(0);
  });

  it('declined: says so, completes nothing, and offers the form again', async () => {
    savePendingChallenge({ transactionUuid: uuid, completedWaivers: [], payments: [], terms: [3], itemHash: 'h1' });
    answer = () => json(cartBody);
    show(`/basket/checkout?transaction_uuid=${uuid}&status=declined`, checkoutRoutes);
    // Issue 21: a declined 3-D Secure check has its own words (not the generic failure), focused, with what to do.
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Your bank did not confirm this payment in its security check (3-D Secure), so the payment was declined.');
    const failure = screen.getByTestId('payment-failure');
    await waitFor(() => expect(document.activeElement).toBe(failure));
    expect(failure.textContent).toContain('No money was taken from your card.');
    expect(calls.some((call) => call.url === '/api/checkout/complete')).toBe(false);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

