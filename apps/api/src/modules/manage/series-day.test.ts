import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { welshMessage } from '../../lib/messages/welsh.ts';
import { createConsoleTeam } from '../../../test/fixtures/console-team.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';
import { createOtherOperatorSeries } from '../../../test/fixtures/other-operator.ts';

/**
 * A series' new weekday (issue 26, docs/operator-tools.md "Editing and ending a series"): the
 * future sessions with no bookings move to the new day of their ISO week, those with bookings
 * keep their day, one that would move before now or onto a date the series already has is
 * cancelled (holds released), the new day is filled to the timetable's horizon, and two edits
 * at once leave one consistent series. Weekdays are taken from the clock, never literal.
 */
const ctx = useTestApp();
let manager: TestCustomer;
let staff: TestCustomer;
let customer: TestCustomer;
let yogaId: number;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'PUT', url: string, who: TestCustomer | null, payload?: Json) => ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const VENUE = 'bury-leisure-centre';
const venueDate = async (daysAhead: number) =>
  (await sql<{ d: string; dow: number }>`SELECT to_char(d, 'YYYY-MM-DD') AS d, extract(isodow FROM d)::int AS dow FROM (SELECT (now() AT TIME ZONE 'Europe/London')::date + ${daysAhead}::int AS d) x`.execute(ctx.db)).rows[0]!;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const isoDay = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

type Session = { id: number; local_date: string; time: string; cancelled: boolean };
const sessions = async (templateId: number) =>
  (
    await sql<Session>`SELECT id, to_char(local_date, 'YYYY-MM-DD') AS local_date, to_char(starts_at AT TIME ZONE 'Europe/London', 'HH24:MI') AS time, cancelled_at IS NOT NULL AS cancelled
      FROM occurrences WHERE template_id = ${templateId} ORDER BY local_date`.execute(ctx.db)
  ).rows;
const claim = (occurrenceId: number, kind: 'booking' | 'hold') =>
  sql`INSERT INTO place_claims (client_id, occurrence_id, location_id, during, account_user_id, membership_user_id, kind, expires_at)
      SELECT client_id, id, location_id, tstzrange(starts_at, ends_at), ${customer.userId}, ${customer.selfId}, ${kind}, ${kind === 'hold' ? sql`now() + interval '1 hour'` : sql`NULL`}
        FROM occurrences WHERE id = ${occurrenceId}`.execute(ctx.db);

/** A new series on `day` from `startsOn`, and the body of an edit that changes nothing. */
const makeSeries = async (name: string, day: number, startsOn: string) => {
  const made = await ctx.app.inject({
    method: 'POST', url: `/api/manage/venues/${VENUE}/series`, headers: manager.auth,
    payload: { name, category_id: yogaId, iso_day_of_week: day, start_time: '20:30', duration_minutes: 45, instructor_id: null, location_id: null, capacity: 10, price_pence: 600, booking_window_days: 30, starts_on: startsOn },
  });
  expect(made.statusCode).toBe(201);
  const templateId = made.json().data.template_id as number;
  return { templateId, url: `/api/manage/series/${templateId}`, body: { iso_day_of_week: day, start_time: '20:30', duration_minutes: 45, instructor_id: null, location_id: null, capacity: 10, price_pence: 600, member_price_pence: 600, booking_window_days: 30, tag_ids: [] } as Json };
};
const onTimetable = async (name: string, date: string) =>
  ((await call('GET', `/api/activities/venue/${VENUE}/activity/yoga/v2/timetable?date=${date}`, customer)).json().data as { name: string }[]).some((e) => e.name === name);

beforeAll(async () => {
  ({ manager, staff, customer } = await createConsoleTeam(ctx.db));
  const options = (await call('GET', `/api/manage/venues/${VENUE}/series-options`, manager)).json() as { categories: { id: number; name: string }[] };
  yogaId = options.categories.find((c) => c.name === 'Yoga')!.id;
});

describe("changing a series' weekday", () => {
  it('moves the unbooked future sessions within their week, keeps a booked one on its day, fills the new day ahead, and the timetable follows; moving back onto the booked date cancels instead', async () => {
    // From a week on, so every week's new day is still to come whatever today is.
    const start = await venueDate(7);
    const from = start.dow;
    const to = from <= 5 ? from + 2 : from - 2;
    const series = await makeSeries('Weekday Move Pilates', from, start.d);
    const before = (await sessions(series.templateId)).filter((s) => !s.cancelled);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const [booked, ...free] = before as [Session, ...Session[]];
    await claim(booked.id, 'booking');
    // The old day read once first, so the timetable's day cache must learn of the move.
    expect(await onTimetable('Weekday Move Pilates', free[0]!.local_date)).toBe(true);

    const moved = await call('PUT', series.url, manager, { ...series.body, iso_day_of_week: to, reason: 'Studio swap' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ data: { iso_day_of_week: to }, kept_sessions: 1, cancelled_sessions: 0 });
    expect(moved.json().message).toContain('1 session with bookings keeps its day, time, room and instructor.');
    const after = await sessions(series.templateId);
    expect(after.find((s) => s.id === booked.id)).toMatchObject({ local_date: booked.local_date, cancelled: false });
    for (const s of free) expect(after.find((a) => a.id === s.id)).toMatchObject({ local_date: addDays(s.local_date, to - from), time: '20:30', cancelled: false });
    // The booked week gets its session on the new day too (the timetable's horizon is filled).
    expect(after.some((s) => s.local_date === addDays(booked.local_date, to - from) && !s.cancelled)).toBe(true);
    expect(after.filter((s) => !s.cancelled && s.id !== booked.id).every((s) => isoDay(s.local_date) === to)).toBe(true);
    const week2 = free[0]!;
    expect(await onTimetable('Weekday Move Pilates', addDays(week2.local_date, to - from))).toBe(true);
    expect(await onTimetable('Weekday Move Pilates', week2.local_date)).toBe(false);
    const change = await sql<{ detail: Json }>`SELECT detail FROM operator_changes WHERE action = 'series_changed' AND (detail->>'template_id')::int = ${series.templateId}`.execute(ctx.db);
    expect(change.rows[0]!.detail).toMatchObject({ summary: 'Weekday Move Pilates: day', from: { iso_day_of_week: from }, to: { iso_day_of_week: to } });

    // Back to the first day: the booked week's new-day session cannot move onto the booked date.
    const blocked = after.find((s) => s.local_date === addDays(booked.local_date, to - from))!;
    const back = await call('PUT', series.url, manager, { ...series.body, iso_day_of_week: from });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ kept_sessions: 1, cancelled_sessions: 1 });
    expect(back.json().message).toContain('1 session could not move to the new day and is cancelled.');
    expect(welshMessage(back.json().message)).toBe(
      "Mae Weekday Move Pilates wedi'i gadw: mae " + `${back.json().changed_sessions}` + " sesiwn yn y dyfodol yn dilyn. Mae 1 sesiwn gydag archebion yn cadw ei diwrnod, ei hamser, ei hystafell a'i hyfforddwr. Ni allai 1 sesiwn symud i'r diwrnod newydd ac mae wedi'i chanslo.",
    );
    const last = await sessions(series.templateId);
    expect(last.find((s) => s.id === blocked.id)).toMatchObject({ local_date: blocked.local_date, cancelled: true });
    expect(last.filter((s) => s.local_date === booked.local_date)).toEqual([expect.objectContaining({ id: booked.id, cancelled: false })]);
    for (const s of free) expect(last.find((a) => a.id === s.id)).toMatchObject({ local_date: s.local_date, cancelled: false });
  });

  it('cancels a session whose new day of its week is already past, releasing its hold', async () => {
    // The session of this week (today's, or tomorrow's on a Monday) moves to yesterday (or to today at 00:00 on a Monday).
    const today = await venueDate(0);
    const monday = today.dow === 1;
    const first = await venueDate(monday ? 1 : 0);
    const series = await makeSeries('Weekday Past Barre', first.dow, first.d);
    const session = (await sessions(series.templateId)).find((s) => s.local_date === first.d)!;
    await sql`UPDATE occurrences SET starts_at = now() + interval '1 hour', ends_at = now() + interval '2 hours' WHERE id = ${session.id}`.execute(ctx.db);
    await claim(session.id, 'hold');
    const response = await call('PUT', series.url, manager, { ...series.body, iso_day_of_week: monday ? 1 : today.dow - 1, start_time: '00:00' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kept_sessions: 0, cancelled_sessions: 1 });
    const now = await sessions(series.templateId);
    expect(now.find((s) => s.id === session.id)).toMatchObject({ local_date: first.d, cancelled: true });
    const hold = await sql<{ status: string }>`SELECT status FROM place_claims WHERE occurrence_id = ${session.id}`.execute(ctx.db);
    expect(hold.rows.map((r) => r.status)).toEqual(['released']);
    expect(now.filter((s) => !s.cancelled && s.local_date > today.d).every((s) => isoDay(s.local_date) === (monday ? 1 : today.dow - 1))).toBe(true);
  });

  it('refuses a day that is not 1 to 7 (422), plain staff (403) and another operator\u2019s series (404)', async () => {
    const start = await venueDate(8);
    const series = await makeSeries('Weekday Checks Yoga', start.dow, start.d);
    for (const day of [0, 8, 'x', 1.5]) {
      const response = await call('PUT', series.url, manager, { ...series.body, iso_day_of_week: day });
      expect([day, response.statusCode, Object.keys(response.json().errors ?? {})]).toEqual([day, 422, ['iso_day_of_week']]);
    }
    const { iso_day_of_week: _day, ...without } = series.body;
    expect((await call('PUT', series.url, manager, without)).statusCode).toBe(422);
    const other = (start.dow % 7) + 1;
    expect((await call('PUT', series.url, staff, { ...series.body, iso_day_of_week: other })).statusCode).toBe(403);
    const theirs = await createOtherOperatorSeries(ctx.db, 'weekday');
    expect((await call('PUT', `/api/manage/series/${theirs}`, manager, { ...series.body, iso_day_of_week: 2 })).statusCode).toBe(404);
    expect((await ctx.db.selectFrom('activity_templates').select('iso_day_of_week').where('id', '=', theirs).executeTakeFirstOrThrow()).iso_day_of_week).toBe(1);
    expect((await ctx.db.selectFrom('activity_templates').select('iso_day_of_week').where('id', '=', series.templateId).executeTakeFirstOrThrow()).iso_day_of_week).toBe(start.dow);
  });

  it('two identical day changes at once leave one series on the new day, with no session twice', async () => {
    const start = await venueDate(7);
    const to = start.dow <= 5 ? start.dow + 2 : start.dow - 2;
    const series = await makeSeries('Weekday Race Spin', start.dow, start.d);
    const count = (await sessions(series.templateId)).length;
    const both = await Promise.all([1, 2].map(() => call('PUT', series.url, manager, { ...series.body, iso_day_of_week: to })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(both.find((r) => r.statusCode === 422)!.json().code).toBe('nothing_changed');
    const now = await sessions(series.templateId);
    expect(now.filter((s) => !s.cancelled)).toHaveLength(count);
    expect(now.every((s) => isoDay(s.local_date) === to && !s.cancelled)).toBe(true);
    const changes = await sql<{ n: number }>`SELECT count(*)::int AS n FROM operator_changes WHERE action = 'series_changed' AND (detail->>'template_id')::int = ${series.templateId}`.execute(ctx.db);
    expect(changes.rows[0]!.n).toBe(1);
  });
});
