import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, joinQuote } from '@app/contract/rules/join-quote';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { createCustomers, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { BANK, GOOD_BANK, bornYearsAgo, createPlan, today } from '../../../test/fixtures/memberships.ts';

/**
 * A membership sold at the till (issue 24; docs/memberships.md "Sold at the till"): the quote,
 * the sale and its till records, the 403s, the double submit, and the emailed Direct Debit link
 * (good, used twice, expired, another customer's); an annual plan with no mandate.
 */
const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, count } = shop;

let staff: TestCustomer;
let other: TestCustomer;
let sessionId: number;
let otherSessionId: number;
let stranger: TestCustomer;
let monthly: number;
let annual: number;

const withBirthday = async (who: TestCustomer, years = 30) => {
  await ctx.db.updateTable('membership_users').set({ date_of_birth: bornYearsAgo(years) }).where('id', 'in', [who.selfId]).execute();
  await ctx.db.updateTable('membership_users').set({ date_of_birth: bornYearsAgo(9) }).where('id', 'in', [who.childId]).execute();
  return who;
};
const quote = (who: TestCustomer, body: Record<string, unknown> = {}, as = staff) =>
  call('POST', `/api/foh/customers/${who.userId}/memberships/quote`, as, { till_session_id: as === staff ? sessionId : otherSessionId, plan_id: monthly, membership_user_id: who.selfId, start_date: today(), ...body });
const sell = (who: TestCustomer, payments: unknown[], body: Record<string, unknown> = {}, as = staff) =>
  call('POST', `/api/foh/customers/${who.userId}/memberships`, as, { till_session_id: as === staff ? sessionId : otherSessionId, plan_id: monthly, membership_user_id: who.selfId, start_date: today(), payments, ...body });
const expected = (start = today()) => joinQuote({ monthlyPence: 3000, joiningFeePence: 2000, billing: 'monthly', annualPence: null, minimumTermMonths: 0 }, start, today());
const terminal = (amount: number) => [{ tender_type: 'card-terminal', amount, info: { terminal_reference: 'T1-5501' } }];
const membershipsOf = async (who: TestCustomer) =>
  (await sql<{ id: number; status: string; mandate_id: number | null; sold_by_staff_user_id: number | null }>`SELECT id, status, mandate_id, sold_by_staff_user_id FROM memberships WHERE account_user_id = ${who.userId} ORDER BY id`.execute(ctx.db)).rows;
const linkOf = async (who: TestCustomer) => {
  const { rows } = await sql<{ text_body: string }>`SELECT text_body FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-mandate-link' ORDER BY id DESC LIMIT 1`.execute(ctx.db);
  return /\/join\/direct-debit\/([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1] ?? '';
};
const open = (token: string, who: TestCustomer | null = null) => call('GET', `/api/online-joining/mandate-links/${token}`, who);
const give = (token: string, who: TestCustomer | null = null, accountNumber = BANK.good) => call('POST', `/api/online-joining/mandate-links/${token}/mandate`, who, { ...GOOD_BANK, account_number: accountNumber });

beforeAll(async () => {
  staff = fresh();
  other = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [staff.userId, other.userId]).execute();
  const tills = (await call('GET', '/api/foh/tills?venue=bury-leisure-centre', staff)).json().data;
  sessionId = (await call('POST', `/api/foh/tills/${tills[0].id}/sessions`, staff, { float_pence: 0 })).json().data.id;
  otherSessionId = (await call('POST', `/api/foh/tills/${tills[1].id}/sessions`, other, { float_pence: 0 })).json().data.id;
  const { rows } = await sql<{ id: number }>`INSERT INTO clients (slug, name) VALUES ('other-operator-membership-sale', 'Other Operator') RETURNING id`.execute(ctx.db);
  stranger = (await createCustomers(ctx.db, rows[0]!.id, 1))[0]!;
  monthly = await createPlan(ctx.db, shop.fx.clientId, { price: 3000, fee: 2000 });
  annual = await createPlan(ctx.db, shop.fx.clientId, { billing: 'annual', fee: 0 });
});

describe('the quote at the till', () => {
  it("is the server's join quote for the person's date of birth on record, and names the field it refuses", async () => {
    const who = await withBirthday(fresh());
    const start = addDays(today(), 5);
    const res = await quote(who, { start_date: start });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ today_total: { raw: expected(start).todayTotal }, first_collection: { date: { date: expected(start).firstCollection!.date } }, mandate_required: true });
    const late = await quote(who, { start_date: addDays(today(), 31) });
    expect([late.statusCode, Object.keys(late.json().errors)]).toEqual([422, ['start_date']]);
    const junior = await quote(who, { membership_user_id: who.childId });
    expect([junior.statusCode, Object.keys(junior.json().errors)]).toEqual([422, ['date_of_birth']]);
    const unknownBirthday = fresh();
    const none = await quote(unknownBirthday);
    expect([none.statusCode, none.json().code]).toEqual([422, 'date_of_birth_required']);
  });
});

describe('selling a monthly plan', () => {
  it('takes today’s total by card terminal into the till session, waits for the mandate and emails the link', async () => {
    const who = await withBirthday(fresh());
    const total = expected().todayTotal;
    const res = await sell(who, terminal(total));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'awaiting_mandate', membership_number: expect.stringMatching(/^M\d{8}$/), till_session_id: sessionId, mandate_link_sent_to: who.email, tenders: [{ tender_type: 'card-terminal', amount: { raw: total }, reference: 'T1-5501' }] });
    expect(await membershipsOf(who)).toEqual([{ id: data.membership_id, status: 'awaiting_mandate', mandate_id: null, sold_by_staff_user_id: staff.userId }]);
    const entries = await sql<{ kind: string; tender_type: string; amount_pence: number; staff_user_id: number; reference: string; source: string; order_staff: number }>`
      SELECT e.kind, e.tender_type, e.amount_pence, e.staff_user_id, e.reference, o.source, o.staff_user_id AS order_staff FROM till_entries e JOIN orders o ON o.id = e.order_id
       WHERE e.session_id = ${sessionId} AND o.reference = ${data.order_reference}`.execute(ctx.db);
    expect(entries.rows).toEqual([{ kind: 'sale', tender_type: 'card-terminal', amount_pence: total, staff_user_id: staff.userId, reference: 'T1-5501', source: 'front-of-house', order_staff: staff.userId }]);
    const xRead = (await call('GET', `/api/foh/sessions/${sessionId}/x-read`, staff)).json().data;
    expect(JSON.stringify(xRead)).toContain('card-terminal');
    // Nothing is collected before the mandate; the link's token is random and only its hash is kept.
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM membership_collections WHERE membership_id = ${data.membership_id}`)).toBe(0);
    const token = await linkOf(who);
    expect(token).toHaveLength(43);
    const stored = await sql<{ token_hash: string }>`SELECT token_hash FROM membership_mandate_links WHERE membership_id = ${data.membership_id}`.execute(ctx.db);
    expect(stored.rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it('refuses payments that do not add up, account credit, and a closed or another staff member’s session, recording nothing', async () => {
    const who = await withBirthday(fresh());
    const total = expected().todayTotal;
    const short = await sell(who, terminal(total - 1));
    expect([short.statusCode, short.json().code]).toEqual([400, 'payments_mismatch']);
    const credit = await sell(who, [{ tender_type: 'credit', amount: total, info: { type: 'general' } }]);
    expect([credit.statusCode, credit.json().code]).toEqual([422, 'credit_not_accepted']);
    const change = await sell(who, [{ tender_type: 'card-terminal', amount: total, info: { terminal_reference: 'T1-1', amount_tendered: total + 100 } }]);
    expect(change.statusCode).toBe(422);
    const theirs = await sell(who, terminal(total), { till_session_id: otherSessionId });
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, 'Unauthorised.']);
    expect(await membershipsOf(who)).toEqual([]);
  });

  it("refuses a customer's token, another operator's customer, a person of another account (403 'Unauthorised.')", async () => {
    const who = await withBirthday(fresh());
    const neighbour = await withBirthday(fresh());
    const total = expected().todayTotal;
    for (const [as, customer, body] of [
      [who, who, {}],
      [staff, stranger, {}],
      [staff, who, { membership_user_id: neighbour.selfId }],
      [staff, other, { membership_user_id: other.selfId }],
    ] as const) {
      const response = await call('POST', `/api/foh/customers/${customer.userId}/memberships`, as, { till_session_id: sessionId, plan_id: monthly, membership_user_id: who.selfId, start_date: today(), payments: terminal(total), ...body });
      expect([response.statusCode, response.json().message]).toEqual([403, 'Unauthorised.']);
      const q = await call('POST', `/api/foh/customers/${customer.userId}/memberships/quote`, as, { till_session_id: sessionId, plan_id: monthly, membership_user_id: who.selfId, start_date: today(), ...body });
      expect(q.statusCode).toBe(403);
    }
    expect((await call('POST', `/api/foh/customers/${who.userId}/memberships`, null, { till_session_id: sessionId, plan_id: monthly, membership_user_id: who.selfId, start_date: today(), payments: terminal(total) })).statusCode).toBe(401);
    expect(await membershipsOf(who)).toEqual([]);
    expect(await membershipsOf(neighbour)).toEqual([]);
  });

  it('sells one membership when the same request comes twice at once, and records one sale in the till', async () => {
    const who = await withBirthday(fresh());
    const total = expected().todayTotal;
    const [a, b] = await Promise.all([sell(who, terminal(total)), sell(who, terminal(total))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('already_a_member');
    expect(await membershipsOf(who)).toHaveLength(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM till_entries e JOIN orders o ON o.id = e.order_id WHERE o.account_user_id = ${who.userId}`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-mandate-link'`)).toBe(1);
  });
});

describe('the emailed Direct Debit link', () => {
  it('shows the membership to whoever holds it, makes the mandate, activates the membership and schedules the first Direct Debit, once', async () => {
    const who = await withBirthday(fresh());
    const sold = (await sell(who, terminal(expected().todayTotal))).json().data;
    const token = await linkOf(who);
    const view = await open(token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({ membership_number: sold.membership_number, quote: { first_collection: { date: { date: expected().firstCollection!.date } } } });
    const failing = await give(token, null, BANK.failsAtSubmission);
    expect([failing.statusCode, failing.json().code]).toEqual([422, 'mandate_failed']);
    const done = await give(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'active', membership_number: sold.membership_number, mandate: { account_number_ending: '11' } });
    const [m] = await membershipsOf(who);
    expect(m).toMatchObject({ status: 'active', mandate_id: expect.any(Number) });
    const collections = await sql<{ due_on: string; amount_pence: number }>`SELECT due_on::text, amount_pence FROM membership_collections WHERE membership_id = ${m!.id}`.execute(ctx.db);
    expect(collections.rows).toEqual([{ due_on: expected().firstCollection!.date, amount_pence: expected().firstCollection!.amount }]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-agreement'`)).toBe(1);
    // Used: a clear 410, and nothing more made.
    const again = await give(token);
    expect([again.statusCode, again.json().code]).toEqual([410, 'mandate_link_used']);
    expect((await open(token)).statusCode).toBe(410);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM direct_debit_mandates WHERE account_user_id = ${who.userId} AND status <> 'failed' AND status <> 'cancelled'`)).toBe(1);
    // The customer's own account shows it active.
    const mine = await call('GET', '/api/dashboard/memberships', who);
    expect(JSON.stringify(mine.json())).toContain(sold.membership_number);
  });

  it('refuses an expired link (410), an unknown one (404), and another customer logged in (403); the membership still waits', async () => {
    const who = await withBirthday(fresh());
    await sell(who, terminal(expected().todayTotal));
    const token = await linkOf(who);
    const nosy = fresh();
    const theirs = await give(token, nosy);
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, 'Unauthorised.']);
    expect((await open(token, nosy)).statusCode).toBe(403);
    const unknown = await open('A'.repeat(43));
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'mandate_link_unknown']);
    expect((await open('short')).statusCode).toBe(422);
    await sql`UPDATE membership_mandate_links l SET expires_at = now() - interval '1 minute' FROM memberships m WHERE m.id = l.membership_id AND m.account_user_id = ${who.userId}`.execute(ctx.db);
    const expired = await give(token, who);
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'mandate_link_expired']);
    expect((await membershipsOf(who))[0]!.status).toBe('awaiting_mandate');
  });

  it('makes one mandate when the link is submitted twice at once (the other is cancelled at the provider)', async () => {
    const who = await withBirthday(fresh());
    await sell(who, terminal(expected().todayTotal));
    const token = await linkOf(who);
    const [a, b] = await Promise.all([give(token), give(token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM direct_debit_mandates WHERE account_user_id = ${who.userId} AND status <> 'cancelled'`)).toBe(1);
  });
});

describe('a new Direct Debit link from the till', () => {
  const resend = (membershipId: number, as: TestCustomer | null = staff) => call('POST', `/api/foh/memberships/${membershipId}/mandate-link`, as);

  it('emails a new link that works, closes the older one (410 expired) and records who sent it; once the mandate is made there is none to send', async () => {
    const who = await withBirthday(fresh());
    const sold = (await sell(who, terminal(expected().todayTotal))).json().data;
    const first = await linkOf(who);
    const res = await resend(sold.membership_id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ data: { membership_id: sold.membership_id, sent_to: who.email }, message: `A new Direct Debit link has been sent to ${who.email}. Earlier links no longer work.` });
    const second = await linkOf(who);
    expect(second).toHaveLength(43);
    expect(second).not.toBe(first);
    const old = await open(first);
    expect([old.statusCode, old.json().code]).toEqual([410, 'mandate_link_expired']);
    const view = await open(second);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data).toMatchObject({ membership_number: sold.membership_number, quote: { first_collection: { date: { date: expected().firstCollection!.date } } } });
    const links = await sql<{ sent_by_staff_user_id: number | null }>`SELECT sent_by_staff_user_id FROM membership_mandate_links WHERE membership_id = ${sold.membership_id} ORDER BY id`.execute(ctx.db);
    expect(links.rows).toEqual([{ sent_by_staff_user_id: null }, { sent_by_staff_user_id: staff.userId }]);
    expect((await give(second)).statusCode).toBe(200);
    const none = await resend(sold.membership_id);
    expect([none.statusCode, none.json().code]).toEqual([409, 'not_awaiting_mandate']);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-mandate-link'`)).toBe(2);
  });

  it("refuses a customer's token (their own membership too), no login, an unknown id and another operator's membership, sending nothing", async () => {
    const who = await withBirthday(fresh());
    const sold = (await sell(who, terminal(expected().todayTotal))).json().data;
    const forbidden = [await resend(sold.membership_id, who), await resend(sold.membership_id, fresh()), await resend(99_999_999)];
    expect(forbidden.map((r) => [r.statusCode, r.json().message])).toEqual(Array(3).fill([403, 'Unauthorised.']));
    expect((await resend(sold.membership_id, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/foh/memberships/abc/mandate-link', staff)).statusCode).toBe(422);
    // The same membership moved to another operator: this operator's staff cannot reach it.
    await sql`UPDATE memberships SET client_id = (SELECT client_id FROM users WHERE id = ${stranger.userId}) WHERE id = ${sold.membership_id}`.execute(ctx.db);
    const theirs = await resend(sold.membership_id);
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, 'Unauthorised.']);
    await sql`UPDATE memberships SET client_id = ${shop.fx.clientId} WHERE id = ${sold.membership_id}`.execute(ctx.db);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-mandate-link'`)).toBe(1);
  });

  it('pressed twice at once: each sends one, in turn, and only the last link works', async () => {
    const who = await withBirthday(fresh());
    const sold = (await sell(who, terminal(expected().todayTotal))).json().data;
    const answers = await Promise.all([resend(sold.membership_id), resend(sold.membership_id), resend(sold.membership_id)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const open_ = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM membership_mandate_links WHERE membership_id = ${sold.membership_id} AND used_at IS NULL AND expires_at > now()`);
    expect(open_).toBe(1);
    expect((await open(await linkOf(who))).statusCode).toBe(200);
  });
});

describe('an annual upfront plan', () => {
  it('is one payment at the till, active at once, with no mandate and no link; the agreement is emailed', async () => {
    const who = await withBirthday(fresh());
    const q = (await quote(who, { plan_id: annual })).json().data;
    expect(q).toMatchObject({ mandate_required: false, first_collection: null });
    const res = await sell(who, [{ tender_type: 'cash', amount: q.today_total.raw, info: { amount_tendered: q.today_total.raw + 50 } }], { plan_id: annual });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'active', mandate_link_sent_to: null, change_due: { raw: 50 } });
    expect(await membershipsOf(who)).toEqual([expect.objectContaining({ status: 'active', mandate_id: null })]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-mandate-link'`)).toBe(0);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-agreement'`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM till_entries e JOIN orders o ON o.id = e.order_id WHERE o.account_user_id = ${who.userId} AND e.tender_type = 'cash' AND e.amount_pence = ${q.today_total.raw}`)).toBe(1);
    const agreement = await sql<{ text_body: string }>`SELECT text_body FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-agreement'`.execute(ctx.db);
    expect(agreement.rows[0]!.text_body).toContain(`Paid today at the till: ${q.today_total.formatted}`);
    expect(agreement.rows[0]!.text_body).not.toContain('by card');
  });
});
