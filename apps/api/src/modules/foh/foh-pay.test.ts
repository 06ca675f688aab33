import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';
import { addCredit } from '../credits/service.ts';

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass, count } = shop;

let staff: TestCustomer;
let other: TestCustomer;
let sessionId: number;
let otherSessionId: number;

const pay = (who: TestCustomer, customer: TestCustomer, payments: unknown[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call('POST', '/api/activities/cart/pay', who, { payments, selected_user_id: customer.selfId, source: 'front-of-house', terms: shop.termIds, till_session_id: sessionId, ...extra }, headers);
const entriesOf = (orderUuid: string) =>
  sql<{ tender_type: string; amount_pence: number; reference: string | null; staff_user_id: number; session_id: number }>`
    SELECT e.tender_type, e.amount_pence, e.reference, e.staff_user_id, e.session_id FROM till_entries e JOIN orders o ON o.id = e.order_id WHERE o.uuid = ${orderUuid} ORDER BY e.id`.execute(ctx.db);

beforeAll(async () => {
  staff = fresh();
  other = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [staff.userId, other.userId]).execute();
  const tills = (await call('GET', '/api/foh/tills?venue=bury-leisure-centre', staff)).json().data;
  sessionId = (await call('POST', `/api/foh/tills/${tills[0].id}/sessions`, staff, { float_pence: 10000 })).json().data.id;
  otherSessionId = (await call('POST', `/api/foh/tills/${tills[1].id}/sessions`, other, { float_pence: 0 })).json().data.id;
  await ctx.db.insertInto('vouchers').values([
    { client_id: shop.fx.clientId, code: 'TEST-V-650', value_pence: 650, expires_on: null },
    { client_id: shop.fx.clientId, code: 'TEST-V-1000', value_pence: 1000, expires_on: null },
    { client_id: shop.fx.clientId, code: 'TEST-V-0200', value_pence: 200, expires_on: null },
  ]).execute();
});

describe('each tender', () => {
  it('takes cash with the change due to the penny and records it in the till with the staff member', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    expect(cart.total).toBe(650);
    const paid = await pay(staff, who, [{ tender_type: 'cash', amount: 650, info: { amount_tendered: 1000 } }], { receipt: 'email' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ change_due: { raw: 350, formatted: '£3.50' }, tenders: [{ tender_type: 'cash', amount: { raw: 650 }, amount_tendered: { raw: 1000 }, change_due: { raw: 350 } }], receipt: 'email' });
    expect((await entriesOf(paid.json().complete_order_id)).rows).toEqual([{ tender_type: 'cash', amount_pence: 650, reference: null, staff_user_id: staff.userId, session_id: sessionId }]);
    const order = await sql<{ staff_user_id: number; source: string }>`SELECT staff_user_id, source FROM orders WHERE uuid = ${paid.json().complete_order_id}`.execute(ctx.db);
    expect(order.rows[0]).toEqual({ staff_user_id: staff.userId, source: 'front-of-house' });
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'order-confirmation'`)).toBe(1);
  });

  it('takes a cheque with its number, a terminal card with its reference, and sends no email for receipt none', async () => {
    for (const line of [
      { tender_type: 'cheque', amount: 650, info: { cheque_number: '001234' } },
      { tender_type: 'card-terminal', amount: 650, info: { terminal_reference: 'T1-88213' } },
    ]) {
      const who = fresh();
      await holdClass(who);
      const paid = await pay(staff, who, [line], { receipt: 'none' });
      expect(paid.statusCode).toBe(200);
      expect((await entriesOf(paid.json().complete_order_id)).rows[0]).toMatchObject({ tender_type: line.tender_type, amount_pence: 650, reference: Object.values(line.info)[0] });
      expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email}`)).toBe(0);
      const view = await call('GET', `/api/checkout/orders/${paid.json().complete_order_id}`, who);
      expect(view.json().data.payments[0].tender_type).toBe(line.tender_type);
    }
  });

  it('takes general and membership credit by the spec rules, and refuses credit the ledger does not cover', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 400, 'test');
    await holdClass(who);
    const short = await pay(staff, who, [{ tender_type: 'credit', amount: 650, info: { type: 'general' } }]);
    expect(short.statusCode).toBe(400);
    const split = await pay(staff, who, [{ tender_type: 'credit', amount: 400, info: { type: 'general' } }, { tender_type: 'card-terminal', amount: 250, info: { terminal_reference: 'T1-1' } }]);
    expect(split.statusCode).toBe(200);
    expect((await entriesOf(split.json().complete_order_id)).rows.map((r) => [r.tender_type, r.amount_pence])).toEqual([['credit', 400], ['card-terminal', 250]]);
  });

  it('spends a voucher once: a second use is 409 and nothing of the second sale is recorded', async () => {
    const first = fresh();
    await holdClass(first);
    expect((await call('GET', '/api/foh/vouchers/test-v-650', staff)).json().data).toMatchObject({ code: 'TEST-V-650', status: 'valid', value: { raw: 650 } });
    const used = await pay(staff, first, [{ tender_type: 'offline-voucher', amount: 650, info: { voucher_code: 'test-v-650' } }]);
    expect(used.statusCode).toBe(200);
    expect((await call('GET', '/api/foh/vouchers/TEST-V-650', staff)).json().data.status).toBe('spent');

    const second = fresh();
    await holdClass(second);
    const again = await pay(staff, second, [{ tender_type: 'offline-voucher', amount: 650, info: { voucher_code: 'TEST-V-650' } }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This voucher has already been used.');
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE account_user_id = ${second.userId}`)).toBe(0);
    expect((await call('GET', '/api/activities/cart', second)).json().data.items).toHaveLength(1);
    // Unknown, and worth less than the line.
    expect((await pay(staff, second, [{ tender_type: 'offline-voucher', amount: 650, info: { voucher_code: 'NOPE-0000' } }])).statusCode).toBe(422);
    const over = await pay(staff, second, [{ tender_type: 'offline-voucher', amount: 650, info: { voucher_code: 'TEST-V-0200' } }]);
    expect([over.statusCode, over.json().message]).toEqual([422, 'This voucher is worth £2.00.']);
    // The demo's spent and expired vouchers.
    expect((await call('GET', '/api/foh/vouchers/SPENT-0001', staff)).json().data.status).toBe('spent');
    expect((await call('GET', '/api/foh/vouchers/OLD-0001', staff)).json().data.status).toBe('expired');
  });

  it('splits across cash, cheque, voucher, terminal card and credit', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 100, 'test');
    await holdClass(who);
    const paid = await pay(staff, who, [
      { tender_type: 'cash', amount: 150, info: { amount_tendered: 200 } },
      { tender_type: 'cheque', amount: 100, info: { cheque_number: '000777' } },
      { tender_type: 'offline-voucher', amount: 200, info: { voucher_code: 'TEST-V-1000' } },
      { tender_type: 'card-terminal', amount: 100, info: { terminal_reference: 'T2-55' } },
      { tender_type: 'credit', amount: 100 },
    ]);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.change_due.raw).toBe(50);
    expect((await entriesOf(paid.json().complete_order_id)).rows.map((r) => r.tender_type)).toEqual(['cash', 'cheque', 'offline-voucher', 'card-terminal', 'credit']);
  });
});

describe('refusals', () => {
  it('refuses change on a non-cash tender, too little cash, missing references and a split that does not add up', async () => {
    const who = fresh();
    await holdClass(who);
    const change = await pay(staff, who, [{ tender_type: 'cheque', amount: 650, info: { cheque_number: '000001', amount_tendered: 1000 } }]);
    expect([change.statusCode, change.json().errors['payments.0.info.amount_tendered']]).toEqual([422, ['Only cash gives change: this tender must be for its exact amount.']]);
    expect((await pay(staff, who, [{ tender_type: 'cash', amount: 650, info: { amount_tendered: 600 } }])).statusCode).toBe(422);
    expect((await pay(staff, who, [{ tender_type: 'cheque', amount: 650 }])).json().errors).toHaveProperty(['payments.0.info.cheque_number']);
    expect((await pay(staff, who, [{ tender_type: 'card-terminal', amount: 650 }])).statusCode).toBe(422);
    const short = await pay(staff, who, [{ tender_type: 'cash', amount: 300 }, { tender_type: 'cheque', amount: 300, info: { cheque_number: '000002' } }]);
    expect([short.statusCode, short.json().code]).toEqual([400, 'payments_mismatch']);
    expect((await pay(staff, who, [{ tender_type: 'card', amount: 650 }])).statusCode).toBe(422);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE account_user_id = ${who.userId}`)).toBe(0);
  });

  it("refuses a customer's token, another staff member's session and a closed session", async () => {
    const who = fresh();
    await holdClass(who);
    const line = [{ tender_type: 'cash', amount: 650 }];
    expect((await pay(who, who, line)).statusCode).toBe(403);
    expect((await pay(staff, who, line, { till_session_id: otherSessionId })).statusCode).toBe(403);
    expect((await pay(staff, who, line, { till_session_id: 999999 })).statusCode).toBe(403);
    // A person id that is not a customer of this operator.
    expect((await pay(staff, who, line, { selected_user_id: 999999 })).statusCode).toBe(403);
  });
});

describe('exactly once', () => {
  it('completes one order from 20 parallel pays; the others are 409 and nothing is recorded twice', async () => {
    const who = fresh();
    await holdClass(who);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(staff, who, [{ tender_type: 'cash', amount: 650, info: { amount_tendered: 700 } }])));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE account_user_id = ${who.userId}`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM till_entries e JOIN orders o ON o.id = e.order_id WHERE o.account_user_id = ${who.userId}`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE account_user_id = ${who.userId}`)).toBe(1);

    // Paying it again later: a clear 409 naming the order; the same Idempotency-Key replays it.
    const later = await pay(staff, who, [{ tender_type: 'cash', amount: 650 }]);
    expect([later.statusCode, later.json().code]).toEqual([409, 'order_already_completed']);
  });

  it('answers the same order to a replay with the same Idempotency-Key', async () => {
    const who = fresh();
    await holdClass(who);
    const first = await pay(staff, who, [{ tender_type: 'cash', amount: 650 }], {}, { 'idempotency-key': 'till-replay-1' });
    const replay = await pay(staff, who, [{ tender_type: 'cash', amount: 650 }], {}, { 'idempotency-key': 'till-replay-1' });
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.json().complete_order_id).toBe(first.json().complete_order_id);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM till_entries e JOIN orders o ON o.id = e.order_id WHERE o.account_user_id = ${who.userId}`)).toBe(1);
  });

  it('shows the cash sales in the X read: float + cash taken', async () => {
    const x = (await call('GET', `/api/foh/sessions/${sessionId}/x-read`, staff)).json().data;
    expect(x.expected.cash).toBeGreaterThan(10000);
    const cash = await sql<{ n: number }>`SELECT coalesce(sum(amount_pence), 0)::int AS n FROM till_entries WHERE session_id = ${sessionId} AND tender_type = 'cash'`.execute(ctx.db);
    expect(x.expected.cash).toBe(cash.rows[0]!.n);
  });
});
