import { describe, expect, it } from 'vitest';
import type { FastifySchema, HTTPMethods } from 'fastify';
import { useSpaTestApp } from '../../test/spa-app.ts';
import { NULL_BYTE_MESSAGE } from './null-bytes.ts';

// The whole app, SPA routes included, so that every route the server has is in the table.
const ctx = useSpaTestApp(['bookings']);

type Case = { name: string; method: HTTPMethods; url: string; payload?: Record<string, unknown>; field: string };

const keysOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

const NUL = 'a\u0000b';
const NUL_IN_URL = 'a%00b';
const WITH_BODY = new Set<HTTPMethods>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** For one route: one request per string input (each path param, query field and body field). */
const casesFor = (method: HTTPMethods, url: string, schema: FastifySchema | undefined): Case[] => {
  const params = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const wildcard = url.endsWith('*');
  const fill = (nulIn?: string) =>
    url.replace(/:(\w+)/g, (_, name: string) => (name === nulIn ? NUL_IN_URL : 'a')).replace(/\*$/, nulIn === '*' ? NUL_IN_URL : 'a');
  const cases: Case[] = [];
  for (const name of [...params, ...(wildcard ? ['*'] : [])]) {
    cases.push({ name: `param ${name}`, method, url: fill(name), field: name });
  }
  const queryKeys = keysOf(schema?.querystring);
  for (const key of queryKeys.length ? queryKeys : ['q']) {
    cases.push({ name: `query ${key}`, method, url: `${fill()}?${key}=${NUL_IN_URL}`, field: key });
  }
  if (WITH_BODY.has(method)) {
    const bodyKeys = keysOf(schema?.body);
    for (const key of bodyKeys.length ? bodyKeys : ['value']) {
      cases.push({ name: `body ${key}`, method, url: fill(), payload: { [key]: NUL }, field: key });
    }
    cases.push({ name: 'body nested', method, url: fill(), payload: { nested: [{ deep: NUL }] }, field: 'nested.0.deep' });
  }
  return cases;
};

describe('NUL characters in any string input', () => {
  it('are refused with 422 on every route, for every path param, query field and body field', async () => {
    const routes = ctx.app.guardedRoutes;
    // The table is the server's own route list: a new route is covered (and checked) by itself.
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/auth/customer/login',
        '/api/activities/venues',
        // The timetable (issue 9): every day endpoint, its v2 twin, single occurrences and the live stream.
        '/api/activities/venue/:venue/activity-category/:category/dates',
        '/api/activities/venue/:venue/activity/:activity/timetable',
        '/api/activities/venue/:venue/activity/:activity/v2/times',
        '/api/activities/venue/:venue/activity/:activity/v2/slots',
        '/api/activities/venue/:venue/activity-category/:category/activity/:activityIdentifier/tickets',
        '/api/activities/:id',
        '/api/v1/activities/occurrences/:id',
        '/api/activities/venue/:venue/activity/:activity/live',
        '/api/activities/cart',
        '/api/activities/cart/add',
        '/api/activities/cart/remove',
        '/api/activities/cart/:cartItemId',
        '/api/activities/benefit/remove/:cartItemId',
        '/api/activities/package/remove/:cartItemId',
        '/api/activities/waitlist/add',
        '/api/activities/waitlist/remove/:waitlistId',
        '/api/v1/activities/occurrences/:id/waitlist/members',
        '/api/v1/activities/occurrences/:occurrenceId/waitlist/members/:userId',
        // Checkout (issue 10): checkout, credits, terms, questions, waivers, orders, simulator provider.
        '/api/checkout/prepare',
        '/api/checkout/authorise',
        '/api/checkout/complete',
        '/api/checkout/saved-cards/:savedCardId',
        '/api/checkout/orders/:completeOrderId',
        '/api/checkout/orders/:completeOrderId/calendar.ics',
        '/api/activities/cart/pay',
        '/api/credits/apply',
        '/api/terms',
        '/api/activities/cart/:cartId/questions',
        '/api/activities/:id/questions/answers',
        '/api/activities/occurrences/:id/questions/answers',
        '/api/activities/question-waivers',
        '/api/activities/:restriction/question-waivers/previous-attendees',
        '/api/price/:venue/ticket/:activity',
        // Account bookings (issue 11): list, cancel (spec §7 and the wire notes' PATCH), fees, credit.
        '/api/my-account/bookings',
        '/api/dashboard/bookings',
        '/api/activities/bookings/:id',
        '/api/activities/bookings/:id/',
        '/api/v1/activities/bookings',
        '/api/dashboard/late-cancellation-fees',
        '/api/dashboard/late-cancellation-fees/pay',
        '/api/dashboard/late-cancellation-fees/authorise',
        '/api/dashboard/credit',
        '/simulator/card-identifiers',
        '/simulator/challenge',
        // What the account holds (issue 11, docs/account-holdings.md).
        '/api/dashboard/memberships',
        '/api/dashboard/packages',
        '/api/dashboard/guest-passes',
        '/api/dashboard/orders',
        '/api/dashboard/orders/:orderId',
        // Session security and My details (issue 11 part 4).
        '/api/auth/customer/change-password',
        '/api/dashboard/details',
      ]),
    );
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        for (const c of casesFor(method, route.url, route.schema)) {
          const response = await ctx.app.inject({ method: c.method, url: c.url, ...(c.payload ? { payload: c.payload } : {}) });
          checked += 1;
          const body = c.method === 'HEAD' ? undefined : response.json<{ message?: string; errors?: Record<string, string[]> }>();
          const ok =
            response.statusCode === 422 &&
            (c.method === 'HEAD' ||
              (body?.message === 'The given data was invalid.' && body.errors?.[c.field]?.[0] === NULL_BYTE_MESSAGE));
          if (!ok) failures.push(`${c.method} ${route.url} ${c.name}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length);
  });

  it('names the field in the usual 422 shape (login username)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: 'customer@example.com\u0000', password: 'x' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', code: 'validation_failed', errors: { username: [NULL_BYTE_MESSAGE] } });
  });

  it('answers 422, not 500, for a venue search with a NUL', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/activities/venues?search=a%00b' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', code: 'validation_failed', errors: { search: [NULL_BYTE_MESSAGE] } });
  });
});
