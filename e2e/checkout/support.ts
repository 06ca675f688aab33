import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_CHECKOUT } from '../../apps/api/src/db/seed/checkout.ts';
import { bookableDates, dayEntries, holdViaApi } from '../support/customer.ts';

/**
 * What checkout journeys need beyond e2e/support/customer.ts: each holds places in the basket of
 * a customer of its own (`newCustomer`), or, for the demo customer's seeded credit and
 * membership, in the demo customer's (demo-customer.spec.ts, the only journeys that change it).
 */

/** Classes whose checkout asks more (the demo's questions and waiver): only picked by name. */
const ASKS_MORE = new Set<string>([DEMO_CHECKOUT.questionsActivity, DEMO_CHECKOUT.waiverActivity]);

/** Whether checkout of the class named `name` asks no questions and needs no waiver. */
export const asksNothingMore = (name: string) => !ASKS_MORE.has(name);

/**
 * A bookable class of `activity` (tomorrow onwards) with more than one place left: the one named,
 * or else the first that asks no questions and needs no waiver (which class comes first depends on
 * the weekday, so a journey run on another day must not meet a waiver it does not sign).
 */
export const findBookable = async (request: APIRequestContext, token: string, activity: string, { name }: { name?: string } = {}) => {
  for (const date of (await bookableDates(request, activity, token)).slice(1)) {
    const entry = (await dayEntries(request, activity, date, token)).find(
      (candidate) =>
        candidate.action_to_show.status === 'BOOK' && candidate.spaces_remaining > 1 && (name ? candidate.name === name : asksNothingMore(candidate.name)),
    );
    if (entry) return entry;
  }
  throw new Error(`No bookable ${name ?? activity} class in the demo week`);
};

/** Holds a class for the customer (null) or one of their family. */
export const hold = async (
  request: APIRequestContext,
  token: string,
  entry: Awaited<ReturnType<typeof findBookable>>,
  purchasedForUserId: number | null = null,
) => {
  if (purchasedForUserId === null) return holdViaApi(request, token, entry);
  const response = await request.post('/api/activities/cart/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { items: [{ id: entry.id, type: entry.cart_type, purchased_for_user_id: purchasedForUserId, pricing_option_id: entry.pricing_option_id }], selected_user_id: null },
  });
  expect(response.status(), await response.text()).toBe(200);
};

/** Fills the card form (any future expiry, any three-digit security code: README test cards). */
export const fillCard = async (page: Page, number: string) => {
  // The simulator's test-mode note shows once prepare (which lists saved cards) has answered;
  // a saved card is offered first once the customer has one.
  await expect(page.getByText(/^Test mode:/)).toBeVisible();
  const newCard = page.getByRole('radio', { name: 'A new card' });
  if ((await newCard.count()) > 0) await newCard.check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Alex Morgan');
};

export const acceptTerms = (page: Page) => page.getByRole('checkbox', { name: /terms/ }).check();

export const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** The order completed: the toast, the confirmation page with its reference, `bookings` bookings and the calendar link. */
export const expectConfirmation = async (page: Page, bookings: number) => {
  // Completing spans the provider's capture, the order's transaction and the move to the
  // confirmation page; on a loaded 2-core machine that passed 7.5 s (the toast came just after).
  await expect(toast(page, 'Order completed Successfully.')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/booking-confirmed\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  await expect(page.getByTestId('order-reference')).toHaveText(/\S{4,}/);
  await expect(page.getByTestId('confirmed-booking')).toHaveCount(bookings);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download', /\.ics$/);
};

/** The customer's basket paid by card (4242…, no 3-D Secure challenge) through the API, as the checkout screen would: the complete answer. `saveCard`: kept as the customer's saved card. */
export const payBasketByCard = async (request: APIRequestContext, token: string, { saveCard = false }: { saveCard?: boolean } = {}) => {
  const cart = (await (await request.get('/api/activities/cart', { headers: { authorization: `Bearer ${token}` } })).json()).data as { total: number; item_hash: string };
  const prepared = await (await request.get('/api/checkout/prepare', { headers: { authorization: `Bearer ${token}` } })).json();
  const card = await request.post('/simulator/card-identifiers', {
    data: { session_key: prepared.session_key, card_number: '4242 4242 4242 4242', expiry_date: '12/34', security_code: '123', card_holder_name: 'Jo Marsden' },
  });
  expect(card.status()).toBe(200);
  const terms = ((await (await request.get('/api/terms', { headers: { authorization: `Bearer ${token}` } })).json()).data as { id: number }[]).map((term) => term.id);
  const payments = [{ tender_type: 'card', amount: cart.total }];
  const browser = { browser_color_depth: 24, browser_java_enabled: false, browser_javascript_enabled: true, browser_language: 'en-GB', browser_screen_height: 900, browser_screen_width: 1440, browser_timezone: 0 };
  const authorised = await request.post('/api/checkout/authorise', {
    headers: { authorization: `Bearer ${token}` },
    data: { payments, session_key: prepared.session_key, card_identifier: (await card.json()).card_identifier, card_holder_name: 'Jo Marsden', source: 'activity-booking', terms, completed_waivers: [], save_card: saveCard, ...browser },
  });
  expect(authorised.status(), await authorised.text()).toBe(200);
  const done = await request.post('/api/checkout/complete', {
    headers: { authorization: `Bearer ${token}` },
    data: { transaction_uuid: (await authorised.json()).transaction_uuid, payments, source: 'activity-booking', terms, completed_waivers: [] },
  });
  expect(done.status(), await done.text()).toBe(200);
  return (await done.json()) as { complete_order_id: string; data: { booking_ids: number[] } };
};
