import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DATE_OUTSIDE_WINDOW_MESSAGE } from '@app/contract/timetable/entry';
import { useTestApp } from '../../../test/app.ts';
import { changeTenants } from '../../../test/tenant.ts';
import {
  createCustomer,
  createTimetableFixture,
  fillOccurrence,
  insertClaim,
  insertWaitlistEntry,
  venueToday,
} from '../../../test/fixtures/timetable.ts';
import { addDays } from './window.ts';
import { notYetBookable } from './service.ts';

const ctx = useTestApp();

type Entry = {
  id: number | string;
  occurrence_id: number;
  composite_key: string;
  cart_type: string;
  pricing_option_id: number;
  name: string;
  date: string | { raw: string };
  starts_at: { format_24_hour: string; format_12_hour: string };
  ends_at: { format_24_hour: string };
  spaces: number;
  spaces_remaining: number;
  capacity: number;
  bookings_count: number;
  waitlist_count: number;
  waitlist_id: number | string | null;
  booking: { id: number; type: string } | null;
  action_to_show: { status: string | null; reason: string | null };
  price: { raw: number; formatted: string };
  location: { id: number; name: string } | null;
  locations_count?: number;
  Name?: string;
  Spaces?: number;
  Activity_Id?: number;
  tickets?: { id: number; pricing_option: { id: number } }[];
};

const get = async <T = Entry[]>(url: string, authorization?: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  return { status: response.statusCode, body: response.json<{ data: T; message?: string; errors?: Record<string, string[]> }>(), headers: response.headers };
};

const day = (fixture: { venueSlug: string; slug: string }, endpoint: string, date: string, extra = '') =>
  `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}/${endpoint}?date=${date}${extra}`;

describe('GET …/activity/{activity}/timetable and /v2/timetable', () => {
  it('serves the same classes with numeric ids on v1 and uuids on v2, in venue-local 24-hour times', async () => {
    const fixture = await createTimetableFixture(ctx.db, {
      occurrences: [{ startTime: '18:30', durationMinutes: 45 }, { startTime: '07:00' }],
    });
    const date = fixture.occurrences[0]!.date;
    const v1 = await get(day(fixture, 'timetable', date));
    const v2 = await get(day(fixture, 'v2/timetable', date));
    expect(v1.status).toBe(200);
    expect(v2.status).toBe(200);
    expect(v1.body.data.map((e) => e.starts_at.format_24_hour)).toEqual(['07:00', '18:30']);
    expect(v1.body.data.map((e) => e.id)).toEqual([fixture.occurrences[1]!.id, fixture.occurrences[0]!.id]);
    expect(v2.body.data.map((e) => e.id)).toEqual([fixture.occurrences[1]!.uuid, fixture.occurrences[0]!.uuid]);
    expect(v2.body.data.map((e) => e.occurrence_id)).toEqual(v1.body.data.map((e) => e.occurrence_id));
    const [, evening] = v1.body.data;
    expect(evening).toMatchObject({
      cart_type: 'purchasableOccurrence',
      pricing_option_id: fixture.pricingOptionId,
      name: 'Fixture Class',
      Name: 'Fixture Class',
      Spaces: 10,
      Activity_Id: fixture.activityId,
      starts_at: { format_24_hour: '18:30', format_12_hour: '6:30pm' },
      ends_at: { format_24_hour: '19:15' },
      spaces: 10,
      spaces_remaining: 10,
      capacity: 10,
      price: { raw: 650, formatted: '£6.50' },
      action_to_show: { status: 'BOOK', reason: null },
      booking: null,
    });
    expect(v2.body.data[1]).not.toHaveProperty('Name');
    expect(v1.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for an unknown venue or activity', async () => {
    const fixture = await createTimetableFixture(ctx.db);
    const date = fixture.occurrences[0]!.date;
    const venue = await get(`/api/activities/venue/nowhere/activity/${fixture.slug}/timetable?date=${date}`);
    expect(venue.status).toBe(404);
    expect(venue.body.message).toBe("We couldn't find that venue.");
    const activity = await get(`/api/activities/venue/${fixture.venueSlug}/activity/no-such-thing/v2/timetable?date=${date}`);
    expect(activity.status).toBe(404);
    expect(activity.body.message).toBe("We couldn't find the activity you are looking for");
  });

  it('answers 422 for a date outside the window: visitors see today + 5, customers today + 7', async () => {
    const fixture = await createTimetableFixture(ctx.db, { releaseTime: '23:59:59' });
    const customer = await createCustomer(ctx.db);
    const today = await venueToday(ctx.db);
    const afterRelease = (await sql<{ v: boolean }>`SELECT (now() AT TIME ZONE 'Europe/London')::time >= '23:59:59' AS v`.execute(ctx.db)).rows[0]!.v;
    const bump = afterRelease ? 1 : 0;
    // Visitors: today … today + 5 open, today + 6 listed (not open yet), today + 7 refused.
    expect((await get(day(fixture, 'v2/timetable', addDays(today, 6 + bump)))).status).toBe(200);
    const refused = await get(day(fixture, 'v2/timetable', addDays(today, 7 + bump)));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: DATE_OUTSIDE_WINDOW_MESSAGE, code: 'date_outside_window', errors: { date: [DATE_OUTSIDE_WINDOW_MESSAGE] } });
    expect((await get(day(fixture, 'v2/timetable', addDays(today, -1)))).status).toBe(422);
    // Logged in: up to today + 8 answers.
    expect((await get(day(fixture, 'v2/timetable', addDays(today, 7 + bump)), customer.authorization)).status).toBe(200);
    expect((await get(day(fixture, 'v2/timetable', addDays(today, 8 + bump)), customer.authorization)).status).toBe(200);
    expect((await get(day(fixture, 'v2/timetable', addDays(today, 9 + bump)), customer.authorization)).status).toBe(422);
    // A bad date is a validation error.
    expect((await get(day(fixture, 'v2/timetable', '2026-1-1'))).status).toBe(422);
  });

  it('follows a change of the booking window once heard (the kept context is stamped with the catalogue version)', async () => {
    const fixture = await createTimetableFixture(ctx.db, { releaseTime: '23:59:59' });
    const today = await venueToday(ctx.db);
    const afterRelease = (await sql<{ v: boolean }>`SELECT (now() AT TIME ZONE 'Europe/London')::time >= '23:59:59' AS v`.execute(ctx.db)).rows[0]!.v;
    const far = addDays(today, 9 + (afterRelease ? 1 : 0));
    expect((await get(day(fixture, 'v2/timetable', far))).status).toBe(422);
    // The bumped catalogue version reaches this instance's tenant lookup with its note (test/tenant.ts).
    await changeTenants([ctx.app], () => ctx.db.updateTable('activities').set({ visitor_window_days: 10 }).where('id', '=', fixture.activityId).execute());
    expect((await get(day(fixture, 'v2/timetable', far))).status).toBe(200);
  });

  it('shows an occurrence of a date not yet released with no action and the reason', async () => {
    const fixture = await createTimetableFixture(ctx.db, { visitorWindowDays: 1, releaseTime: '23:59:59', occurrences: [{ dayOffset: 2 }] });
    const { body, status } = await get(day(fixture, 'v2/timetable', fixture.occurrences[0]!.date));
    // Unless it is the last second of the day, today + 2 is the next date to open for a visitor.
    expect(status).toBe(200);
    expect(body.data[0]!.action_to_show.status === null || body.data[0]!.action_to_show.status === 'BOOK').toBe(true);
    if (body.data[0]!.action_to_show.status === null) expect(body.data[0]!.action_to_show.reason).toBe('not_open_yet');
  });
});

describe('action_to_show for the viewer', () => {
  it('is CANCEL_RESERVATION with the hold, CANCEL_BOOKING with the booking, LEAVE_WAITLIST when waiting, BOOK otherwise', async () => {
    const fixture = await createTimetableFixture(ctx.db, {
      capacity: 3,
      occurrences: [{ startTime: '09:00' }, { startTime: '10:00' }, { startTime: '11:00' }, { startTime: '12:00' }, { startTime: '13:00' }],
    });
    const me = await createCustomer(ctx.db);
    const [held, booked, waiting, full, expired] = fixture.occurrences.map((o) => o.id) as [number, number, number, number, number];
    const hold = await insertClaim(ctx.db, held, me);
    const booking = await insertClaim(ctx.db, booked, me, { kind: 'booking' });
    await fillOccurrence(ctx.db, waiting, 3);
    const entry = await insertWaitlistEntry(ctx.db, waiting, me);
    await fillOccurrence(ctx.db, full, 3);
    await insertClaim(ctx.db, expired, me, { expiresInMinutes: -1 });

    const { body } = await get(day(fixture, 'timetable', fixture.occurrences[0]!.date), me.authorization);
    const byId = new Map(body.data.map((e) => [e.id, e]));
    expect(byId.get(held)).toMatchObject({ action_to_show: { status: 'CANCEL_RESERVATION' }, booking: { id: hold.claimId, type: 'reservation' }, spaces: 2 });
    expect(byId.get(booked)).toMatchObject({ action_to_show: { status: 'CANCEL_BOOKING' }, booking: { id: booking.bookingId, type: 'booking' }, spaces: 2, bookings_count: 1 });
    expect(byId.get(waiting)).toMatchObject({ action_to_show: { status: 'LEAVE_WAITLIST' }, waitlist_id: entry.id, spaces: 0, waitlist_count: 1 });
    expect(byId.get(full)).toMatchObject({ action_to_show: { status: 'JOIN_WAITLIST', reason: 'full' }, spaces: 0, booking: null });
    // An expired hold takes no place and is not the viewer's any more.
    expect(byId.get(expired)).toMatchObject({ action_to_show: { status: 'BOOK' }, spaces: 3, booking: null });

    // v2 gives the waitlist entry's uuid; a visitor sees BOOK / JOIN_WAITLIST only.
    const v2 = await get(day(fixture, 'v2/timetable', fixture.occurrences[0]!.date), me.authorization);
    expect(v2.body.data.find((e) => e.occurrence_id === waiting)!.waitlist_id).toBe(entry.uuid);
    const visitor = await get(day(fixture, 'timetable', fixture.occurrences[0]!.date));
    expect(visitor.body.data.map((e) => e.action_to_show.status)).toEqual(['BOOK', 'BOOK', 'JOIN_WAITLIST', 'JOIN_WAITLIST', 'BOOK']);
  });

  it('is computed for a selected family member, and refuses another customer’s member with 403', async () => {
    const fixture = await createTimetableFixture(ctx.db);
    const me = await createCustomer(ctx.db, { family: 1 });
    const other = await createCustomer(ctx.db);
    const child = me.familyIds[0]!;
    await insertClaim(ctx.db, fixture.occurrences[0]!.id, { userId: me.userId, membershipUserId: child });
    const date = fixture.occurrences[0]!.date;
    const mine = await get(day(fixture, 'v2/timetable', date), me.authorization);
    expect(mine.body.data[0]!.action_to_show.status).toBe('BOOK');
    const forChild = await get(day(fixture, 'v2/timetable', date, `&selected_user_id=${child}`), me.authorization);
    expect(forChild.body.data[0]!.action_to_show.status).toBe('CANCEL_RESERVATION');
    const refused = await get(day(fixture, 'v2/timetable', date, `&selected_user_id=${child}`), other.authorization);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Unauthorised.');
    expect((await get(day(fixture, 'v2/times', date, `&selected_user_id=${child}`), other.authorization)).status).toBe(403);
    expect((await get(day(fixture, 'v2/timetable', date, `&selected_user_id=${child}`))).status).toBe(403);
  });

  it('shows no action once a class has started or is cancelled', async () => {
    const fixture = await createTimetableFixture(ctx.db, { occurrences: [{ dayOffset: 0, startTime: '00:00' }, { startTime: '10:00' }] });
    await ctx.db.updateTable('occurrences').set({ cancelled_at: new Date() }).where('id', '=', fixture.occurrences[1]!.id).execute();
    const started = await get(day(fixture, 'timetable', fixture.occurrences[0]!.date));
    expect(started.body.data[0]!.action_to_show).toEqual({ status: null, reason: 'started' });
    const cancelled = await get(day(fixture, 'timetable', fixture.occurrences[1]!.date));
    expect(cancelled.body.data[0]!.action_to_show).toEqual({ status: null, reason: 'cancelled' });
    expect(cancelled.body.data[0]!.spaces).toBe(0);
  });
});

describe('GET …/times, /v2/times, /slots and /v2/slots', () => {
  it('gives one time per start with free courts counted, and one slot per court behind it', async () => {
    const fixture = await createTimetableFixture(ctx.db, {
      parentSlug: 'racket-sports',
      kind: 'resource',
      name: 'Court hire',
      capacity: 1,
      locations: 3,
      occurrences: [
        { startTime: '18:00', location: 0 },
        { startTime: '18:00', location: 1 },
        { startTime: '18:00', location: 2 },
        { startTime: '19:00', location: 0 },
      ],
    });
    const me = await createCustomer(ctx.db);
    const other = await createCustomer(ctx.db);
    const [court1, court2, , late] = fixture.occurrences as [typeof fixture.occurrences[0], typeof fixture.occurrences[0], unknown, typeof fixture.occurrences[0]];
    await insertClaim(ctx.db, court1.id, other, { kind: 'booking', locationId: fixture.locationIds[0]! });
    await insertClaim(ctx.db, late.id, other, { kind: 'booking', locationId: fixture.locationIds[0]! });
    const date = court1.date;

    const times = await get(day(fixture, 'v2/times', date), me.authorization);
    expect(times.status).toBe(200);
    expect(times.body.data.map((t) => [t.starts_at.format_24_hour, t.spaces_remaining, t.capacity, t.action_to_show.status])).toEqual([
      ['18:00', 2, 3, 'BOOK'],
      ['19:00', 0, 1, 'FULL'],
    ]);
    // The 18:00 time stands for a free court: adding its id books Court 2.
    expect(times.body.data[0]!.id).toBe(court2.uuid);
    expect(times.body.data[0]!.locations_count).toBe(3);
    const v1 = await get(day(fixture, 'times', date));
    expect(v1.body.data[0]!.id).toBe(court2.id);

    const key = times.body.data[0]!.composite_key;
    const slots = await get(day(fixture, 'v2/slots', date, `&composite_key=${encodeURIComponent(key)}`), me.authorization);
    expect(slots.body.data.map((s) => [s.location!.name, s.spaces, s.action_to_show.status])).toEqual([
      ['Court 1', 0, 'FULL'],
      ['Court 2', 1, 'BOOK'],
      ['Court 3', 1, 'BOOK'],
    ]);
    expect(slots.body.data[0]).toMatchObject({ cart_type: 'purchasableOccurrence', pricing_option_id: fixture.pricingOptionId, date: { raw: date } });
    expect(typeof slots.body.data[0]!.id).toBe('string');
    const byLocation = await get(day(fixture, 'slots', date, `&location_id=${fixture.locationIds[0]}`));
    expect(byLocation.body.data.map((s) => s.starts_at.format_24_hour)).toEqual(['18:00', '19:00']);
    expect(byLocation.body.data.every((s) => s.location!.id === fixture.locationIds[0])).toBe(true);
    // The timetable's selected location (spec §3, §7): a number, else 422 on location_id.
    const badLocation = await get(day(fixture, 'v2/slots', date, '&location_id=court-1'));
    expect(badLocation.status).toBe(422);
    expect(badLocation.body.errors).toEqual({ location_id: ['Must be a number'] });
    const byTime = await get(day(fixture, 'v2/slots', date, '&start_time=19:00&end_time=20:00'));
    expect(byTime.body.data.map((s) => s.id)).toEqual([late.uuid]);

    // Holding a court: the time shows that court with CANCEL_RESERVATION.
    const hold = await insertClaim(ctx.db, fixture.occurrences[2]!.id, me, { locationId: fixture.locationIds[2]! });
    const after = await get(day(fixture, 'v2/times', date), me.authorization);
    expect(after.body.data[0]).toMatchObject({ id: fixture.occurrences[2]!.uuid, spaces_remaining: 1, action_to_show: { status: 'CANCEL_RESERVATION' }, booking: { id: hold.claimId } });
  });
});

describe('GET …/dates', () => {
  it('lists today … the last open date for the viewer, then the next date with when it opens', async () => {
    const fixture = await createTimetableFixture(ctx.db, { releaseTime: '23:59:59' });
    const customer = await createCustomer(ctx.db);
    const today = await venueToday(ctx.db);
    const url = `/api/activities/venue/${fixture.venueSlug}/activity-category/${fixture.slug}/dates`;
    const visitor = await get<{ raw: string; today: boolean; bookable: boolean; opens_at: string | null; day_pretty: string; year: number }[]>(url);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data[0]).toMatchObject({ raw: today, today: true, bookable: true, opens_at: null });
    expect(visitor.body.data.length === 7 || visitor.body.data.length === 8).toBe(true);
    const last = visitor.body.data.at(-1)!;
    expect(last.bookable).toBe(false);
    expect(new Date(last.opens_at!).getTime()).toBeGreaterThan(Date.now());
    expect(visitor.body.data.slice(0, -1).every((d) => d.bookable)).toBe(true);
    const loggedIn = await get<unknown[]>(url, customer.authorization);
    expect(loggedIn.body.data.length).toBe(visitor.body.data.length + 2);
    const missing = await get(`/api/activities/venue/${fixture.venueSlug}/activity-category/nothing-here/dates`);
    expect(missing.status).toBe(404);
  });

  it("says per date how many sessions it has and when the last one starts, leaving cancelled ones out (issue 21)", async () => {
    const fixture = await createTimetableFixture(ctx.db, {
      occurrences: [{ dayOffset: 1, startTime: '07:00' }, { dayOffset: 1, startTime: '18:30' }, { dayOffset: 3, startTime: '10:00' }],
    });
    const cancelled = fixture.occurrences[2]!;
    await ctx.db.updateTable('occurrences').set({ cancelled_at: new Date() }).where('id', '=', cancelled.id).execute();
    const today = await venueToday(ctx.db);
    const url = `/api/activities/venue/${fixture.venueSlug}/activity-category/${fixture.slug}/dates`;
    const { body } = await get<{ raw: string; sessions: number; last_starts_at: string | null }[]>(url);
    const byDate = new Map(body.data.map((d) => [d.raw, d]));
    const evening = await ctx.db.selectFrom('occurrences').select('starts_at').where('id', '=', fixture.occurrences[1]!.id).executeTakeFirstOrThrow();
    expect(byDate.get(addDays(today, 1))).toMatchObject({ sessions: 2, last_starts_at: evening.starts_at.toISOString() });
    expect(byDate.get(addDays(today, 2))).toMatchObject({ sessions: 0, last_starts_at: null });
    expect(byDate.get(addDays(today, 3))).toMatchObject({ sessions: 0, last_starts_at: null });
  });
});

describe('tickets and single occurrences', () => {
  it('lists the ticket types, and serves one class by numeric id and by uuid with tickets[]', async () => {
    const fixture = await createTimetableFixture(ctx.db);
    const [occurrence] = fixture.occurrences as [typeof fixture.occurrences[0]];
    const tickets = await get<{ id: number; name: string; price: { raw: number }; pricing_option: { id: number }; activity_id: number }[]>(
      `/api/activities/venue/${fixture.venueSlug}/activity-category/fitness-classes/activity/${fixture.slug}/tickets`,
    );
    expect(tickets.status).toBe(200);
    expect(tickets.body.data.map((t) => [t.name, t.price.raw, t.pricing_option.id === t.id])).toEqual([
      ['Adult', 650, true],
      ['Junior', 300, true],
    ]);
    // Each ticket names its activity, so a client can offer an entry only its own activity's tickets.
    expect(tickets.body.data.map((t) => t.activity_id)).toEqual([fixture.activityId, fixture.activityId]);
    const byId = await get<Entry>(`/api/activities/${occurrence.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({ id: occurrence.id, tickets: [{ id: fixture.pricingOptionId, pricing_option: { id: fixture.pricingOptionId } }, {}] });
    const byUuid = await get<Entry>(`/api/v1/activities/occurrences/${occurrence.uuid}`);
    expect(byUuid.body.data).toMatchObject({ id: occurrence.uuid, occurrence_id: occurrence.id });
    expect(byUuid.body.data.tickets).toHaveLength(2);
    const numeric = await get<Entry>(`/api/v1/activities/occurrences/${occurrence.id}`);
    expect(numeric.body.data.id).toBe(occurrence.id);
    expect((await get(`/api/activities/999999999`)).status).toBe(404);
    expect((await get(`/api/v1/activities/occurrences/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await get(`/api/v1/activities/occurrences/not-an-id`)).status).toBe(422);
    expect((await get(`/api/activities/venue/${fixture.venueSlug}/activity-category/fitness-classes/activity/999999/tickets`)).status).toBe(404);
  });
});

describe('notYetBookable (the window check the basket calls)', () => {
  it('names the occurrences whose date has not opened for a logged-in customer', async () => {
    const fixture = await createTimetableFixture(ctx.db, {
      releaseTime: '23:59:59',
      occurrences: [{ dayOffset: 1 }, { dayOffset: 7 }, { dayOffset: 9 }, { dayOffset: 12 }],
    });
    // Window 7 days: today + 7 is open all day; today + 9 opens tomorrow at the release time.
    const [tomorrow, week, nine, twelve] = fixture.occurrences.map((o) => o.id) as [number, number, number, number];
    const closed = await notYetBookable(ctx.db, fixture.clientId, [tomorrow, week, nine, twelve]);
    expect(closed.sort((a, b) => a - b)).toEqual([nine, twelve]);
    expect(await notYetBookable(ctx.db, fixture.clientId, [])).toEqual([]);
  });
});
