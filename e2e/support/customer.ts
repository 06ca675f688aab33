import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { loginToken } from './login.ts';

/**
 * The demo customer's basket is shared by every journey that books. Journeys that change it
 * take this lock (a directory made atomically in the run's data directory) so two workers never
 * hold, remove or clear in the same basket at once, and release it when they finish.
 */
const lockDir = () => path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'customer-basket.lock');

/** This worker's lock, if it holds it: only its holder may release it. */
let held = false;

const tryLock = () => {
  try {
    fs.mkdirSync(lockDir());
    held = true;
    return true;
  } catch {
    return false;
  }
};

/** Another worker's journeys may hold the lock for minutes: the hook or test that waits gets that long too. */
const LOCK_WAIT_MS = 600_000;

export const lockCustomerBasket = async () => {
  test.setTimeout(LOCK_WAIT_MS + 120_000);
  await expect.poll(tryLock, { message: 'the demo customer basket lock', timeout: LOCK_WAIT_MS, intervals: [250] }).toBe(true);
};

/** Releases the lock if this worker holds it (an afterAll runs even when its beforeAll never got the lock). */
export const unlockCustomerBasket = () => {
  if (!held) return;
  held = false;
  fs.rmSync(lockDir(), { recursive: true, force: true });
};

/** Empties the demo customer's basket through the API (spec §7 DELETE on the cart base). */
export const clearBasket = async (request: APIRequestContext, token?: string) => {
  const bearer = token ?? (await loginToken(request));
  const response = await request.delete('/api/activities/cart', { headers: { authorization: `Bearer ${bearer}` } });
  expect(response.ok()).toBe(true);
};

type WireEntry = {
  id: number | string;
  name: string;
  cart_type: string;
  pricing_option_id: number;
  spaces_remaining: number;
  starts_at: { format_24_hour: string };
  action_to_show: { status: string | null };
};

const VENUE = 'bury-leisure-centre';

/** The bookable dates of an activity (the dates endpoint), as the given viewer sees them. */
export const bookableDates = async (request: APIRequestContext, activity: string, token?: string) => {
  const response = await request.get(`/api/activities/venue/${VENUE}/activity-category/${activity}/dates`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { raw: string; bookable: boolean; today: boolean }[] };
  return data.filter((date) => date.bookable).map((date) => date.raw);
};

/** The day's classes of an activity for the viewer (v1 or v2 by the venue's migration date: Bury is on v2). */
export const dayEntries = async (request: APIRequestContext, activity: string, date: string, token?: string) => {
  const response = await request.get(`/api/activities/venue/${VENUE}/activity/${activity}/v2/timetable?date=${date}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: WireEntry[] }).data;
};

/**
 * The first class (over the classes and the dates a visitor can see, tomorrow onwards) whose
 * action for the viewer is `status`, with at least `minSpaces` places left.
 */
export const findClass = async (request: APIRequestContext, status: string, { token, minSpaces = 0 }: { token?: string; minSpaces?: number } = {}) => {
  for (const activity of ['yoga', 'spin', 'hiit', 'pilates']) {
    const dates = (await bookableDates(request, activity)).slice(1);
    for (const date of dates) {
      const entry = (await dayEntries(request, activity, date, token)).find(
        (candidate) => candidate.action_to_show.status === status && candidate.spaces_remaining >= minSpaces,
      );
      if (entry) return { activity, date, entry, path: `/location/${VENUE}/${activity}/${date}` };
    }
  }
  throw new Error(`No class with status ${status} in the demo week`);
};

/** Holds `entry` in the demo customer's basket through the API (spec §7 POST add). */
export const holdViaApi = async (request: APIRequestContext, token: string, entry: Pick<WireEntry, 'id' | 'cart_type' | 'pricing_option_id'>) => {
  const response = await request.post('/api/activities/cart/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { items: [{ id: entry.id, type: entry.cart_type, purchased_for_user_id: null, pricing_option_id: entry.pricing_option_id }], selected_user_id: null },
  });
  expect(response.status(), await response.text()).toBe(200);
};
