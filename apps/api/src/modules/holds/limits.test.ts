import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createOccurrence, expireClaims, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { addPayload, cartOf, request, useShop } from '../../../test/fixtures/shop.ts';
import { buildApp, type App } from '../../app.ts';
import { createDb, type Db } from '../../db/connect.ts';
import { loadConfig } from '../../lib/config.ts';

/*
 * Holds cannot be hoarded (issue 22, docs/holds.md "Limits per account"): the demo client's limits
 * (8 live places per account, 2 per session except courts and family sessions), waitlist offers
 * counting towards them, no holding again a place the account just released, and the limits
 * under parallel adds of one account.
 */

const ctx = useTestApp();
const shop = useShop(ctx, { customers: 2 });
const { call } = shop;

const add = (who: TestCustomer, occurrenceId: number, personId: number | null = null) =>
  call('POST', '/api/activities/cart/add', who, addPayload(occurrenceId, { purchased_for_user_id: personId }));

/** `count` more family members of the customer's account (inserted directly, as sign-up does not limit the fixture). */
const morePeople = async (who: TestCustomer, count: number) =>
  (
    await ctx.db
      .insertInto('membership_users')
      .values(Array.from({ length: count }, (_, i) => ({ client_id: shop.fx.clientId, account_user_id: who.userId, user_id: null, first_name: `Extra${i}`, last_name: 'Tester', relationship: 'child' as const })))
      .returning('id')
      .execute()
  ).map((r) => r.id);

// Every session starts within 6.5 days, inside the fixture's 7-day booking window at any time of day
// (a later start fell on day 8 when the test ran late enough in the day: 'not open for booking yet').
const classes = (count: number, startsInMinutes = 3000) =>
  Promise.all(Array.from({ length: count }, (_, i) => createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 10, startsInMinutes: startsInMinutes + i * 60 })));

const liveHoldsOf = async (who: TestCustomer) => {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM place_claims
     WHERE account_user_id = ${who.userId} AND status = 'active' AND kind <> 'booking' AND expires_at > now()`.execute(ctx.db);
  return rows[0]!.n;
};

/** A family session: an ad hoc activity (family swim) in the fixture's class category, and one occurrence of it. */
const familySession = async () => {
  const activity = await ctx.db
    .insertInto('activities')
    .values({ client_id: shop.fx.clientId, venue_id: shop.fx.venueId, category_id: shop.fx.classCategoryId, kind: 'ad_hoc', name: 'Family Swim' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('pricing_options').values({ client_id: shop.fx.clientId, activity_id: activity.id, name: 'Family', price_pence: 500, member_price_pence: 400, sort_order: 0 }).execute();
  const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 20, startsInMinutes: 2000 });
  await ctx.db.updateTable('occurrences').set({ activity_id: activity.id }).where('id', '=', occurrence.id).execute();
  return occurrence;
};

describe('limits per account', () => {
  it("holds 8 places at once, then answers 409 'You can hold up to 8 places at once'; removing one lets another in", async () => {
    const [who] = await createCustomers(ctx.db, shop.fx.clientId, 1);
    const sessions = await classes(9);
    for (const occurrence of sessions.slice(0, 8)) expect((await add(who!, occurrence.id)).statusCode).toBe(200);
    const refused = await add(who!, sessions[8]!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'hold_limit', message: 'You can hold up to 8 places at once. Book or remove a place in your basket to hold another.' });
    expect(await liveHoldsOf(who!)).toBe(8);
    // The same add again is still answered with the one hold (idempotent at the limit).
    expect((await add(who!, sessions[0]!.id)).statusCode).toBe(200);
    const cart = cartOf(await call('GET', '/api/activities/cart', who!));
    const removed = await call('POST', '/api/activities/cart/remove', who!, { cart_item_ids: [cart.items[0]!.id] });
    expect(removed.statusCode).toBe(200);
    expect((await add(who!, sessions[8]!.id)).statusCode).toBe(200);
  });

  it('holds 2 places of one class per account; a family session and the limit is the client setting', async () => {
    const [who] = await createCustomers(ctx.db, shop.fx.clientId, 1);
    const [third, fourth] = await morePeople(who!, 2);
    const [occurrence] = await classes(1, 2500);
    expect((await add(who!, occurrence!.id, who!.selfId)).statusCode).toBe(200);
    expect((await add(who!, occurrence!.id, who!.childId)).statusCode).toBe(200);
    const refused = await add(who!, occurrence!.id, third!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'hold_limit_session', message: 'You can hold up to 2 places in one session at once.' });

    const family = await familySession();
    for (const person of [who!.selfId, who!.childId, third!, fourth!]) expect((await add(who!, family.id, person)).statusCode).toBe(200);

    // The limit is the client's setting (this test file has its own database).
    await ctx.db.updateTable('clients').set({ max_holds_per_session: 3 }).where('id', '=', shop.fx.clientId).execute();
    expect((await add(who!, occurrence!.id, third!)).statusCode).toBe(200);
    expect((await add(who!, occurrence!.id, fourth!)).json()).toMatchObject({ message: 'You can hold up to 3 places in one session at once.' });
    await ctx.db.updateTable('clients').set({ max_holds_per_session: 2 }).where('id', '=', shop.fx.clientId).execute();
  });

  it('a waitlist offer counts towards the limit', async () => {
    const [who] = await createCustomers(ctx.db, shop.fx.clientId, 1);
    const sessions = await classes(9, 6000);
    // What the promotion job does for a waiter: an offer claim for their account.
    await sql`SELECT * FROM hold_place(${sessions[0]!.id}::integer, ${who!.userId}::integer, ${who!.selfId}::integer, 'offer', now() + interval '2 hours')`.execute(ctx.db);
    for (const occurrence of sessions.slice(1, 8)) expect((await add(who!, occurrence.id)).statusCode).toBe(200);
    expect((await add(who!, sessions[8]!.id)).json()).toMatchObject({ code: 'hold_limit' });
  });
});

describe('holding a place again', () => {
  it('a removed place cannot be held again by the account for a hold’s length; anyone else can take it', async () => {
    const [who, other] = await createCustomers(ctx.db, shop.fx.clientId, 2);
    const [occurrence] = await classes(1, 7000);
    expect((await add(who!, occurrence!.id)).statusCode).toBe(200);
    const item = cartOf(await call('GET', '/api/activities/cart', who!)).items[0]!;
    await call('POST', '/api/activities/cart/remove', who!, { cart_item_ids: [item.id] });
    for (const person of [who!.selfId, who!.childId]) {
      const again = await add(who!, occurrence!.id, person);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'released_recently',
        message: 'You released this place a moment ago; it is open to everyone else first. Try again in 15 minutes.',
      });
    }
    expect((await add(other!, occurrence!.id)).statusCode).toBe(200);
    // A hold's length after the removal, the account may hold it again.
    await ctx.db.updateTable('place_claims').set({ released_at: sql<never>`now() - interval '16 minutes'` }).where('account_user_id', '=', who!.userId).where('occurrence_id', '=', occurrence!.id).execute();
    expect((await add(who!, occurrence!.id)).statusCode).toBe(200);
  });

  it('an expired hold cannot be held again at once (hold_again or a new add)', async () => {
    const [who] = await createCustomers(ctx.db, shop.fx.clientId, 1);
    const [occurrence] = await classes(1, 7500);
    await add(who!, occurrence!.id);
    await expireClaims(ctx.db, { occurrenceId: occurrence!.id });
    const item = cartOf(await call('GET', '/api/activities/cart', who!)).items[0]!;
    expect(item.status).toBe('expired');
    const again = await call('PUT', `/api/activities/cart/${item.id}`, who!, { hold_again: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'released_recently' });
    expect((await add(who!, occurrence!.id)).json()).toMatchObject({ code: 'released_recently' });
  });
});

describe('limits under parallel adds of one account', () => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = createDb(ctx.url, 30);
    app = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' }), db, serveWeb: false, validateResponses: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  it('20 parallel adds to 20 sessions, in 10 baskets of the account, hold exactly 8; the rest are 409 hold_limit', { timeout: 60_000 }, async () => {
    const [who] = await createCustomers(ctx.db, shop.fx.clientId, 1);
    // One basket per person (the selected person), so the basket rows do not queue the adds: only
    // the account's lock does (without it this holds more than 8).
    const people = [who!.selfId, who!.childId, ...(await morePeople(who!, 8))];
    const sessions = await classes(20, 7800);
    const responses = await Promise.all(
      sessions.map((o, i) => request(app, 'POST', '/api/activities/cart/add', who!, { ...addPayload(o.id), selected_user_id: people[i % people.length]! })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json<{ code: string }>().code)).toEqual(Array(12).fill('hold_limit'));
    expect(await liveHoldsOf(who!)).toBe(8);
  });

  it("a second hold of the account waits for the first one's transaction, then counts it (the account's lock)", { timeout: 30_000 }, async () => {
    const [who] = await createCustomers(ctx.db, shop.fx.clientId, 1);
    const sessions = await classes(9, 5000);
    for (const occurrence of sessions.slice(0, 7)) expect((await add(who!, occurrence.id)).statusCode).toBe(200);
    const [a, b] = [new pg.Client({ connectionString: ctx.url }), new pg.Client({ connectionString: ctx.url })];
    await Promise.all([a.connect(), b.connect()]);
    const holdSql = `SELECT outcome FROM hold_place($1, $2, $3, 'hold', now() + interval '15 minutes')`;
    try {
      await a.query('BEGIN');
      expect((await a.query<{ outcome: string }>(holdSql, [sessions[7]!.id, who!.userId, who!.selfId])).rows[0]!.outcome).toBe('held');
      const { pid } = (await b.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!;
      let settled = false;
      const second = b.query<{ outcome: string }>(holdSql, [sessions[8]!.id, who!.userId, who!.childId]).finally(() => (settled = true));
      // The second waits on a lock (without the account's lock it answers at once, having counted 7).
      for (;;) {
        if (settled) break;
        const { rows } = await sql<{ wait: string | null }>`SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = ${pid}`.execute(ctx.db);
        if (rows[0]?.wait === 'Lock') break;
      }
      await a.query('COMMIT');
      expect((await second).rows[0]!.outcome).toBe('limit:8');
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('10 parallel adds of 10 people to one class hold exactly 2', { timeout: 60_000 }, async () => {
    const [who] = await createCustomers(ctx.db, shop.fx.clientId, 1);
    const people = [who!.selfId, who!.childId, ...(await morePeople(who!, 8))];
    const [occurrence] = await classes(1, 4500);
    const responses = await Promise.all(people.map((person) => request(app, 'POST', '/api/activities/cart/add', who!, addPayload(occurrence!.id, { purchased_for_user_id: person }))));
    expect(responses.map((r) => r.statusCode).filter((s) => s === 200), responses.map((r) => r.body).join('\n')).toHaveLength(2);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json<{ code: string }>().code)).toEqual(Array(8).fill('hold_limit_session'));
    expect(await liveHoldsOf(who!)).toBe(2);
  });
});
