import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { createCustomer, createTimetableFixture, insertClaim } from '../../../test/fixtures/timetable.ts';
import { visitorDay } from './service.ts';

const ctx = useTestApp();

type Day = { data: { id: string; spaces: number }[] };
const spacesOf = async (url: string, authorization?: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  expect(response.statusCode).toBe(200);
  return response.json<Day>().data[0]!.spaces;
};

/** Resolves once `check` passes, retrying on the event loop until `ms` have passed. */
const eventually = async (check: () => Promise<boolean> | boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
};

describe('visitor read cache (docs/timetable.md "Visitor read cache")', () => {
  it('serves a visitor the kept day until a note about that day arrives; logged-in viewers always read the database', async () => {
    const fixture = await createTimetableFixture(ctx.db, { capacity: 10, occurrences: [{ dayOffset: 1 }] });
    const url = `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}/v2/timetable?date=${fixture.occurrences[0]!.date}`;
    const customer = await createCustomer(ctx.db);
    // The first visitor request starts this instance's listener; the cache is used once it listens.
    expect(await spacesOf(url)).toBe(10);
    await eventually(() => ctx.app.availabilityHub.listening(() => {}));
    expect(await spacesOf(url)).toBe(10);

    // A change that sends no note (its triggers off for one transaction) stays unseen by visitors…
    await ctx.db.transaction().execute(async (trx) => {
      await sql`ALTER TABLE occurrences DISABLE TRIGGER occurrences_availability`.execute(trx);
      await sql`ALTER TABLE occurrences DISABLE TRIGGER occurrences_days_updated`.execute(trx);
      await sql`UPDATE occurrences SET capacity = 7 WHERE id = ${fixture.occurrences[0]!.id}`.execute(trx);
      await sql`ALTER TABLE occurrences ENABLE TRIGGER occurrences_availability`.execute(trx);
      await sql`ALTER TABLE occurrences ENABLE TRIGGER occurrences_days_updated`.execute(trx);
    });
    expect(await spacesOf(url)).toBe(10);
    // …but not by a logged-in customer, whose answer is never kept.
    expect(await spacesOf(url, customer.authorization)).toBe(7);

    // A hold sends its note: visitors see both changes without a reload of anything else.
    await insertClaim(ctx.db, fixture.occurrences[0]!.id, customer);
    await eventually(async () => (await spacesOf(url)) === 6);
  });

  it('a session added to or removed from a kept day (the template job, staff) drops that day at once', async () => {
    const fixture = await createTimetableFixture(ctx.db, { capacity: 5, occurrences: [{ dayOffset: 2 }] });
    const url = `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}/v2/timetable?date=${fixture.occurrences[0]!.date}`;
    const count = async () => {
      const response = await ctx.app.inject({ method: 'GET', url });
      return response.json<Day>().data.length;
    };
    expect(await count()).toBe(1);
    await eventually(() => ctx.app.availabilityHub.listening(() => {}));
    expect(await count()).toBe(1);
    const first = fixture.occurrences[0]!.id;
    const added = await sql<{ id: number }>`
      INSERT INTO occurrences (client_id, venue_id, category_id, activity_id, location_id, instructor_id, local_date, starts_at, ends_at, capacity)
      SELECT client_id, venue_id, category_id, activity_id, location_id, instructor_id, local_date, starts_at + interval '2 hours', ends_at + interval '2 hours', capacity
        FROM occurrences WHERE id = ${first} RETURNING id`.execute(ctx.db);
    await eventually(async () => (await count()) === 2);
    await sql`DELETE FROM occurrences WHERE id = ${added.rows[0]!.id}`.execute(ctx.db);
    await eventually(async () => (await count()) === 1);
  });

  it('keeps v1 and v2 answers apart', async () => {
    const fixture = await createTimetableFixture(ctx.db, { capacity: 4, occurrences: [{ dayOffset: 1 }] });
    const base = `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}`;
    const date = fixture.occurrences[0]!.date;
    await spacesOf(`${base}/timetable?date=${date}`);
    await eventually(() => ctx.app.availabilityHub.listening(() => {}));
    const v1 = await ctx.app.inject({ method: 'GET', url: `${base}/timetable?date=${date}` });
    const v2 = await ctx.app.inject({ method: 'GET', url: `${base}/v2/timetable?date=${date}` });
    expect(v1.json<Day>().data[0]!.id).toBe(fixture.occurrences[0]!.id);
    expect(v2.json<Day>().data[0]!.id).toBe(fixture.occurrences[0]!.uuid);
  });

  it('a kept day ends when its first hold expires', async () => {
    const fixture = await createTimetableFixture(ctx.db, { capacity: 4, occurrences: [{ dayOffset: 1 }] });
    const customer = await createCustomer(ctx.db);
    await insertClaim(ctx.db, fixture.occurrences[0]!.id, customer, { expiresInMinutes: 3 });
    const { rows } = await sql<{ expires_at: Date; catalogue_version: string }>`
      SELECT c.expires_at, cl.catalogue_version FROM place_claims c JOIN clients cl ON cl.id = c.client_id
       WHERE c.occurrence_id = ${fixture.occurrences[0]!.id}`.execute(ctx.db);
    const tenant = { clientId: fixture.clientId, catalogueVersion: Number(rows[0]!.catalogue_version) };
    const day = await visitorDay(ctx.db, tenant, fixture.venueSlug, fixture.slug, fixture.occurrences[0]!.date, 'timetable', 'v2');
    expect(day.validUntil).toBe(new Date(rows[0]!.expires_at).getTime());
  });
});
