import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, joinQuote } from '@app/contract/rules/join-quote';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { TEST_CARDS } from '../../../test/fixtures/cards.ts';
import { BANK, bornYearsAgo, createPlan, joinSteps, membershipsOf, today } from '../../../test/fixtures/memberships.ts';

/** Online joining (issue 23; docs/memberships.md): plans, the quote, a join end to end, and every bad input refused with its field. */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let next = 0;
const fresh = () => customers[next++]!;
let steps: ReturnType<typeof joinSteps>;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 30);
  steps = joinSteps(ctx.app);
});

const fieldOf = (body: { errors?: Record<string, string[]> }) => Object.keys(body.errors ?? {});
const simulatorStatus = async (uuid: string) => (await sql<{ status: string }>`SELECT status FROM simulator_payments WHERE transaction_uuid = ${uuid}::uuid`.execute(ctx.db)).rows[0]?.status;

describe('plans and the quote', () => {
  it('lists the demo plans sold at Bury, with joining fee, term and what is included', async () => {
    const res = await steps.call('GET', '/api/online-joining/venues/bury-leisure-centre/plans', null);
    expect(res.statusCode).toBe(200);
    const plans = res.json().data as { name: string; joining_fee: { raw: number }; minimum_term_months: number; billing: string; includes: { name: string; kind: string }[] }[];
    const swim = plans.find((p) => p.name === 'Swim & Gym Bury')!;
    expect(swim.joining_fee.raw).toBe(2500);
    expect(swim.includes).toContainEqual({ name: 'Swimming', kind: 'free' });
    expect(plans.some((p) => p.minimum_term_months === 12 && p.billing === 'monthly')).toBe(true);
    expect(plans.some((p) => p.billing === 'annual')).toBe(true);
    expect(plans.some((p) => p.joining_fee.raw === 0)).toBe(true);
  });

  it('answers the quote of the shared rule, in pence with the dates written out', async () => {
    const planId = await createPlan(ctx.db, fx.clientId, { price: 3450, fee: 2500 });
    const start = addDays(today(), 3);
    const res = await steps.call('POST', '/api/online-joining/quote', null, { venue: 'bury-leisure-centre', plan_id: planId, start_date: start });
    expect(res.statusCode).toBe(200);
    const expected = joinQuote({ monthlyPence: 3450, joiningFeePence: 2500, billing: 'monthly', annualPence: null, minimumTermMonths: 0 }, start, today());
    const q = res.json().data;
    expect(q.today_total.raw).toBe(expected.todayTotal);
    expect(q.first_collection.date.date).toBe(expected.firstCollection!.date);
    expect(q.first_collection.date.text).toMatch(/^1 [A-Z][a-z]+ \d{4}$/);
    expect(q.cooling_off_ends_on.date).toBe(addDays(today(), 14));
  });
});

describe('a join end to end', () => {
  it('makes the membership active at once, with the order, the schedule, the agreement email and the cover at £0.00', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId, { categoryIds: [fx.classCategoryId] });
    const { confirmation, total, transactionUuid } = await steps.join(who, planId);
    expect(confirmation.membership_number).toMatch(/^M\d{8}$/);
    expect(confirmation.paid_today.raw).toBe(total);
    expect(confirmation.schedule.filter((e: { method: string }) => e.method === 'direct_debit')).toHaveLength(3);
    expect(confirmation.agreement.sections.map((s: { heading: string }) => s.heading)).toEqual(expect.arrayContaining(['The Direct Debit Guarantee', 'Your right to cancel']));
    expect(await simulatorStatus(transactionUuid)).toBe('captured');
    const email = (await sql<{ text_body: string }>`SELECT text_body FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-agreement'`.execute(ctx.db)).rows;
    expect(email).toHaveLength(1);
    expect(email[0]!.text_body).toContain('The Guarantee is offered by all banks and building societies');
    expect(email[0]!.text_body).toContain('within 14 days of joining');
    const list = await steps.call('GET', '/api/dashboard/memberships', who);
    expect(list.json().data).toEqual(expect.arrayContaining([expect.objectContaining({ reference: confirmation.membership_number, status: 'active' })]));
    const orders = await steps.call('GET', '/api/dashboard/orders', who);
    expect(orders.json().data[0].total.raw).toBe(total);
    // The existing cover: a class of the plan's category at Bury is free.
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    const added = await steps.call('POST', '/api/activities/cart/add', who, { items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }], selected_user_id: null });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.total).toBe(0);
  });

  it('an annual plan needs no mandate: one card payment', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId, { billing: 'annual', fee: 1000 });
    const started = await steps.start(who, planId);
    expect(started.json().data).toMatchObject({ next_step: 'card', quote: { mandate_required: false, today_total: { raw: 31000 } } });
    const card = await steps.authorise(who, started.json().data.id, 31000);
    const done = await steps.complete(who, started.json().data.id, card.json().data.transaction_uuid);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.schedule.every((e: { method: string }) => e.method === 'card')).toBe(true);
  });
});

describe('bad input: a clear 4xx naming the field, nothing charged, no membership', () => {
  it.each([
    ['a start date in the past', { start_date: addDays(today(), -1) }, 'start_date', 'start_date_in_past'],
    ['a start date over 30 days ahead', { start_date: addDays(today(), 31) }, 'start_date', 'start_date_too_far'],
    ['a date of birth outside the band (a 15-year-old on an adult plan)', { date_of_birth: bornYearsAgo(15) }, 'date_of_birth', 'age_out_of_band'],
    ['a plan not sold at that venue', { venue: 'prestwich-fitness-centre' }, 'plan_id', 'plan_not_sold_at_venue'],
  ])('%s', async (_name, extra, field, code) => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const res = await steps.start(who, planId, extra);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(code);
    expect(fieldOf(res.json())).toEqual([field]);
    expect(await membershipsOf(ctx.db, who.userId)).toEqual([]);
  });

  it('a modulus-check failure names the account number; the failing bank account fails at submission; neither makes a membership', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const joinId = (await steps.start(who, planId)).json().data.id;
    const modulus = await steps.mandate(who, joinId, BANK.modulusFails);
    expect([modulus.statusCode, modulus.json().code, fieldOf(modulus.json())]).toEqual([422, 'bank_details_invalid', ['account_number']]);
    const failed = await steps.mandate(who, joinId, BANK.failsAtSubmission);
    expect([failed.statusCode, failed.json().code, fieldOf(failed.json())]).toEqual([422, 'mandate_failed', ['account_number']]);
    const mandates = (await sql<{ status: string; account_number_ending: string }>`SELECT status, account_number_ending FROM direct_debit_mandates WHERE account_user_id = ${who.userId}`.execute(ctx.db)).rows;
    expect(mandates).toEqual([{ status: 'failed', account_number_ending: '22' }]);
    const card = await steps.authorise(who, joinId, 100);
    expect([card.statusCode, card.json().code]).toEqual([400, 'mandate_required']);
    expect(await membershipsOf(ctx.db, who.userId)).toEqual([]);
  });

  it('never stores the account number: only the last two digits', async () => {
    const who = fresh();
    await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const dump = JSON.stringify((await sql`SELECT * FROM direct_debit_mandates WHERE account_user_id = ${who.userId}`.execute(ctx.db)).rows);
    expect(dump).not.toContain('55779911');
    expect(dump).toContain('"11"');
  });

  it('a declined card leaves no membership and the join open', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const joinId = (await steps.start(who, planId)).json().data.id;
    const total = (await steps.mandate(who, joinId)).json().data.quote.today_total.raw;
    const declined = await steps.authorise(who, joinId, total, TEST_CARDS.decline);
    expect([declined.statusCode, declined.json().code]).toEqual([402, 'card_declined']);
    expect(await membershipsOf(ctx.db, who.userId)).toEqual([]);
    expect((await steps.call('GET', `/api/online-joining/joins/${joinId}`, who)).json().data.next_step).toBe('card');
  });

  it('joining twice for the same plan and person is 409 naming plan_id', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    await steps.join(who, planId);
    const again = await steps.start(who, planId);
    expect([again.statusCode, again.json().code, fieldOf(again.json())]).toEqual([409, 'already_a_member', ['plan_id']]);
  });

  it('a second tab: another join of the same plan completing second is refused and its card voided; the same join with another card is 409', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const tabB = (await steps.start(who, planId)).json().data.id;
    const first = await steps.join(who, planId);
    const total = (await steps.mandate(who, tabB)).json().data.quote.today_total.raw;
    const cardB = (await steps.authorise(who, tabB, total)).json().data.transaction_uuid;
    const second = await steps.complete(who, tabB, cardB);
    expect([second.statusCode, second.json().code, fieldOf(second.json())]).toEqual([409, 'already_a_member', ['plan_id']]);
    expect(await simulatorStatus(cardB)).toBe('voided');
    const sameJoin = await steps.authorise(who, first.joinId, total);
    expect([sameJoin.statusCode, sameJoin.json().code, fieldOf(sameJoin.json())]).toEqual([409, 'join_already_completed', ['join_id']]);
    const replay = await steps.complete(who, first.joinId, first.transactionUuid);
    expect(replay.json().data.membership_number).toBe(first.confirmation.membership_number);
    expect(await membershipsOf(ctx.db, who.userId)).toHaveLength(1);
  });

  it("another customer's join and membership are 403 'Unauthorised.'", async () => {
    const [owner, other] = [fresh(), fresh()];
    const { joinId, confirmation } = await steps.join(owner, await createPlan(ctx.db, fx.clientId));
    for (const url of [`/api/online-joining/joins/${joinId}`, `/api/dashboard/memberships/${confirmation.membership_id}`, `/api/dashboard/memberships/${confirmation.membership_id}/cancel`]) {
      const res = await steps.call('GET', url, other);
      expect([res.statusCode, res.json().message]).toEqual([403, 'Unauthorised.']);
    }
    const cancel = await steps.call('POST', `/api/dashboard/memberships/${confirmation.membership_id}/cancel`, other, { confirm: true, ends_on: today() });
    expect(cancel.statusCode).toBe(403);
  });
});

describe('the same join fired 20 times at once', () => {
  it('makes one membership, one order and one capture; every answer is the same membership', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId);
    const joinId = (await steps.start(who, planId)).json().data.id;
    const total = (await steps.mandate(who, joinId)).json().data.quote.today_total.raw;
    const tx = (await steps.authorise(who, joinId, total)).json().data.transaction_uuid;
    const answers = await Promise.all(Array.from({ length: 20 }, () => steps.complete(who, joinId, tx)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().data.membership_number)).size).toBe(1);
    expect(await membershipsOf(ctx.db, who.userId)).toHaveLength(1);
    const orders = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE account_user_id = ${who.userId} AND kind = 'membership'`.execute(ctx.db)).rows[0]!.n;
    expect(orders).toBe(1);
  });
});
