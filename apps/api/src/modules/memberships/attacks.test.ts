import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { BANK, GOOD_BANK, bornYearsAgo, createPlan, joinSteps, membershipsOf, today } from '../../../test/fixtures/memberships.ts';

/**
 * The join endpoints tried as an attacker (issue 23; docs/memberships.md "Refusals"): hostile and
 * oversized bodies, another customer's join, and the same step sent twice at once.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let next = 0;
const fresh = () => customers[next++]!;
let steps: ReturnType<typeof joinSteps>;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 12);
  steps = joinSteps(ctx.app);
});

const liveMandates = async (accountUserId: number) =>
  (await sql<{ id: number }>`SELECT id FROM direct_debit_mandates WHERE account_user_id = ${accountUserId} AND status IN ('pending_submission', 'submitted', 'active')`.execute(ctx.db)).rows.map((r) => r.id);

describe('hostile bodies', () => {
  it('a plan id beyond PostgreSQL integers is a 4xx naming plan_id, never a 500', async () => {
    const who = fresh();
    for (const planId of [2 ** 31, 2 ** 53 - 1]) {
      const quote = await steps.call('POST', '/api/online-joining/quote', null, { venue: 'bury-leisure-centre', plan_id: planId, start_date: today() });
      expect(quote.statusCode, quote.body).toBe(422);
      expect(Object.keys(quote.json().errors ?? {})).toContain('plan_id');
      const started = await steps.start(who, planId);
      expect(started.statusCode, started.body).toBe(422);
    }
  });

  it('a membership_user_id beyond PostgreSQL integers, or of another account, is refused without a 500', async () => {
    const who = fresh();
    const other = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const huge = await steps.start(who, planId, { membership_user_id: 2 ** 31 });
    expect(huge.statusCode, huge.body).toBeLessThan(500);
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    const theirs = await steps.start(who, planId, { membership_user_id: other.selfId });
    expect(theirs.statusCode, theirs.body).toBe(403);
    expect(await sql`SELECT 1 FROM membership_joins WHERE account_user_id = ${who.userId}`.execute(ctx.db).then((r) => r.rows)).toEqual([]);
  });

  it('unknown keys, wrong types and impossible dates are 422; an oversized body 413; nothing is made', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const bodies: Record<string, unknown>[] = [
      { venue: 'bury-leisure-centre', plan_id: planId, start_date: today(), date_of_birth: bornYearsAgo(30), price_pence: 1 },
      { venue: 'bury-leisure-centre', plan_id: true, start_date: today(), date_of_birth: bornYearsAgo(30) },
      { venue: 'bury-leisure-centre', plan_id: [planId], start_date: today(), date_of_birth: bornYearsAgo(30) },
      { venue: 'bury-leisure-centre', plan_id: planId, start_date: `${today().slice(0, 8)}99`, date_of_birth: bornYearsAgo(30) },
      { venue: 'bury-leisure-centre', plan_id: planId, start_date: today(), date_of_birth: '1990-02-30' }, // fixed-date: an impossible date, refused whatever the clock
      { venue: '../../etc/passwd', plan_id: planId, start_date: today(), date_of_birth: bornYearsAgo(30) },
    ];
    for (const body of bodies) {
      const res = await steps.call('POST', '/api/online-joining/joins', who, body);
      expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
    const proto = await ctx.app.inject({
      method: 'POST',
      url: '/api/online-joining/joins',
      headers: { ...who.auth, 'content-type': 'application/json' },
      payload: `{"venue":"bury-leisure-centre","plan_id":${planId},"start_date":"${today()}","__proto__":{"admin":true}}`,
    });
    expect(proto.statusCode, proto.body).toBe(400);
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/online-joining/joins',
      headers: { ...who.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ venue: 'bury-leisure-centre', plan_id: planId, start_date: today(), pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);

    const started = await steps.start(who, planId);
    const joinId = started.json().data.id as string;
    const longName = await steps.mandate(who, joinId, BANK.good, { account_holder_name: 'A'.repeat(5000) });
    expect(longName.statusCode).toBe(422);
    const badSort = await steps.mandate(who, joinId, BANK.good, { sort_code: "20-00-00'; DROP TABLE memberships;--" });
    expect(badSort.statusCode).toBe(422);
    expect(Object.keys(badSort.json().errors)).toContain('sort_code');
    const card = await steps.call('POST', `/api/online-joining/joins/${joinId}/authorise`, who, { amount: -1, session_key: 'x' });
    expect(card.statusCode).toBe(422);
    const returnTo = await steps.call('POST', `/api/online-joining/joins/${joinId}/authorise`, who, { amount: 100, session_key: 'x', return_path: 'https://evil.example/' });
    expect(returnTo.statusCode).toBe(422);
    expect(await membershipsOf(ctx.db, who.userId)).toEqual([]);
    expect(await liveMandates(who.userId)).toEqual([]);
  });
});

describe("another customer's join", () => {
  it("is 403 'Unauthorised.' at every step, and the owner's join is untouched", async () => {
    const owner = fresh();
    const intruder = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const joinId = (await steps.start(owner, planId)).json().data.id as string;
    const attempts = [
      steps.call('GET', `/api/online-joining/joins/${joinId}`, intruder),
      steps.mandate(intruder, joinId),
      steps.call('POST', `/api/online-joining/joins/${joinId}/authorise`, intruder, { amount: 100, session_key: 'stolen' }),
      steps.complete(intruder, joinId, null),
      steps.call('GET', `/api/online-joining/joins/${joinId}/confirmation`, intruder),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Unauthorised.');
    }
    expect(await liveMandates(intruder.userId)).toEqual([]);
    const join = await steps.call('GET', `/api/online-joining/joins/${joinId}`, owner);
    expect(join.json().data).toMatchObject({ status: 'pending', next_step: 'mandate', mandate: null });
    // An id nobody has is 404, not 403 (and not 500).
    expect((await steps.call('GET', `/api/online-joining/joins/${randomUUID()}`, intruder)).statusCode).toBe(404);
    expect((await steps.call('GET', '/api/online-joining/joins/not-a-uuid', intruder)).statusCode).toBe(422);
  });

  it("completing one's own join with another customer's card payment is refused and makes nothing", async () => {
    const owner = fresh();
    const thief = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const ownerJoin = (await steps.start(owner, planId)).json().data.id as string;
    const ownerMandate = await steps.mandate(owner, ownerJoin);
    const card = await steps.authorise(owner, ownerJoin, ownerMandate.json().data.quote.today_total.raw);
    expect(card.statusCode, card.body).toBe(200);
    const thiefJoin = (await steps.start(thief, planId)).json().data.id as string;
    await steps.mandate(thief, thiefJoin);
    const stolen = await steps.complete(thief, thiefJoin, card.json().data.transaction_uuid);
    expect(stolen.statusCode, stolen.body).toBe(404);
    expect(await membershipsOf(ctx.db, thief.userId)).toEqual([]);
  });
});

describe('the same step twice at once', () => {
  it('two Direct Debit submissions at once leave one live mandate on the join; the other is cancelled at the provider', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const joinId = (await steps.start(who, planId)).json().data.id as string;
    const answers = await Promise.all(Array.from({ length: 4 }, () => steps.mandate(who, joinId)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const onJoin = (await ctx.db.selectFrom('membership_joins').select('mandate_id').where('id', '=', joinId).executeTakeFirstOrThrow()).mandate_id;
    expect(await liveMandates(who.userId)).toEqual([onJoin]);
  });

  it('a Direct Debit submitted while the join completes is refused (409) and its mandate cancelled; the membership keeps its own', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const joinId = (await steps.start(who, planId)).json().data.id as string;
    const first = await steps.mandate(who, joinId);
    const card = await steps.authorise(who, joinId, first.json().data.quote.today_total.raw);
    const [done, again] = await Promise.all([steps.complete(who, joinId, card.json().data.transaction_uuid), steps.mandate(who, joinId, BANK.good, { account_holder_name: `${GOOD_BANK.account_holder_name} Two` })]);
    expect(done.statusCode, done.body).toBe(200);
    const membership = await ctx.db.selectFrom('memberships').select('mandate_id').where('join_id', '=', joinId).executeTakeFirstOrThrow();
    if (again.statusCode === 200) {
      // The new details came first: the completion used them (the first mandate was replaced).
      expect(membership.mandate_id).toBe((await ctx.db.selectFrom('membership_joins').select('mandate_id').where('id', '=', joinId).executeTakeFirstOrThrow()).mandate_id);
    } else {
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().code).toBe('join_already_completed');
    }
    expect(await liveMandates(who.userId)).toEqual([membership.mandate_id]);
  });

  it('two completions of the same join at once with the same card make one membership and answer the same confirmation', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const joinId = (await steps.start(who, planId)).json().data.id as string;
    const mandate = await steps.mandate(who, joinId);
    const card = await steps.authorise(who, joinId, mandate.json().data.quote.today_total.raw);
    const uuid = card.json().data.transaction_uuid as string;
    const answers = await Promise.all([steps.complete(who, joinId, uuid), steps.complete(who, joinId, uuid)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((r) => r.json().data.membership_number)).size).toBe(1);
    expect(await membershipsOf(ctx.db, who.userId)).toHaveLength(1);
  });
});
