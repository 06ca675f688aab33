import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';

/**
 * A weekly class series made in the operator console (issue 26, docs/operator-tools.md "Session
 * series"): managers only, validated, in one transaction, its sessions on the bookings timetable
 * at once with the price and capacity given, and recorded on the venue's changes.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let manager: TestCustomer;
let staff: TestCustomer;
let customer: TestCustomer;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST', url: string, who: TestCustomer | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

const VENUE = 'bury-leisure-centre';
const venueDate = async (daysAhead: number) =>
  (await sql<{ d: string; dow: number }>`SELECT to_char(d, 'YYYY-MM-DD') AS d, extract(isodow FROM d)::int AS dow FROM (SELECT (now() AT TIME ZONE 'Europe/London')::date + ${daysAhead}::int AS d) x`.execute(ctx.db)).rows[0]!;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  [manager, staff, customer] = (await createCustomers(ctx.db, fx.clientId, 3)) as [TestCustomer, TestCustomer, TestCustomer];
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [manager.userId, staff.userId]).execute();
  await ctx.db.updateTable('users').set({ operator_role: 'manager' }).where('id', '=', manager.userId).execute();
});

const optionsOf = async () => (await call('GET', `/api/manage/venues/${VENUE}/series-options`, manager)).json() as { categories: { id: number; name: string }[]; locations: { id: number; name: string }[]; instructors: { id: number; name: string }[] };

describe('creating a weekly class series', () => {
  it('puts its sessions on the bookings timetable at once, with the price, capacity, room and instructor given, and records it', async () => {
    const options = await optionsOf();
    const yoga = options.categories.find((c) => c.name === 'Yoga')!;
    const studio = options.locations.find((l) => l.name === 'Studio 1')!;
    const instructor = options.instructors[0]!;
    expect(yoga).toBeTruthy();
    const tomorrow = await venueDate(1);
    const today = await venueDate(0);
    const response = await call('POST', `/api/manage/venues/${VENUE}/series`, manager, {
      name: 'Sunset Yoga Flow',
      category_id: yoga.id,
      iso_day_of_week: tomorrow.dow,
      start_time: '21:15',
      duration_minutes: 50,
      instructor_id: instructor.id,
      location_id: studio.id,
      capacity: 14,
      price_pence: 725,
      booking_window_days: 7,
      starts_on: today.d,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ name: 'Sunset Yoga Flow', category_slug: 'yoga', first_date: tomorrow.d });
    expect(response.json().data.occurrences).toBeGreaterThanOrEqual(3);

    const timetable = await call('GET', `/api/activities/venue/${VENUE}/activity/yoga/v2/timetable?date=${tomorrow.d}`, customer);
    expect(timetable.statusCode).toBe(200);
    const entry = (timetable.json().data as { name: string; spaces_remaining: number; start_time?: string; price?: unknown }[]).find((e) => e.name === 'Sunset Yoga Flow');
    expect(entry).toMatchObject({ spaces_remaining: 14 });
    const occurrence = await sql<{ capacity: number; local_time: string; minutes: number; location_id: number; instructor_id: number }>`
      SELECT o.capacity, to_char(o.starts_at AT TIME ZONE 'Europe/London', 'HH24:MI') AS local_time, (extract(epoch FROM o.ends_at - o.starts_at) / 60)::int AS minutes, o.location_id, o.instructor_id
        FROM occurrences o WHERE o.activity_id = ${response.json().data.activity_id} AND o.local_date = ${tomorrow.d}::date`.execute(ctx.db);
    expect(occurrence.rows).toEqual([{ capacity: 14, local_time: '21:15', minutes: 50, location_id: studio.id, instructor_id: instructor.id }]);
    const price = await ctx.db.selectFrom('pricing_options').select(['price_pence', 'member_price_pence']).where('activity_id', '=', response.json().data.activity_id).execute();
    expect(price).toEqual([{ price_pence: 725, member_price_pence: 725 }]);

    const changes = (await call('GET', `/api/manage/venues/${VENUE}/changes`, manager)).json().data as { action: string; summary: string }[];
    expect(changes[0]).toMatchObject({ action: 'series_created' });
    expect(changes[0]!.summary).toContain('Sunset Yoga Flow');
  });

  it('is for managers only and refuses what is not the venue’s or not valid, making nothing', async () => {
    const options = await optionsOf();
    const today = await venueDate(0);
    const yesterday = await venueDate(-1);
    const good = { name: 'Refused Class', category_id: options.categories[0]!.id, iso_day_of_week: 3, start_time: '10:00', duration_minutes: 45, instructor_id: null, location_id: null, capacity: 10, price_pence: 500, booking_window_days: 7, starts_on: today.d };
    for (const who of [staff, customer]) expect((await call('POST', `/api/manage/venues/${VENUE}/series`, who, good)).statusCode).toBe(403);
    expect((await call('GET', `/api/manage/venues/${VENUE}/series-options`, staff)).statusCode).toBe(403);
    const radcliffeRoom = (await sql<{ id: number }>`SELECT l.id FROM locations l JOIN venues v ON v.id = l.venue_id WHERE v.slug = 'radcliffe-leisure-centre' LIMIT 1`.execute(ctx.db)).rows[0]!.id;
    const bad: [Json, string][] = [
      [{ ...good, start_time: '25:00' }, 'start_time'],
      [{ ...good, iso_day_of_week: 8 }, 'iso_day_of_week'],
      [{ ...good, capacity: 0 }, 'capacity'],
      [{ ...good, price_pence: 7.25 }, 'price_pence'],
      [{ ...good, duration_minutes: 2 }, 'duration_minutes'],
      [{ ...good, starts_on: '2027-02-30' }, 'starts_on'], // fixed-date: not a real date
      [{ ...good, starts_on: yesterday.d }, 'starts_on'],
      [{ ...good, location_id: radcliffeRoom }, 'location_id'],
      [{ ...good, category_id: 999_999 }, 'category_id'],
      [{ ...good, kind: 'resource' }, ''],
    ];
    for (const [body, field] of bad) {
      const response = await call('POST', `/api/manage/venues/${VENUE}/series`, manager, body);
      expect([field, response.statusCode]).toEqual([field, 422]);
      if (field) expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
    expect(await ctx.db.selectFrom('activities').select('id').where('name', '=', 'Refused Class').execute()).toEqual([]);
  });
});
