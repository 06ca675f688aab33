import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { CART_BUSY_MESSAGE, CART_FULL_MESSAGE } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { statementsSentBy } from '../../../test/statements.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { createCustomers, createHoldsFixture, createOccurrence, expireClaims, liveClaims, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { addPayload, cartOf, request, useShop, type Json } from '../../../test/fixtures/shop.ts';
import { buildApp, type App } from '../../app.ts';
import { createDb, type Db } from '../../db/connect.ts';
import { loadConfig } from '../../lib/config.ts';
import { enqueue } from '../../jobs/enqueue.ts';

const ctx = useTestApp();
const shop = useShop(ctx, { customers: 6 });
const { call } = shop;

/* Place claims through the basket API (docs/holds.md): expiry and the sweep, refusals from memory, concurrency, court allocation. */

describe('expiry', () => {
  it('frees the place at once: the item shows expired, totals drop, and someone else can hold it without the sweep', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1 });
    const who = shop.customers[1]!;
    await call('POST', '/api/activities/cart/add', who, addPayload(occurrence.id));
    await expireClaims(ctx.db, { occurrenceId: occurrence.id });
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(0);
    const cart = cartOf(await call('GET', '/api/activities/cart', who));
    const item = cart.items.find((i) => i.cartable_id === occurrence.id)!;
    expect(item.status).toBe('expired');
    expect(cart.total).toBe(cart.items.filter((i) => i.status === 'held').reduce((s, i) => s + i.price.raw, 0));

    const taken = await call('POST', '/api/activities/cart/add', shop.customers[0]!, addPayload(occurrence.id));
    expect(taken.statusCode).toBe(200);
    const claims = await ctx.db.selectFrom('place_claims').select(['membership_user_id', 'status']).where('occurrence_id', '=', occurrence.id).orderBy('id').execute();
    expect(claims).toEqual([
      { membership_user_id: who.selfId, status: 'released' },
      { membership_user_id: shop.customers[0]!.selfId, status: 'active' },
    ]);
    // The expired item cannot be held again now: the place has gone.
    const again = await call('PUT', `/api/activities/cart/${item.id}`, who, { hold_again: true });
    expect(again.statusCode).toBe(409);
  });

  it('the minute sweep marks expired holds released', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 2 });
    await call('POST', '/api/activities/cart/add', shop.customers[4]!, addPayload(occurrence.id));
    await expireClaims(ctx.db, { occurrenceId: occurrence.id });
    await enqueue(ctx.db, 'release-expired-holds');
    await runDueJobs({ url: ctx.url, db: ctx.db });
    const claims = await ctx.db.selectFrom('place_claims').select(['status']).where('occurrence_id', '=', occurrence.id).execute();
    expect(claims).toEqual([{ status: 'released' }]);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM place_claims WHERE status = 'active' AND expires_at <= now()`.execute(ctx.db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('refusing from memory: "full" marks (docs/holds.md)', () => {
  const add = (who: TestCustomer, occurrenceId: number, extra: Json = {}) => call('POST', '/api/activities/cart/add', who, addPayload(occurrenceId, extra));
  const refusedAsFull = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'cart_full', message: CART_FULL_MESSAGE });
  };
  /** Resolves once this instance has heard a note of the occurrence's day (subscribed before `change` runs). */
  const afterNote = async <T>(occurrenceId: number, change: () => Promise<T>): Promise<T> => {
    const { rows } = await sql<{ venue_id: number; category_id: number; day: string }>`
      SELECT venue_id, category_id, to_char(local_date, 'YYYY-MM-DD') AS day FROM occurrences WHERE id = ${occurrenceId}`.execute(ctx.db);
    const o = rows[0]!;
    let heard!: () => void;
    const note = new Promise<void>((resolve) => (heard = resolve));
    const stop = await ctx.app.availabilityHub.subscribe(`${shop.fx.clientId}:${o.venue_id}:${o.category_id}:${o.day}`, () => heard());
    try {
      const result = await change();
      await note;
      return result;
    } finally {
      stop();
    }
  };
  /** A full class of one place, held by `holder`, and marked full by a first refusal. */
  const markedFull = async (holder: TestCustomer, refused: TestCustomer, spec: { startsInMinutes?: number } = {}) => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1, ...spec });
    expect((await afterNote(occurrence.id, () => add(holder, occurrence.id))).statusCode).toBe(200);
    const { result, sent } = await statementsSentBy(() => add(refused, occurrence.id));
    refusedAsFull(result);
    expect(sent.some((text) => text.includes('AS first_expiry')), sent.join('\n---\n')).toBe(true);
    return occurrence;
  };
  /** What a refusal costs: one statement reading the caller's account, not the occurrence's claims. */
  const expectRefusedFromMark = (sent: string[]) => {
    expect(sent, sent.join('\n---\n')).toHaveLength(1);
    expect(sent[0]).toContain('owes_fees');
    expect(sent[0]).not.toContain('place_claims');
  };
  let crowd: TestCustomer[];
  beforeAll(async () => {
    await ctx.app.availabilityHub.ready();
    crowd = await createCustomers(ctx.db, shop.fx.clientId, 12);
  });

  it('refuses the next customers after one statement that reads only their account, with the same 409', async () => {
    const [holder, first, second, third] = crowd as [TestCustomer, TestCustomer, TestCustomer, TestCustomer];
    const occurrence = await markedFull(holder, first);
    for (const who of [second, third]) {
      const { result, sent } = await statementsSentBy(() => add(who, occurrence.id));
      refusedAsFull(result);
      expectRefusedFromMark(sent);
    }
    // A mark is per ticket type as the add names it: the same class by its uuid is judged afresh, and refused.
    refusedAsFull(await add(third, occurrence.uuid as unknown as number));
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
  });

  it("keeps every other answer: the holder adding again is 200, another customer's person 403, no session 401, an unpaid fee 400", async () => {
    const [holder, first, stranger, debtor] = crowd.slice(4, 8) as [TestCustomer, TestCustomer, TestCustomer, TestCustomer];
    // An unpaid late-cancellation fee of `debtor`, on a class days away (another day's notes).
    const elsewhere = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5, startsInMinutes: 6 * 24 * 60 });
    await sql`
      WITH claim AS (
        INSERT INTO place_claims (client_id, occurrence_id, during, account_user_id, membership_user_id, kind, status, released_at)
        SELECT o.client_id, o.id, tstzrange(o.starts_at, o.ends_at, '[)'), ${debtor.userId}, ${debtor.selfId}, 'booking', 'released', now()
          FROM occurrences o WHERE o.id = ${elsewhere.id}
        RETURNING id, client_id, occurrence_id),
      booking AS (
        INSERT INTO bookings (client_id, claim_id, occurrence_id, account_user_id, membership_user_id, price_pence, status, cancelled_at)
        SELECT client_id, id, occurrence_id, ${debtor.userId}, ${debtor.selfId}, 500, 'cancelled', now() FROM claim
        RETURNING id, client_id)
      INSERT INTO late_cancellation_fees (client_id, account_user_id, booking_id, amount_pence)
      SELECT client_id, ${debtor.userId}, id, 250 FROM booking`.execute(ctx.db);
    const occurrence = await markedFull(holder, first);

    const again = await add(holder, occurrence.id);
    expect(again.statusCode).toBe(200);
    expect(cartOf(again).items.filter((i) => i.cartable_id === occurrence.id)).toHaveLength(1);

    const { result: forbidden, sent } = await statementsSentBy(() => add(stranger, occurrence.id, { purchased_for_user_id: holder.selfId }));
    expect(forbidden.statusCode).toBe(403);
    expectRefusedFromMark(sent);
    expect((await call('POST', '/api/activities/cart/add', stranger, { ...addPayload(occurrence.id), selected_user_id: holder.childId })).statusCode).toBe(403);

    const nobody = await ctx.app.inject({ method: 'POST', url: '/api/activities/cart/add', headers: { authorization: 'Bearer not-a-session' }, payload: addPayload(occurrence.id) });
    expect(nobody.statusCode).toBe(401);

    const owed = await add(debtor, occurrence.id);
    expect(owed.statusCode).toBe(400);
    expect(owed.json()).toMatchObject({ code: 'late_fee_unpaid' });
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
  });

  it('ends with the note of a freed place: a removed hold, or more capacity, is held by the next add', async () => {
    const [holder, first, second, third] = crowd.slice(8, 12) as [TestCustomer, TestCustomer, TestCustomer, TestCustomer];
    const occurrence = await markedFull(holder, first);
    const item = cartOf(await call('GET', '/api/activities/cart', holder)).items.find((i) => i.cartable_id === occurrence.id)!;
    await afterNote(occurrence.id, () => call('POST', '/api/activities/cart/remove', holder, { cart_item_ids: [item.id] }));
    expect((await afterNote(occurrence.id, () => add(second, occurrence.id))).statusCode).toBe(200);

    // Full again, marked again, then one more place.
    refusedAsFull(await add(first, occurrence.id));
    const { result, sent } = await statementsSentBy(() => add(holder, occurrence.id));
    refusedAsFull(result);
    expectRefusedFromMark(sent);
    await afterNote(occurrence.id, () => sql`UPDATE occurrences SET capacity = 2 WHERE id = ${occurrence.id}`.execute(ctx.db));
    expect((await add(third, occurrence.id)).statusCode).toBe(200);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(2);
  });

  it('lasts no longer than the first live hold: its expiry frees the place with no note at all', async () => {
    const [holder, first, second] = await createCustomers(ctx.db, shop.fx.clientId, 3);
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1 });
    expect((await add(holder!, occurrence.id)).statusCode).toBe(200);
    const expiry = new Date(Date.now() + 1500);
    await afterNote(occurrence.id, () => sql`UPDATE place_claims SET expires_at = ${expiry} WHERE occurrence_id = ${occurrence.id}`.execute(ctx.db));
    refusedAsFull(await add(first!, occurrence.id));
    const { result, sent } = await statementsSentBy(() => add(second!, occurrence.id));
    refusedAsFull(result);
    expectRefusedFromMark(sent);
    // Waits for the hold's own expiry time (a clock rule, not a race).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiry.getTime() - Date.now() + 50)));
    expect((await add(second!, occurrence.id)).statusCode).toBe(200);
  });

  it('is forgotten when the listener reconnects (notes may have been missed), and the claims are read again', async () => {
    const [holder, first, second] = await createCustomers(ctx.db, shop.fx.clientId, 3);
    const occurrence = await markedFull(holder!, first!);
    ctx.app.availabilityHub.onReconnect();
    const { result, sent } = await statementsSentBy(() => add(second!, occurrence.id));
    refusedAsFull(result);
    // (The reconnect also empties the tenant lookup, read again first.)
    expect(sent.some((text) => text.includes('place_claims')), sent.join('\n---\n')).toBe(true);
    expect(sent.some((text) => text.includes('owes_fees'))).toBe(false);
  });
});

describe('under concurrency (a pool of 40 connections)', () => {
  let db: Db;
  let app: App;
  beforeAll(async () => {
    db = createDb(ctx.url, 40);
    app = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' }), db, serveWeb: false, validateResponses: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  it('200 parallel adds by different customers for 10 places hold exactly 10; the rest are 409 full', { timeout: 60_000 }, async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 10 });
    const crowd = await createCustomers(ctx.db, shop.fx.clientId, 200);
    const responses = await Promise.all(crowd.map((who) => request(app, 'POST', '/api/activities/cart/add', who, addPayload(occurrence.id))));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    for (const r of responses.filter((x) => x.statusCode === 409)) expect(r.json<{ message: string }>().message).toContain('full');
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(10);
  });

  it('two customers adding one court slot at once: one hold', async () => {
    const slot = await createOccurrence(ctx.db, shop.fx, { kind: 'court', court: 1, startsInMinutes: 4000 });
    const [a, b] = await createCustomers(ctx.db, shop.fx.clientId, 2);
    const responses = await Promise.all([a!, b!].map((who) => request(app, 'POST', '/api/activities/cart/add', who, addPayload(slot.id))));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await liveClaims(ctx.db, slot.id)).toBe(1);
  });

  it('the same add twice at once for one person: one hold, one item', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const [who] = await createCustomers(ctx.db, shop.fx.clientId, 1);
    const responses = await Promise.all([1, 2, 3].map(() => request(app, 'POST', '/api/activities/cart/add', who!, addPayload(occurrence.id))));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
    expect(cartOf(await request(app, 'GET', '/api/activities/cart', who!)).items).toHaveLength(1);
  });

  it("answers a lock time-out with 409 and a message without 'full'", { timeout: 20_000 }, async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const blocker = new pg.Client({ connectionString: ctx.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM occurrences WHERE id = $1 FOR UPDATE', [occurrence.id]);
      const response = await request(app, 'POST', '/api/activities/cart/add', shop.alice, addPayload(occurrence.id));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: CART_BUSY_MESSAGE, code: 'cart_busy' });
      expect(CART_BUSY_MESSAGE).not.toContain('full');
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(0);
  });
});

describe('system allocation of courts', () => {
  it('allocates another free court at the same time when the requested one is taken', async () => {
    const sys = await createHoldsFixture(ctx.db, { courtAllocation: 'system', courts: 3 });
    const slots = await Promise.all([0, 1, 2].map((court) => createOccurrence(ctx.db, sys, { kind: 'court', court, startsInMinutes: 5000 })));
    const [a, b, c, d] = await createCustomers(ctx.db, sys.clientId, 4);
    for (const who of [a!, b!, c!]) {
      expect((await call('POST', '/api/activities/cart/add', who, addPayload(slots[0]!.id))).statusCode).toBe(200);
    }
    const held = await ctx.db.selectFrom('place_claims').select('location_id').where('occurrence_id', 'in', slots.map((s) => s.id)).where('status', '=', 'active').orderBy('location_id').execute();
    expect(held.map((h) => h.location_id)).toEqual(sys.courtIds);
    const none = await call('POST', '/api/activities/cart/add', d!, addPayload(slots[0]!.id));
    expect(none.statusCode).toBe(409);
    expect(none.json<{ message: string }>().message).toBe(CART_FULL_MESSAGE);
  });
});
