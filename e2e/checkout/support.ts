import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bookableDates, dayEntries, holdViaApi } from '../support/customer.ts';

/**
 * Checkout journeys hold places in the demo customer's basket under the basket journeys' lock
 * (`lockCustomerBasket` in e2e/support/customer.ts); these helpers add what checkout needs.
 */

/** A bookable class of `activity` (tomorrow onwards), optionally by name, with more than one place left. */
export const findBookable = async (request: APIRequestContext, token: string, activity: string, { name }: { name?: string } = {}) => {
  for (const date of (await bookableDates(request, activity, token)).slice(1)) {
    const entry = (await dayEntries(request, activity, date, token)).find(
      (candidate) => candidate.action_to_show.status === 'BOOK' && candidate.spaces_remaining > 1 && (!name || candidate.name === name),
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

/** A family member of the demo customer by first name (GET auth/user membership_users). */
export const familyMember = async (request: APIRequestContext, token: string, firstName: string) => {
  const response = await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await response.json()) as { data: { membership_users: { id: number; first_name: string }[] } };
  const person = data.membership_users.find((candidate) => candidate.first_name === firstName);
  expect(person, `family member ${firstName}`).toBeTruthy();
  return person!.id;
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
