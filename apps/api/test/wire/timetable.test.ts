import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { venueToday } from '../fixtures/timetable.ts';
import { addDays } from '../../src/modules/timetable/window.ts';
import { shapeMismatches, type Shape } from './shape.ts';

/**
 * Wire notes, "What public clients read", rows 5–9 of docs/api-compatibility.md: dates, the v1
 * timetable's capitalised keys, v2 times and slots, and one occurrence's tickets, on the seeded
 * demo data (Bury: yoga classes, badminton courts).
 */
const ctx = useTestApp();
const VENUE = 'bury-leisure-centre';

const get = async <T>(url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json<{ data: T }>().data;
};

const DATE: Shape = { raw: 'string', day_pretty: 'string', date_pretty: 'string', full_date_pretty: 'string', today: 'boolean', year: 'integer' };
const CLOCK: Shape = { format_12_hour: 'string', format_24_hour: 'string' };
const TIME: Shape = {
  id: 'integer|string',
  composite_key: 'string',
  date: 'string',
  timestamp: 'integer',
  duration: 'integer',
  name: 'string',
  starts_at: CLOCK,
  ends_at: CLOCK,
  price: { is_estimated: 'boolean', formatted_amount: 'string' },
  spaces: 'integer',
  spaces_remaining: 'integer',
  booking: 'object|null',
  action_to_show: { status: 'string|null', reason: 'string|null' },
  location: 'object|null',
  category_slug: 'string',
  venue_slug: 'string',
  allows_anonymous_bookings: 'boolean',
  restrictions: { pre_waiver: 'boolean', pre_induction: 'boolean', criteria: 'array' },
  restriction_ids: 'array',
};
const SLOT: Shape = {
  id: 'string',
  cart_type: 'string',
  pricing_option_id: 'integer',
  date: { raw: 'string' },
  location: { id: 'integer', name: 'string', slug: 'string' },
  price: { raw: 'integer', formatted: 'string', benefit_applied: 'boolean', package_applied: 'boolean' },
  spaces: 'integer',
  capacity: 'integer',
  bookings_count: 'integer',
  waitlist_id: 'integer|string|null',
  first_bookable_at: { local: 'string' },
  last_bookable_at: 'object|string|null',
  restriction_ids: 'array',
  action_to_show: 'object',
};

describe('wire: the timetable reads', () => {
  it('dates carry raw, the pretty forms, today and year', async () => {
    const dates = await get<{ raw: string; today: boolean }[]>(`/api/activities/venue/${VENUE}/activity-category/yoga/dates`);
    expect(shapeMismatches(dates, [DATE])).toEqual([]);
    expect(dates[0]!.today).toBe(true);
  });

  it('the v1 timetable carries Name, Spaces and Activity_Id', async () => {
    const today = await venueToday(ctx.db);
    const entries = await get<{ Name: string; name: string }[]>(`/api/activities/venue/${VENUE}/activity/yoga/timetable?date=${addDays(today, 1)}`);
    expect(shapeMismatches(entries, [{ Name: 'string', Spaces: 'integer', Activity_Id: 'integer' }])).toEqual([]);
    expect(entries[0]!.Name).toBe(entries[0]!.name);
  });

  it('v2 times and slots carry every field the scripts read; a date not released yet is a 422', async () => {
    const today = await venueToday(ctx.db);
    const date = addDays(today, 1);
    const times = await get<{ composite_key: string; starts_at: { format_24_hour: string }; ends_at: { format_24_hour: string } }[]>(
      `/api/activities/venue/${VENUE}/activity/badminton/v2/times?date=${date}`,
    );
    expect(shapeMismatches(times, [TIME])).toEqual([]);
    const [time] = times;
    const query = `date=${date}&start_time=${time!.starts_at.format_24_hour}&end_time=${time!.ends_at.format_24_hour}&composite_key=${time!.composite_key}`;
    const slots = await get<unknown[]>(`/api/activities/venue/${VENUE}/activity/badminton/v2/slots?${query}`);
    expect(shapeMismatches(slots, [SLOT])).toEqual([]);
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(shapeMismatches(await get(`/api/activities/venue/${VENUE}/activity/badminton/v2/slots?date=${date}`), [SLOT])).toEqual([]);
    const later = await ctx.app.inject({ method: 'GET', url: `/api/activities/venue/${VENUE}/activity/badminton/v2/times?date=${addDays(today, 60)}` });
    expect(later.statusCode).toBe(422);
  });

  it('an occurrence by id carries tickets[] with id and pricing_option.id', async () => {
    const today = await venueToday(ctx.db);
    const [slot] = await get<{ id: string }[]>(`/api/activities/venue/${VENUE}/activity/badminton/v2/slots?date=${addDays(today, 1)}`);
    const occurrence = await get<unknown>(`/api/v1/activities/occurrences/${slot!.id}`);
    expect(shapeMismatches(occurrence, { tickets: [{ id: 'integer', pricing_option: { id: 'integer' } }] })).toEqual([]);
  });
});
