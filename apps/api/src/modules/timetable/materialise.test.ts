import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { createTimetableFixture, venueToday } from '../../../test/fixtures/timetable.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { SCHEDULES, TASK_NAMES } from '../../jobs/tasks.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { addDays } from './window.ts';
import { materialiseOccurrencesBetween } from './service.ts';

const ctx = useTestApp();

const templateFor = async (activityId: number, clientId: number, isoDay: number, startTime: string, validFrom: string) =>
  ctx.db
    .insertInto('activity_templates')
    .values({ client_id: clientId, activity_id: activityId, iso_day_of_week: isoDay, start_time: startTime, duration_minutes: 60, capacity: 12, valid_from: validFrom })
    .returning('id')
    .executeTakeFirstOrThrow();

const occurrencesOf = async (templateId: number) =>
  (
    await sql<{ local_date: string; utc: string; local: string }>`
      SELECT to_char(local_date, 'YYYY-MM-DD') AS local_date,
             to_char(starts_at AT TIME ZONE 'UTC', 'HH24:MI') AS utc,
             to_char(starts_at AT TIME ZONE 'Europe/London', 'HH24:MI') AS local
      FROM occurrences WHERE template_id = ${templateId} ORDER BY local_date`.execute(ctx.db)
  ).rows;

describe('materialising weekly templates', () => {
  it('keeps a 09:00 Monday class at 09:00 local across the clock changes of 2027', async () => {
    const fixture = await createTimetableFixture(ctx.db, { occurrences: [] });
    const monday = await templateFor(fixture.activityId, fixture.clientId, 1, '09:00', '2027-03-01'); // fixed-date: the clock changes of 2027; the range is given, not read from the clock
    await materialiseOccurrencesBetween(ctx.db, '2027-03-20', '2027-04-05', { activityId: fixture.activityId }); // fixed-date: the clock changes of 2027; the range is given, not read from the clock
    await materialiseOccurrencesBetween(ctx.db, '2027-10-24', '2027-11-02', { activityId: fixture.activityId }); // fixed-date: the clock changes of 2027; the range is given, not read from the clock
    expect(await occurrencesOf(monday.id)).toEqual([
      // 28 March 2027: GMT → BST.
      { local_date: '2027-03-22', utc: '09:00', local: '09:00' }, // fixed-date: the clock changes of 2027; the range is given, not read from the clock
      { local_date: '2027-03-29', utc: '08:00', local: '09:00' }, // fixed-date: the clock changes of 2027; the range is given, not read from the clock
      { local_date: '2027-04-05', utc: '08:00', local: '09:00' }, // fixed-date: the clock changes of 2027; the range is given, not read from the clock
      // 31 October 2027: BST → GMT.
      { local_date: '2027-10-25', utc: '08:00', local: '09:00' }, // fixed-date: the clock changes of 2027; the range is given, not read from the clock
      { local_date: '2027-11-01', utc: '09:00', local: '09:00' }, // fixed-date: the clock changes of 2027; the range is given, not read from the clock
    ]);
  });

  it('runs as the scheduled job for yesterday … today + 21, and a second run creates nothing', async () => {
    expect(TASK_NAMES).toContain('materialise-occurrences');
    expect(SCHEDULES).toContainEqual(expect.objectContaining({ task: 'materialise-occurrences' }));
    const fixture = await createTimetableFixture(ctx.db, { occurrences: [] });
    const today = await venueToday(ctx.db);
    const templates = [];
    for (let isoDay = 1; isoDay <= 7; isoDay++) templates.push(await templateFor(fixture.activityId, fixture.clientId, isoDay, '18:00', addDays(today, -30)));
    // One occurrence edited by staff (cancelled) must survive later runs untouched.
    await enqueue(ctx.db, 'materialise-occurrences');
    await runDueJobs({ url: ctx.url, db: ctx.db });
    const dates = (await Promise.all(templates.map((t) => occurrencesOf(t.id)))).flat().map((o) => o.local_date).sort();
    expect(dates).toHaveLength(23);
    expect(dates[0]).toBe(addDays(today, -1));
    expect(dates.at(-1)).toBe(addDays(today, 21));
    await ctx.db.updateTable('occurrences').set({ cancelled_at: new Date() }).where('template_id', '=', templates[0]!.id).execute();

    await enqueue(ctx.db, 'materialise-occurrences');
    await runDueJobs({ url: ctx.url, db: ctx.db });
    const again = (await Promise.all(templates.map((t) => occurrencesOf(t.id)))).flat();
    expect(again).toHaveLength(23);
    const cancelled = await ctx.db.selectFrom('occurrences').select('cancelled_at').where('template_id', '=', templates[0]!.id).execute();
    expect(cancelled.every((o) => o.cancelled_at !== null)).toBe(true);
  });
});

describe('the demo timetable (seed)', () => {
  it('has every venue’s sub-activities materialised for yesterday … today + 21', async () => {
    const today = await venueToday(ctx.db);
    const { rows } = await sql<{ venues: number; first: string; last: string; kinds: string[] }>`
      SELECT count(DISTINCT o.venue_id)::int AS venues, to_char(min(o.local_date), 'YYYY-MM-DD') AS first,
             to_char(max(o.local_date), 'YYYY-MM-DD') AS last, array_agg(DISTINCT a.kind ORDER BY a.kind) AS kinds
      FROM occurrences o JOIN activities a ON a.id = o.activity_id JOIN activity_categories c ON c.id = o.category_id
      WHERE c.slug NOT LIKE 'fixture-%'`.execute(ctx.db);
    expect(rows[0]).toEqual({ venues: 16, first: addDays(today, -1), last: addDays(today, 21), kinds: ['ad_hoc', 'class', 'fast_ticket', 'resource'] });
  });

  it('has 2–6 courts per court sub-activity at each venue, hourly 07:00–21:00', async () => {
    const { rows } = await sql<{ courts: number; first: string; last: string }>`
      SELECT count(DISTINCT o.location_id)::int AS courts,
             min(to_char(o.starts_at AT TIME ZONE 'Europe/London', 'HH24:MI')) AS first,
             max(to_char(o.starts_at AT TIME ZONE 'Europe/London', 'HH24:MI')) AS last
      FROM occurrences o JOIN activities a ON a.id = o.activity_id
      WHERE a.kind = 'resource' GROUP BY o.venue_id, o.category_id`.execute(ctx.db);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      expect(row.courts).toBeGreaterThanOrEqual(2);
      expect(row.courts).toBeLessThanOrEqual(6);
      expect([row.first, row.last]).toEqual(['07:00', '21:00']);
    }
  });

  it('has full classes with people waiting and nearly full ones in the next week', async () => {
    const { rows } = await sql<{ full_waiting: number; nearly: number }>`
      SELECT count(*) FILTER (WHERE c.taken = o.capacity AND w.waiting > 0)::int AS full_waiting,
             count(*) FILTER (WHERE o.capacity - c.taken BETWEEN 1 AND 2)::int AS nearly
      FROM occurrences o JOIN activities a ON a.id = o.activity_id AND a.kind = 'class'
      CROSS JOIN LATERAL (SELECT count(*) AS taken FROM place_claims p WHERE p.occurrence_id = o.id AND p.status = 'active') c
      CROSS JOIN LATERAL (SELECT count(*) AS waiting FROM waitlist_entries e WHERE e.occurrence_id = o.id AND e.status = 'waiting') w
      WHERE o.starts_at > now() AND o.starts_at < now() + interval '7 days'`.execute(ctx.db);
    expect(rows[0]!.full_waiting).toBeGreaterThan(20);
    expect(rows[0]!.nearly).toBeGreaterThan(20);
  });

  it('puts one venue’s migration date inside the visible dates, and gives the demo customer no holds', async () => {
    const today = await venueToday(ctx.db);
    const venue = await ctx.db.selectFrom('venues').select(sql<string>`to_char(migration_date, 'YYYY-MM-DD')`.as('migration_date')).where('slug', '=', 'prestwich-fitness-centre').executeTakeFirstOrThrow();
    expect(venue.migration_date).toBe(addDays(today, 3));
    const claims = await ctx.db
      .selectFrom('place_claims as p')
      .innerJoin('users as u', 'u.id', 'p.account_user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('u.email', '=', DEMO_ACCOUNTS.customer.email)
      .where('p.kind', '<>', 'booking')
      .executeTakeFirstOrThrow();
    // Holds and offers only: the demo customer's seeded bookings are at other venues (db/seed/bookings.ts).
    expect(Number(claims.n)).toBe(0);
  });

  it('serves the migration venue’s classes on v1 before the migration date and v2 after, over the same data', async () => {
    const today = await venueToday(ctx.db);
    for (const date of [addDays(today, 2), addDays(today, 3)]) {
      const v1 = await ctx.app.inject({ method: 'GET', url: `/api/activities/venue/prestwich-fitness-centre/activity/yoga/timetable?date=${date}` });
      const v2 = await ctx.app.inject({ method: 'GET', url: `/api/activities/venue/prestwich-fitness-centre/activity/yoga/v2/timetable?date=${date}` });
      const one = v1.json<{ data: { id: number; occurrence_id: number }[] }>().data;
      const two = v2.json<{ data: { id: string; occurrence_id: number }[] }>().data;
      expect(one.length).toBeGreaterThan(0);
      expect(one.map((e) => e.occurrence_id)).toEqual(two.map((e) => e.occurrence_id));
      expect(one.every((e) => typeof e.id === 'number')).toBe(true);
      expect(two.every((e) => /^[0-9a-f-]{36}$/.test(e.id))).toBe(true);
    }
  });
});
