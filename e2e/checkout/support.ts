import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Checkout journeys hold places in the demo customer's basket. They take the same lock as the
 * basket journeys (a directory made atomically in the run's data directory), so no two workers
 * change that basket at once.
 */
const lockDir = () => path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'customer-basket.lock');
const tryLock = () => {
  try {
    fs.mkdirSync(lockDir());
    return true;
  } catch {
    return false;
  }
};
export const lockBasket = async () => {
  await expect.poll(tryLock, { message: 'the demo customer basket lock', timeout: 120_000, intervals: [250] }).toBe(true);
};
export const unlockBasket = () => fs.rmSync(lockDir(), { recursive: true, force: true });

const VENUE = 'bury-leisure-centre';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

type Entry = { id: number | string; name: string; cart_type: string; pricing_option_id: number; spaces_remaining: number; action_to_show: { status: string | null } };

export const clearBasket = async (request: APIRequestContext, token: string) => {
  const response = await request.delete('/api/activities/cart', { headers: auth(token) });
  expect(response.ok(), await response.text()).toBe(true);
};

/** A bookable class of `activity` (tomorrow onwards), optionally by name, that `skip` has not used. */
export const findClass = async (request: APIRequestContext, token: string, activity: string, { name, skip = [] }: { name?: string; skip?: (number | string)[] } = {}) => {
  const datesResponse = await request.get(`/api/activities/venue/${VENUE}/activity-category/${activity}/dates`, { headers: auth(token) });
  expect(datesResponse.ok()).toBe(true);
  const dates = ((await datesResponse.json()) as { data: { raw: string; bookable: boolean }[] }).data.filter((date) => date.bookable).slice(1);
  for (const { raw } of dates) {
    const response = await request.get(`/api/activities/venue/${VENUE}/activity/${activity}/v2/timetable?date=${raw}`, { headers: auth(token) });
    expect(response.ok()).toBe(true);
    const entry = ((await response.json()) as { data: Entry[] }).data.find(
      (candidate) =>
        candidate.action_to_show.status === 'BOOK' && candidate.spaces_remaining > 1 && (!name || candidate.name === name) && !skip.includes(candidate.id),
    );
    if (entry) return entry;
  }
  throw new Error(`No bookable ${name ?? activity} class in the demo week`);
};

export const hold = async (request: APIRequestContext, token: string, entry: Entry, purchasedForUserId: number | null = null) => {
  const response = await request.post('/api/activities/cart/add', {
    headers: auth(token),
    data: { items: [{ id: entry.id, type: entry.cart_type, purchased_for_user_id: purchasedForUserId, pricing_option_id: entry.pricing_option_id }], selected_user_id: null },
  });
  expect(response.status(), await response.text()).toBe(200);
};

/** A family member of the demo customer by first name (GET auth/user membership_users). */
export const familyMember = async (request: APIRequestContext, token: string, firstName: string) => {
  const response = await request.get('/api/auth/user', { headers: auth(token) });
  const { data } = (await response.json()) as { data: { membership_users: { id: number; first_name: string }[] } };
  const person = data.membership_users.find((candidate) => candidate.first_name === firstName);
  expect(person, `family member ${firstName}`).toBeTruthy();
  return person!.id;
};

/** Fills the card form (any future expiry, any three-digit security code: README test cards). */
export const fillCard = async (page: Page, number: string) => {
  // A saved card is offered first once the customer has one.
  const newCard = page.getByRole('radio', { name: 'A new card' });
  // The simulator's test-mode note shows once prepare (which lists saved cards) has answered.
  await expect(page.getByText(/^Test mode:/)).toBeVisible();
  if ((await newCard.count()) > 0) await newCard.check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Alex Morgan');
};

export const acceptTerms = (page: Page) => page.getByRole('checkbox', { name: /terms/ }).check();
