import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_LIMIT_MESSAGE, type ReleaseRequestDto } from '@app/contract/releases/releases';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, liveClaims, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { makeJobsDue, runDueJobs } from '../../../test/jobs.ts';
import { drawOrder, resumeStrandedDraws, runDraw, seedHashOf } from './service.ts';

/**
 * A fair release (issue 25; docs/release.md), on real PostgreSQL: the request window, the limit,
 * staff moving a day's release, and the draw (each request decided once, capacity kept, the order
 * recomputable from the revealed seed). Each test uses its own day (days ahead), so its own release.
 */

const ctx = useTestApp();
let fx: HoldsFixture;
let staff: TestCustomer;
let otherVenueId: number;
const HOLD_MINUTES = 15;
const DRAW = { holdMinutes: HOLD_MINUTES, publicUrl: 'http://localhost:3000' };

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  staff = (await createCustomers(ctx.db, fx.clientId, 1))[0]!;
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.userId).execute();
  const { rows } = await sql<{ id: number }>`INSERT INTO clients (slug, name) VALUES ('other-operator-releases', 'Other Operator') RETURNING id`.execute(ctx.db);
  otherVenueId = (
    await ctx.db
      .insertInto('venues')
      .values({ client_id: rows[0]!.id, slug: 'other-releases-venue', name: 'Elsewhere', address_line1: '1 Road', town: 'Town', postcode: 'AB1 2CD' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestCustomer | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const item = (occurrenceId: number, personId: number | null = null) => ({ id: occurrenceId, type: 'purchasableOccurrence', purchased_for_user_id: personId, pricing_option_id: fx.classOptions.adult });
const ask = (who: TestCustomer | null, occurrenceId: number, personId: number | null = null) => call('POST', '/api/activities/release-requests', who, { item: item(occurrenceId, personId) });
const mine = async (who: TestCustomer) => (await call('GET', '/api/activities/release-requests', who)).json<{ data: ReleaseRequestDto[] }>().data;

// From 11 days ahead: beyond the booking window, whose next date the timetable test below moves.
let dayCounter = 10;
/** A class on a day of its own, `days` ahead (so a release nobody else in this file touches). */
const classOnItsOwnDay = async (capacity: number) => createOccurrence(ctx.db, fx, { kind: 'class', capacity, startsInMinutes: (++dayCounter * 24 + 1) * 60 });
/** `n` more classes on `first`'s venue-local day (set in SQL: start times near midnight stay on that day). */
const moreOnDay = async (first: { id: number }, n: number, capacity: number) => {
  const more = await Promise.all(Array.from({ length: n }, (_, i) => createOccurrence(ctx.db, fx, { kind: 'class', capacity, startsInMinutes: (dayCounter * 24 + 1) * 60 + i + 1 })));
  await sql`UPDATE occurrences SET local_date = (SELECT local_date FROM occurrences WHERE id = ${first.id}) WHERE id = ANY(${more.map((o) => o.id)}::int[])`.execute(ctx.db);
  return more;
};
const dayOf = async (occurrenceId: number) =>
  (await sql<{ date: string }>`SELECT to_char(local_date, 'YYYY-MM-DD') AS date FROM occurrences WHERE id = ${occurrenceId}`.execute(ctx.db)).rows[0]!.date;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const move = (who: TestCustomer | null, venue: string | number, date: string, releaseAt: string) =>
  call('PUT', `/api/foh/venues/${venue}/releases/${date}`, who, { release_at: releaseAt });
/** Staff move the occurrence's day to open in `minutes`; answers the release row's id. */
const releaseIn = async (occurrenceId: number, minutes: number) => {
  const moved = await move(staff, fx.venueId, await dayOf(occurrenceId), inMinutes(minutes));
  expect(moved.statusCode).toBe(200);
  return (await ctx.db.selectFrom('day_releases').select('id').where('venue_id', '=', fx.venueId).where('local_date', '=', await dayOf(occurrenceId)).executeTakeFirstOrThrow()).id;
};
/** The release instant arrives now (the test's clock, not a wait): requests made so far are before it. */
const arrive = (releaseId: number) => ctx.db.updateTable('day_releases').set({ release_at: sql<Date>`clock_timestamp()` }).where('id', '=', releaseId).execute();

describe('asking before a release', () => {
  it('too early answers when requests open (422 with opens_at); inside the 10 minutes 202 waiting with the committed hash', async () => {
    const occurrence = await classOnItsOwnDay(5);
    await releaseIn(occurrence.id, 60);
    const [who] = await createCustomers(ctx.db, fx.clientId, 1);
    const early = await ask(who!, occurrence.id);
    expect(early.statusCode).toBe(422);
    const body = early.json<{ code: string; opens_at: string; release_at: string }>();
    expect(body.code).toBe('release_not_open');
    expect(Date.parse(body.release_at) - Date.parse(body.opens_at)).toBe(10 * 60_000);
    expect(Math.abs(Date.parse(body.release_at) - Date.now() - 60 * 60_000)).toBeLessThan(60_000);

    await releaseIn(occurrence.id, 5);
    const inside = await ask(who!, occurrence.id);
    expect(inside.statusCode).toBe(202);
    const data = inside.json<{ data: { id: number; status: string; release_at: string; seed_hash: string } }>().data;
    expect(data.status).toBe('waiting');
    expect(data.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const row = await ctx.db.selectFrom('day_releases').select(['seed', 'seed_hash']).where('seed_hash', '=', data.seed_hash).executeTakeFirstOrThrow();
    expect(seedHashOf(row.seed)).toBe(data.seed_hash);
    // Listed with its hash, and no seed before the draw.
    expect(await mine(who!)).toEqual([
      { id: data.id, status: 'waiting', occurrence_id: occurrence.id, purchased_for_user_id: who!.selfId, position: null, reason: null, release_at: data.release_at, seed_hash: data.seed_hash, seed: null },
    ]);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(0);
  });

  it('limits a customer to 2 requests per release; the same item for the same person again counts once (the same request)', async () => {
    const day = await classOnItsOwnDay(5);
    const sameDay = await moreOnDay(day, 1, 5);
    await releaseIn(day.id, 5);
    expect(await dayOf(sameDay[0]!.id)).toBe(await dayOf(day.id));
    const [who] = await createCustomers(ctx.db, fx.clientId, 1);
    const first = await ask(who!, day.id);
    const again = await ask(who!, day.id, who!.selfId);
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await ask(who!, day.id, who!.childId)).statusCode).toBe(202);
    const third = await ask(who!, sameDay[0]!.id);
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({ code: 'release_limit', message: RELEASE_LIMIT_MESSAGE });
    expect(await mine(who!)).toHaveLength(2);
  });

  it('keeps the limit when one customer fires 20 requests at once (the same item, the child, two others): 2 stored, the rest 422, nothing else', async () => {
    const day = await classOnItsOwnDay(5);
    const others = await moreOnDay(day, 2, 5);
    await releaseIn(day.id, 5);
    const [who] = await createCustomers(ctx.db, fx.clientId, 1);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? ask(who!, day.id) : i % 4 === 1 ? ask(who!, day.id, who!.childId) : ask(who!, others[i % 2]!.id))),
    );
    expect(burst.every((r) => r.statusCode === 202 || r.statusCode === 422)).toBe(true);
    expect(burst.filter((r) => r.statusCode === 422).every((r) => r.json().code === 'release_limit')).toBe(true);
    const stored = await mine(who!);
    expect(stored).toHaveLength(2);
    // Every 202 names one of the two stored requests.
    const ids = new Set(stored.map((r) => r.id));
    expect(burst.filter((r) => r.statusCode === 202).every((r) => ids.has(r.json().data.id))).toBe(true);
  });

  it("refuses visitors (401) and another customer's person (403 'Unauthorised.'), making no request", async () => {
    const occurrence = await classOnItsOwnDay(5);
    await releaseIn(occurrence.id, 5);
    const [who, other] = await createCustomers(ctx.db, fx.clientId, 2);
    expect((await ask(null, occurrence.id)).statusCode).toBe(401);
    expect((await call('GET', '/api/activities/release-requests', null)).statusCode).toBe(401);
    const theirs = await ask(who!, occurrence.id, other!.childId);
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, 'Unauthorised.']);
    expect(await mine(who!)).toEqual([]);
  });
});

describe("staff moving a day's release", () => {
  it("moves it (a future ISO instant with offset) and refuses customers (403), visitors (401), another operator's venue (403) and a past instant (422)", async () => {
    const occurrence = await classOnItsOwnDay(5);
    const date = await dayOf(occurrence.id);
    const at = inMinutes(90).replace('Z', '+00:00');
    const moved = await move(staff, fx.venueId, date, at);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ venue_id: fx.venueId, date, release_at: new Date(at).toISOString(), drawn: false });
    const [customer] = await createCustomers(ctx.db, fx.clientId, 1);
    const asCustomer = await move(customer!, fx.venueId, date, at);
    expect([asCustomer.statusCode, asCustomer.json().message]).toEqual([403, 'Unauthorised.']);
    expect((await move(null, fx.venueId, date, at)).statusCode).toBe(401);
    const elsewhere = await move(staff, otherVenueId, date, at);
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([403, 'Unauthorised.']);
    expect((await move(staff, fx.venueId, date, inMinutes(-1))).statusCode).toBe(422);
    // Without an offset it is no instant: the request's validation refuses it (422, release_at).
    const local = await move(staff, fx.venueId, date, at.slice(0, 19));
    expect([local.statusCode, Object.keys(local.json().errors ?? {})]).toEqual([422, ['release_at']]);
    // The request window follows the moved release.
    const early = await ask(customer!, occurrence.id);
    expect(early.json().release_at).toBe(new Date(at).toISOString());
  });

  it('20 moves of one day at once leave one release, at one of the instants asked for, with one draw job at it', async () => {
    const occurrence = await classOnItsOwnDay(5);
    const date = await dayOf(occurrence.id);
    const instants = Array.from({ length: 20 }, (_, i) => inMinutes(60 + i));
    const moved = await Promise.all(instants.map((at) => move(staff, fx.venueId, date, at)));
    expect(moved.map((r) => r.statusCode)).toEqual(instants.map(() => 200));
    const rows = await ctx.db.selectFrom('day_releases').select(['id', 'release_at']).where('venue_id', '=', fx.venueId).where('local_date', '=', date).execute();
    expect(rows).toHaveLength(1);
    expect(instants).toContain(rows[0]!.release_at.toISOString());
    const jobs = await sql<{ run_at: Date }>`SELECT run_at FROM graphile_worker.jobs WHERE key = ${`release-draw:${rows[0]!.id}`}`.execute(ctx.db);
    expect(jobs.rows.map((j) => j.run_at.toISOString())).toEqual([rows[0]!.release_at.toISOString()]);
  });

  it("the timetable's next date opens when its release is moved to (one rule for the day)", async () => {
    const { slug } = await ctx.db.selectFrom('activity_categories').select('slug').where('id', '=', fx.classCategoryId).executeTakeFirstOrThrow();
    const dates = async () =>
      (await call('GET', `/api/activities/venue/bury-leisure-centre/activity-category/${slug}/dates`, staff)).json<{ data: { raw: string; bookable: boolean; opens_at: string | null }[] }>().data;
    const next = (await dates()).find((d) => !d.bookable)!;
    expect(next.opens_at).not.toBeNull();
    const at = inMinutes(30);
    expect((await move(staff, fx.venueId, next.raw, at)).statusCode).toBe(200);
    expect((await dates()).find((d) => d.raw === next.raw)!.opens_at).toBe(at);
  });
});

describe('the draw', () => {
  it('decides 200 requests of 100 customers over 4 sessions once, even with two draws at once: capacity kept, the rest waitlisted 1..n in the seed order', async () => {
    const first = await classOnItsOwnDay(10);
    const sessions = [first, ...(await moreOnDay(first, 3, 10))];
    const releaseId = await releaseIn(first.id, 5);
    const customers = await createCustomers(ctx.db, fx.clientId, 100);
    const answers = await Promise.all(customers.flatMap((who, i) => [ask(who, sessions[i % 4]!.id), ask(who, sessions[(i + 1) % 4]!.id)]));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 202));
    await arrive(releaseId);

    const draws = await Promise.all([runDraw(ctx.db, releaseId, DRAW), runDraw(ctx.db, releaseId, DRAW)]);
    expect(draws[0]!.decided + draws[1]!.decided).toBe(200);
    expect(draws[0]!.granted + draws[1]!.granted).toBe(40);
    expect((await runDraw(ctx.db, releaseId, DRAW)).decided).toBe(0);

    const release = await ctx.db.selectFrom('day_releases').selectAll().where('id', '=', releaseId).executeTakeFirstOrThrow();
    expect(release.drawn_at).not.toBeNull();
    const requests = await ctx.db.selectFrom('release_requests').selectAll().where('release_id', '=', releaseId).execute();
    const order = drawOrder(release.seed, requests.map((r) => r.id));
    for (const session of sessions) {
      expect(await liveClaims(ctx.db, session.id)).toBe(10);
      const ofSession = order.map((id) => requests.find((r) => r.id === id)!).filter((r) => r.occurrence_id === session.id);
      expect(ofSession).toHaveLength(50);
      // The first 10 in the seed's order hold the places; the next 40 wait in that order.
      expect(ofSession.slice(0, 10).map((r) => r.status)).toEqual(new Array(10).fill('granted'));
      expect(ofSession.slice(10).map((r) => [r.status, r.position])).toEqual(ofSession.slice(10).map((_, i) => ['waitlisted', i + 1]));
      const waitlist = await ctx.db.selectFrom('waitlist_entries').select('membership_user_id').where('occurrence_id', '=', session.id).orderBy('id').execute();
      expect(waitlist.map((w) => w.membership_user_id)).toEqual(ofSession.slice(10).map((r) => r.membership_user_id));
    }
    // A customer's two requests, in two sessions decided side by side: each grant is a hold in
    // the customer's own basket (their 'self' person's), one item per grant.
    const { rows: baskets } = await sql<{ account: number; items: number }>`
      SELECT c.account_user_id AS account, count(*)::int AS items FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
       JOIN membership_users m ON m.id = c.membership_user_id AND m.relationship = 'self'
       WHERE ci.occurrence_id = ANY(${sessions.map((o) => o.id)}::int[]) AND c.status = 'open' GROUP BY c.account_user_id`.execute(ctx.db);
    const grantsPerAccount = new Map<number, number>();
    for (const r of requests.filter((q) => q.status === 'granted')) grantsPerAccount.set(r.account_user_id, (grantsPerAccount.get(r.account_user_id) ?? 0) + 1);
    expect(new Map(baskets.map((b) => [b.account, b.items]))).toEqual(grantsPerAccount);
    const granted = requests.find((r) => r.status === 'granted')!;
    const who = customers.find((c) => c.userId === granted.account_user_id)!;
    const cart = (await call('GET', '/api/activities/cart', who)).json().data;
    expect(cart.items.map((i: { cartable_id: number }) => i.cartable_id)).toContain(granted.occurrence_id);
    // The seed is shown now, and its hash is the one shown before.
    const listed = await mine(who);
    expect(listed[0]!.seed).toBe(release.seed);
    expect(seedHashOf(listed[0]!.seed!)).toBe(listed[0]!.seed_hash);
  }, 180_000);

  it('runs as the release-draw job when due; a request after the release queues behind and is decided in arrival order', async () => {
    const occurrence = await classOnItsOwnDay(1);
    const releaseId = await releaseIn(occurrence.id, 5);
    const [early, late1, late2] = await createCustomers(ctx.db, fx.clientId, 3);
    expect((await ask(early!, occurrence.id)).statusCode).toBe(202);
    await arrive(releaseId);
    await makeJobsDue(ctx.db);
    await runDueJobs({ url: ctx.url, db: ctx.db });
    expect((await mine(early!))[0]).toMatchObject({ status: 'granted', position: null });
    const after = await ask(late1!, occurrence.id);
    expect(after.json().data.status).toBe('waiting');
    expect((await ask(late2!, occurrence.id)).statusCode).toBe(202);
    await runDueJobs({ url: ctx.url, db: ctx.db });
    expect((await mine(late1!))[0]).toMatchObject({ status: 'waitlisted', position: 1 });
    expect((await mine(late2!))[0]).toMatchObject({ status: 'waitlisted', position: 2 });
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
  });
});

describe('the draw keeps the basket\'s rules', () => {
  /** The requests of a release in the seed's order, with their outcomes. */
  const drawn = async (releaseId: number) => {
    const release = await ctx.db.selectFrom('day_releases').select('seed').where('id', '=', releaseId).executeTakeFirstOrThrow();
    const requests = await ctx.db.selectFrom('release_requests').selectAll().where('release_id', '=', releaseId).execute();
    return drawOrder(
      release.seed,
      requests.map((r) => r.id),
    ).map((id) => requests.find((r) => r.id === id)!);
  };

  it("the account's hold limit, counted across sessions decided side by side: a customer at the limit gets one place, the other request is refused with the limit's message", async () => {
    const first = await classOnItsOwnDay(5);
    const [second] = await moreOnDay(first, 1, 5);
    const releaseId = await releaseIn(first.id, 5);
    const [who] = await createCustomers(ctx.db, fx.clientId, 1);
    expect((await ask(who!, first.id)).statusCode).toBe(202);
    expect((await ask(who!, second!.id, who!.childId)).statusCode).toBe(202);
    await arrive(releaseId);
    await ctx.db.updateTable('clients').set({ max_live_holds: 1 }).where('id', '=', fx.clientId).execute();
    try {
      expect(await runDraw(ctx.db, releaseId, DRAW)).toMatchObject({ decided: 2, granted: 1, refused: 1 });
    } finally {
      await ctx.db.updateTable('clients').set({ max_live_holds: 8 }).where('id', '=', fx.clientId).execute();
    }
    const outcomes = (await mine(who!)).map((r) => [r.status, r.reason]);
    expect(outcomes).toContainEqual(['granted', null]);
    expect(outcomes).toContainEqual(['refused', 'You can hold up to 1 place at once. Book or remove a place in your basket to hold another.']);
    expect((await liveClaims(ctx.db, first.id)) + (await liveClaims(ctx.db, second!.id))).toBe(1);
  });

  it("a request whose ticket's age rule no longer fits goes through the basket's whole add where it stands in the seed's order: refused with the rule's reason, the place to the next", async () => {
    const occurrence = await classOnItsOwnDay(1);
    const releaseId = await releaseIn(occurrence.id, 5);
    const customers = await createCustomers(ctx.db, fx.clientId, 3);
    const yearsAgo = (years: number) => new Date(Date.now() - years * 365.25 * 86_400_000).toISOString().slice(0, 10);
    await ctx.db.updateTable('membership_users').set({ date_of_birth: yearsAgo(10) }).where('id', 'in', customers.map((c) => c.childId)).execute();
    await ctx.db.updateTable('pricing_options').set({ min_age: 0, max_age: 15 }).where('id', '=', fx.classOptions.junior).execute();
    try {
      for (const who of customers) {
        const asked = await call('POST', '/api/activities/release-requests', who, { item: { ...item(occurrence.id, who.childId), pricing_option_id: fx.classOptions.junior } });
        expect(asked.statusCode).toBe(202);
      }
      await arrive(releaseId);
      // The first in the seed's order is no longer a junior by the draw (their date of birth corrected).
      const [firstDrawn, secondDrawn, thirdDrawn] = await drawn(releaseId);
      await ctx.db.updateTable('membership_users').set({ date_of_birth: yearsAgo(20) }).where('id', '=', firstDrawn!.membership_user_id).execute();
      expect(await runDraw(ctx.db, releaseId, DRAW)).toMatchObject({ decided: 3, granted: 1, waitlisted: 1, refused: 1 });
      const after = await drawn(releaseId);
      expect(after.map((r) => [r.id, r.status, r.position])).toEqual([
        [firstDrawn!.id, 'refused', null],
        [secondDrawn!.id, 'granted', null],
        [thirdDrawn!.id, 'waitlisted', 1],
      ]);
      expect(after[0]!.reason).toMatch(/Junior/);
      // The grant is the ordinary hold: the junior ticket at its price, in the customer's basket, expiring in 15 minutes.
      const held = await sql<{ price_pence: number; expires_in: number }>`
        SELECT ci.price_pence, extract(epoch FROM pc.expires_at - now()) AS expires_in FROM cart_items ci JOIN place_claims pc ON pc.id = ci.claim_id
         WHERE ci.occurrence_id = ${occurrence.id} AND ci.purchased_for_user_id = ${secondDrawn!.membership_user_id}`.execute(ctx.db);
      expect(held.rows).toHaveLength(1);
      expect(held.rows[0]!.price_pence).toBe(400);
      expect(Math.abs(Number(held.rows[0]!.expires_in) - HOLD_MINUTES * 60)).toBeLessThan(60);
    } finally {
      await ctx.db.updateTable('pricing_options').set({ min_age: null, max_age: null }).where('id', '=', fx.classOptions.junior).execute();
    }
  });
});

describe('a draw left by a process that died', () => {
  it('is not taken while a live draw holds the release’s lock; once that session is gone it is queued to run now and decides the requests', async () => {
    const occurrence = await classOnItsOwnDay(1);
    const releaseId = await releaseIn(occurrence.id, 5);
    const [who] = await createCustomers(ctx.db, fx.clientId, 1);
    expect((await ask(who!, occurrence.id)).statusCode).toBe(202);
    await arrive(releaseId);
    // A draw in another process, holding the release's lock (its session, as withDrawLock does).
    const drawer = new pg.Client({ connectionString: ctx.url });
    await drawer.connect();
    await drawer.query('SELECT pg_advisory_lock(25, $1)', [releaseId]);
    expect(await resumeStrandedDraws(ctx.db)).not.toContain(releaseId);
    // The graphile-worker job of that draw, locked by the process (it would stay so for 4 hours).
    await sql`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'dead-worker' WHERE key = ${`release-draw:${releaseId}`}`.execute(ctx.db);
    // The process dies: its connection closes and PostgreSQL lets go of the lock.
    await drawer.end();
    expect(await resumeStrandedDraws(ctx.db)).toContain(releaseId);
    const jobs = await sql<{ locked: boolean; due: boolean }>`
      SELECT locked_at IS NOT NULL AS locked, run_at <= now() AS due FROM graphile_worker._private_jobs WHERE key = ${`release-draw:${releaseId}`}`.execute(ctx.db);
    expect(jobs.rows).toEqual([{ locked: false, due: true }]);
    await runDueJobs({ url: ctx.url, db: ctx.db });
    expect((await mine(who!))[0]).toMatchObject({ status: 'granted' });
    expect(await resumeStrandedDraws(ctx.db)).not.toContain(releaseId);
  });
});

describe('the public release (the page shows the hash before and the seed after)', () => {
  const release = (venue: string | number, date: string, who: TestCustomer | null = null) => call('GET', `/api/activities/venues/${venue}/releases/${date}`, who);
  const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('shows anyone the committed hash and no seed before the draw, the seed whose hash it is after', async () => {
    const occurrence = await classOnItsOwnDay(1);
    const releaseId = await releaseIn(occurrence.id, 5);
    const date = await dayOf(occurrence.id);
    const before = await release(fx.venueId, date);
    expect(before.statusCode).toBe(200);
    const shown = before.json<{ data: { seed_hash: string; seed: string | null; drawn: boolean; release_at: string; requests_open_at: string } }>().data;
    expect(shown).toMatchObject({ venue_id: fx.venueId, date, seed: null, drawn: false });
    expect(shown.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(shown.release_at) - Date.parse(shown.requests_open_at)).toBe(10 * 60_000);
    await arrive(releaseId);
    await runDraw(ctx.db, releaseId, DRAW);
    const after = (await release(fx.venueId, date)).json().data;
    expect(after.drawn).toBe(true);
    expect(after.seed_hash).toBe(shown.seed_hash);
    expect(seedHashOf(after.seed)).toBe(shown.seed_hash);
  });

  it("makes the next date's release (its seed) once when due within 48 hours; far and past dates 404; another operator's venue 403", async () => {
    const { slug } = await ctx.db.selectFrom('activity_categories').select('slug').where('id', '=', fx.classCategoryId).executeTakeFirstOrThrow();
    const dates = (await call('GET', `/api/activities/venue/bury-leisure-centre/activity-category/${slug}/dates`, staff)).json<{ data: { raw: string; bookable: boolean }[] }>().data;
    const next = dates.find((d) => !d.bookable)!;
    const first = await release('bury-leisure-centre', next.raw);
    expect(first.statusCode).toBe(200);
    expect((await release(fx.venueId, next.raw)).json().data.seed_hash).toBe(first.json().data.seed_hash);
    expect(await ctx.db.selectFrom('day_releases').select('id').where('venue_id', '=', fx.venueId).where('local_date', '=', next.raw).execute()).toHaveLength(1);
    const far = await release(fx.venueId, dayFromToday(400));
    expect([far.statusCode, far.json().message]).toEqual([404, 'This day has no release to show.']);
    expect((await release(fx.venueId, dayFromToday(-3))).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('day_releases').select('id').where('local_date', 'in', [dayFromToday(400), dayFromToday(-3)]).execute()).toEqual([]);
    const elsewhere = await release(otherVenueId, next.raw);
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([403, 'Unauthorised.']);
  });
});

describe("the release's email (one per customer, in their language, told once)", () => {
  const emailsTo = (address: string) =>
    ctx.db.selectFrom('outbox_emails').select(['subject', 'text_body', 'html_body']).where('kind', '=', 'release_result').where('to_address', '=', address).execute();
  const holdUntil = async (occurrenceId: number, personId: number) => {
    const { rows } = await sql<{ until: string }>`
      SELECT to_char(c.expires_at AT TIME ZONE 'Europe/London', 'HH24:MI') AS until FROM place_claims c
       WHERE c.occurrence_id = ${occurrenceId} AND c.membership_user_id = ${personId} AND c.kind = 'hold' AND c.status = 'active'`.execute(ctx.db);
    return rows[0]!.until;
  };
  /** 'Yoga at 09:00': the session's name and venue-local start, as the email lists it. */
  const sessionAt = async (occurrenceId: number) => {
    const { rows } = await sql<{ line: string }>`
      SELECT a.name || ' at ' || to_char(o.starts_at AT TIME ZONE 'Europe/London', 'HH24:MI') AS line
        FROM occurrences o JOIN activities a ON a.id = o.activity_id WHERE o.id = ${occurrenceId}`.execute(ctx.db);
    return rows[0]!.line;
  };

  it("tells each customer what their requests came to (held until the hold's expiry, waiting list position), a Welsh account in Welsh; a second draw tells nobody again", async () => {
    const last = await classOnItsOwnDay(1);
    const [roomy] = await moreOnDay(last, 1, 5);
    const releaseId = await releaseIn(last.id, 5);
    const [english, welsh] = await createCustomers(ctx.db, fx.clientId, 2);
    await ctx.db.updateTable('users').set({ language: 'cy' }).where('id', '=', welsh!.userId).execute();
    expect((await ask(english!, last.id)).statusCode).toBe(202);
    expect((await ask(english!, roomy!.id, english!.childId)).statusCode).toBe(202);
    expect((await ask(welsh!, last.id)).statusCode).toBe(202);
    await arrive(releaseId);
    expect(await runDraw(ctx.db, releaseId, DRAW)).toMatchObject({ decided: 3, granted: 2, waitlisted: 1, told: 2 });

    const lastWinner = (await mine(english!)).find((r) => r.occurrence_id === last.id)!.status === 'granted' ? 'english' : 'welsh';
    const mailsOfEnglish = await emailsTo(english!.email);
    expect(mailsOfEnglish).toHaveLength(1);
    const en = mailsOfEnglish[0]!;
    expect(en.subject).toMatch(/^Your requests for \w+day \d{1,2} \w+ \d{4} at /);
    expect(en.text_body).toContain(`${await sessionAt(roomy!.id)} for ${(await ctx.db.selectFrom('membership_users').select(['first_name', 'last_name']).where('id', '=', english!.childId).executeTakeFirstOrThrow()).first_name}`);
    expect(en.text_body).toContain(`held in your basket until ${await holdUntil(roomy!.id, english!.childId)}.`);
    expect(en.text_body).toContain('http://localhost:3000/basket');
    expect(en.html_body).toContain('lang="en-GB"');

    const mailsOfWelsh = await emailsTo(welsh!.email);
    expect(mailsOfWelsh).toHaveLength(1);
    const cy = mailsOfWelsh[0]!;
    expect(cy.subject).toMatch(/^Eich ceisiadau ar gyfer Dydd /);
    expect(cy.html_body).toContain('lang="cy"');
    if (lastWinner === 'welsh') {
      expect(cy.text_body).toContain(`yn cael ei gadw yn eich basged tan ${await holdUntil(last.id, welsh!.selfId)}.`);
      expect(en.text_body).toContain('on the waiting list, number 1.');
    } else {
      expect(cy.text_body).toContain('ar y rhestr aros, rhif 1.');
      expect(en.text_body).toContain(`held in your basket until ${await holdUntil(last.id, english!.selfId)}.`);
    }

    // Nothing is told twice: a second draw (or another instance's) finds everyone told.
    expect(await runDraw(ctx.db, releaseId, DRAW)).toMatchObject({ decided: 0, told: 0 });
    expect(await emailsTo(english!.email)).toHaveLength(1);
    expect(await emailsTo(welsh!.email)).toHaveLength(1);
  });

  it('a draw that died after deciding and before telling is found by the watch and tells each customer once, even with two tellers at once', async () => {
    const occurrence = await classOnItsOwnDay(3);
    const releaseId = await releaseIn(occurrence.id, 5);
    const customers = await createCustomers(ctx.db, fx.clientId, 4);
    for (const who of customers) expect((await ask(who, occurrence.id)).statusCode).toBe(202);
    await arrive(releaseId);
    expect(await runDraw(ctx.db, releaseId, DRAW)).toMatchObject({ decided: 4, granted: 3, waitlisted: 1, told: 4 });
    // As if the process died between the decisions' commit and the telling's: nobody told.
    await ctx.db.deleteFrom('outbox_emails').where('kind', '=', 'release_result').where('to_address', 'in', customers.map((c) => c.email)).execute();
    await ctx.db.updateTable('release_requests').set({ notified_at: null }).where('release_id', '=', releaseId).execute();
    expect(await resumeStrandedDraws(ctx.db)).toContain(releaseId);
    const [a, b] = await Promise.all([runDraw(ctx.db, releaseId, DRAW), runDraw(ctx.db, releaseId, DRAW)]);
    expect(a.told + b.told).toBe(4);
    for (const who of customers) expect(await emailsTo(who.email)).toHaveLength(1);
    expect(await resumeStrandedDraws(ctx.db)).not.toContain(releaseId);
  });
});
