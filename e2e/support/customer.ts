import { expect, type APIRequestContext } from '@playwright/test';
import { loginToken } from './login.ts';
import { registerViaApi } from './signup.ts';
import { venueToday, yearsBefore } from './dates.ts';

/**
 * A customer of the journey's own (Jo Marsden, home venue Bury), signed up through the API, with a
 * session token for API calls. A journey that changes a basket, books, pays or cancels uses one,
 * so journeys run in parallel (issue 19): the demo customer (`CUSTOMER`) is for reading its
 * seeded data.
 */
export const newCustomer = async (request: APIRequestContext, prefix = 'e2e') => {
  const who = await registerViaApi(request, { prefix });
  return { ...who, first: 'Jo', last: 'Marsden', name: 'Jo Marsden', token: who.token };
};

export type Customer = Awaited<ReturnType<typeof newCustomer>>;

/** Adds a child (nine years old, whatever the clock says) to `customer`'s family through the API; answers their id. */
export const addChild = async (request: APIRequestContext, customer: Pick<Customer, 'token' | 'last'>, first: string) => {
  const response = await request.post('/api/dashboard/family-members', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { first_name: first, last_name: customer.last, relationship: 'child', date_of_birth: yearsBefore(venueToday(), 9) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
};

/** Empties the basket of the demo customer (or of `token`'s customer) through the API (spec §7 DELETE on the cart base). */
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
 * `count` classes of `activity` the viewer can book on one day: the first day from tomorrow that
 * has that many (the timetable differs by weekday, so 'tomorrow' may have fewer), with the day.
 */
export const bookableOnOneDay = async (request: APIRequestContext, activity: string, count: number, token?: string) => {
  for (const date of (await bookableDates(request, activity)).slice(1)) {
    const bookable = (await dayEntries(request, activity, date, token)).filter((entry) => entry.action_to_show.status === 'BOOK').slice(0, count);
    if (bookable.length === count) return { date, bookable };
  }
  throw new Error(`No day in the booking window has ${count} bookable ${activity} classes`);
};

/**
 * The first class (over the classes and the dates a visitor can see, tomorrow onwards) whose
 * action for the viewer is `status`, with at least `minSpaces` places left. A journey that books
 * asks for 3: the other worker's journey may take a place between this look and the click, and
 * on a day with few classes (a Sunday) the first class fills up over a run.
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

/** Holds `entry` in the basket of `token`'s customer through the API (spec §7 POST add). */
export const holdViaApi = async (request: APIRequestContext, token: string, entry: Pick<WireEntry, 'id' | 'cart_type' | 'pricing_option_id'>) => {
  const response = await request.post('/api/activities/cart/add', {
    headers: { authorization: `Bearer ${token}` },
    data: { items: [{ id: entry.id, type: entry.cart_type, purchased_for_user_id: null, pricing_option_id: entry.pricing_option_id }], selected_user_id: null },
  });
  expect(response.status(), await response.text()).toBe(200);
};
