import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createConsoleTeam } from '../../../test/fixtures/console-team.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';
import { createOtherOperatorSeries } from '../../../test/fixtures/other-operator.ts';

/**
 * Editing and ending a weekly series (issue 26, docs/operator-tools.md "Editing and ending a
 * series"): future sessions follow (those with bookings keep their time), capacity never below
 * the places taken on any session (the PostgreSQL floor: the whole edit is refused), another
 * operator's series 404, ending refused while a later session has bookings, recorded.
 */
const ctx = useTestApp();
let manager: TestCustomer;
let staff: TestCustomer;
let customer: TestCustomer;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestCustomer | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const VENUE = 'bury-leisure-centre';
const venueDate = async (daysAhead: number) =>
  (await sql<{ d: string; dow: number }>`SELECT to_char(d, 'YYYY-MM-DD') AS d, extract(isodow FROM d)::int AS dow FROM (SELECT (now() AT TIME ZONE 'Europe/London')::date + ${daysAhead}::int AS d) x`.execute(ctx.db)).rows[0]!;

type Session = { id: number; local_date: string; time: string; capacity: number; instructor_id: number | null; cancelled: boolean };
const sessions = async (templateId: number) =>
  (
    await sql<Session>`SELECT id, to_char(local_date, 'YYYY-MM-DD') AS local_date, to_char(starts_at AT TIME ZONE 'Europe/London', 'HH24:MI') AS time, capacity, instructor_id, cancelled_at IS NOT NULL AS cancelled
      FROM occurrences WHERE template_id = ${templateId} ORDER BY local_date`.execute(ctx.db)
  ).rows;

/** A place taken on the session by the customer: a booking, or an unexpired hold. */
const claim = (occurrenceId: number, kind: 'booking' | 'hold', person: 'self' | 'child' = 'self') =>
  sql`INSERT INTO place_claims (client_id, occurrence_id, location_id, during, account_user_id, membership_user_id, kind, expires_at)
      SELECT client_id, id, location_id, tstzrange(starts_at, ends_at), ${customer.userId}, ${person === 'self' ? customer.selfId : customer.childId}, ${kind}, ${kind === 'hold' ? sql`now() + interval '1 hour'` : sql`NULL`}
        FROM occurrences WHERE id = ${occurrenceId}`.execute(ctx.db);

let templateId: number;
let body: Json;

beforeAll(async () => {
  ({ manager, staff, customer } = await createConsoleTeam(ctx.db));
  const options = (await call('GET', `/api/manage/venues/${VENUE}/series-options`, manager)).json() as { categories: { id: number; name: string }[] };
  const tomorrow = await venueDate(1);
  const made = await call('POST', `/api/manage/venues/${VENUE}/series`, manager, {
    name: 'Series Edit Yoga', category_id: options.categories.find((c) => c.name === 'Yoga')!.id, iso_day_of_week: tomorrow.dow, start_time: '20:30', duration_minutes: 45,
    instructor_id: null, location_id: null, capacity: 10, price_pence: 600, booking_window_days: 7, starts_on: tomorrow.d,
  });
  expect(made.statusCode).toBe(201);
  templateId = made.json().data.template_id;
  body = { iso_day_of_week: tomorrow.dow, start_time: '20:30', duration_minutes: 45, instructor_id: null, location_id: null, capacity: 10, price_pence: 600, member_price_pence: 600, booking_window_days: 7, tag_ids: [] };
});

describe('who may edit a series', () => {
  it('refuses a customer and plain staff (403) and a visitor (401); another operator\u2019s series is 404', async () => {
    const routes: [('GET' | 'POST' | 'PUT'), string, Json?][] = [
      ['GET', `/api/manage/series/${templateId}`],
      ['PUT', `/api/manage/series/${templateId}`, { ...body, capacity: 12 }],
      ['POST', `/api/manage/series/${templateId}/end`, { last_date: (await venueDate(30)).d, reason: 'Studio closing' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const who of [customer, staff]) expect([url, (await call(method, url, who, payload)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(method, url, null, payload)).statusCode]).toEqual([url, 401]);
    }
    const theirs = await createOtherOperatorSeries(ctx.db, 'series');
    expect((await call('GET', `/api/manage/series/${theirs}`, manager)).statusCode).toBe(404);
    expect((await call('PUT', `/api/manage/series/${theirs}`, manager, { ...body, capacity: 3 })).statusCode).toBe(404);
    expect((await call('POST', `/api/manage/series/${theirs}/end`, manager, { last_date: (await venueDate(1)).d, reason: 'Not mine' })).statusCode).toBe(404);
    expect((await ctx.db.selectFrom('activity_templates').select('capacity').where('id', '=', theirs).executeTakeFirstOrThrow()).capacity).toBe(10);
  });
});

describe('editing', () => {
  it('moves the future sessions without bookings; one with a booking keeps its time; capacity, price, window and tags change; recorded', async () => {
    const [first, second] = await sessions(templateId);
    await claim(first!.id, 'booking');
    const instructor = (await ctx.db.selectFrom('instructors').select('id').where('client_id', '=', (await ctx.db.selectFrom('activity_templates').select('client_id').where('id', '=', templateId).executeTakeFirstOrThrow()).client_id).executeTakeFirstOrThrow()).id;
    const tag = (await sql<{ id: number }>`INSERT INTO tags (client_id, name) SELECT client_id, 'Beginners' FROM activity_templates WHERE id = ${templateId} RETURNING id`.execute(ctx.db)).rows[0]!.id;
    const response = await call('PUT', `/api/manage/series/${templateId}`, manager, { ...body, start_time: '19:45', capacity: 16, instructor_id: instructor, price_pence: 650, member_price_pence: 500, booking_window_days: 14, tag_ids: [tag], reason: 'New timetable' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kept_sessions: 1, data: { start_time: '19:45', capacity: 16, price_pence: 650, member_price_pence: 500, booking_window_days: 14, tag_ids: [tag] } });
    const now = await sessions(templateId);
    expect(now.find((s) => s.id === first!.id)).toMatchObject({ time: '20:30', capacity: 16, instructor_id: null });
    expect(now.find((s) => s.id === second!.id)).toMatchObject({ time: '19:45', capacity: 16, instructor_id: instructor });
    const change = await ctx.db.selectFrom('operator_changes').select(['detail', 'reason']).where('action', '=', 'series_changed').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ reason: 'New timetable', detail: { summary: 'Series Edit Yoga: time, instructor, capacity, price, member price, booking window, tags', kept: 1 } });
    const same = await call('PUT', `/api/manage/series/${templateId}`, manager, { ...body, start_time: '19:45', capacity: 16, instructor_id: instructor, price_pence: 650, member_price_pence: 500, booking_window_days: 14, tag_ids: [tag] });
    expect([same.statusCode, same.json().code]).toEqual([422, 'nothing_changed']);
  });

  it('refuses a capacity below the places taken on any future session, in PostgreSQL, changing nothing', async () => {
    const [, second] = await sessions(templateId);
    await claim(second!.id, 'booking');
    await claim(second!.id, 'hold', 'child');
    const current = (await call('GET', `/api/manage/series/${templateId}`, manager)).json().data as Json;
    const { template_id: _t, activity_id: _a, name: _n, venue_slug: _v, valid_from: _f, valid_until: _u, ...editable } = current;
    const response = await call('PUT', `/api/manage/series/${templateId}`, manager, { ...editable, capacity: 1, price_pence: 700 });
    expect([response.statusCode, response.json().code]).toEqual([409, 'capacity_below_taken']);
    expect((await sessions(templateId)).every((s) => s.capacity === 16)).toBe(true);
    expect((await call('GET', `/api/manage/series/${templateId}`, manager)).json().data).toMatchObject({ capacity: 16, price_pence: 650 });
    expect((await call('PUT', `/api/manage/series/${templateId}`, manager, { ...editable, capacity: 2 })).statusCode).toBe(200);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const radcliffeRoom = (await sql<{ id: number }>`SELECT l.id FROM locations l JOIN venues v ON v.id = l.venue_id WHERE v.slug = 'radcliffe-leisure-centre' LIMIT 1`.execute(ctx.db)).rows[0]!.id;
    const cases: [Json, string][] = [
      [{ ...body, start_time: '7pm' }, 'start_time'],
      [{ ...body, capacity: 0 }, 'capacity'],
      [{ ...body, price_pence: 1.5 }, 'price_pence'],
      [{ ...body, location_id: radcliffeRoom }, 'location_id'],
      [{ ...body, tag_ids: [999_999] }, 'tag_ids'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('PUT', `/api/manage/series/${templateId}`, manager, payload);
      expect([field, response.statusCode, Object.keys(response.json().errors ?? {})]).toEqual([field, 422, [field]]);
    }
  });
});

describe('ending', () => {
  it('is refused while a later session has bookings; from after the last booked session it cancels the rest and the template ends there', async () => {
    const all = await sessions(templateId);
    const [first, second] = all;
    const refused = await call('POST', `/api/manage/series/${templateId}/end`, manager, { last_date: first!.local_date, reason: 'Studio closing' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'series_has_bookings']);
    expect(refused.json().message).toContain(second!.local_date);
    expect((await sessions(templateId)).some((s) => s.cancelled)).toBe(false);

    const ended = await call('POST', `/api/manage/series/${templateId}/end`, manager, { last_date: second!.local_date, reason: 'Studio closing' });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ data: { valid_until: second!.local_date }, changed_sessions: all.length - 2 });
    const after = await sessions(templateId);
    expect(after.filter((s) => s.cancelled).map((s) => s.local_date)).toEqual(all.slice(2).map((s) => s.local_date));
    expect(after.filter((s) => !s.cancelled)).toHaveLength(2);
    const change = await ctx.db.selectFrom('operator_changes').select(['detail', 'reason']).where('action', '=', 'series_ended').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ reason: 'Studio closing', detail: { last_date: second!.local_date } });
    const again = await call('POST', `/api/manage/series/${templateId}/end`, manager, { last_date: second!.local_date, reason: 'Studio closing' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'series_already_ends']);
    const past = await call('POST', `/api/manage/series/${templateId}/end`, manager, { last_date: (await venueDate(-3)).d, reason: 'Studio closing' });
    expect([past.statusCode, Object.keys(past.json().errors ?? {})]).toEqual([422, ['last_date']]);
  });
});
