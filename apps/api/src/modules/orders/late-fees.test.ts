import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CARD_DECLINED_MESSAGE } from '@app/contract/checkout/payment';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { TEST_BROWSER, TEST_CARDS, tokeniseTestCard } from '../../../test/fixtures/cards.ts';
import { addCredit } from '../credits/service.ts';

/**
 * Paying late-cancellation fees (docs/account-bookings.md): by card with 3-D Secure as at
 * checkout, or from general credit; either way one order with a receipt, the fees settled once.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let termIds: number[];
let next = 0;
const fresh = () => customers[next++]!;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestCustomer | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

const CARDS = TEST_CARDS;
const FEES = '/api/dashboard/late-cancellation-fees';

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 24);
  termIds = (await call('GET', '/api/terms', customers[0]!)).json().data.map((t: { id: number }) => t.id);
});

/** Books a class starting in two hours (credit-only checkout): cancelling it costs a £2.00 fee. */
const bookSoon = async (who: TestCustomer) => {
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5, startsInMinutes: 120 });
  const added = await call('POST', '/api/activities/cart/add', who, {
    items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }],
    selected_user_id: null,
  });
  expect(added.statusCode).toBe(200);
  const total = (added.json().data as CartDto).total;
  await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', total, 'Test credit');
  const done = await call('POST', '/api/checkout/complete', who, { completed_waivers: [], payments: [{ tender_type: 'credit', amount: total, info: {} }], source: 'activity-booking', terms: termIds, selected_user_id: null });
  expect(done.statusCode).toBe(200);
  return done.json().data.booking_ids[0] as number;
};

const cancelLate = async (who: TestCustomer, bookingId: number) => {
  const cancelled = await call('DELETE', `/api/activities/bookings/${bookingId}?source=my-account`, who);
  expect(cancelled.json().cancellations[0]).toMatchObject({ outcome: 'fee', amount: 200 });
};

/** A £2.00 fee owed: a class two hours ahead booked and cancelled. */
const owe = async (who: TestCustomer) => cancelLate(who, await bookSoon(who));

const tokenise = (who: TestCustomer, number: string) => tokeniseTestCard(ctx.app, who, number);

const authorise = async (who: TestCustomer, amount: number, number = CARDS.ok, extra: Json = {}) =>
  call('POST', `${FEES}/authorise`, who, {
    amount,
    ...(await tokenise(who, number)),
    card_holder_name: 'Casey Tester',
    ...TEST_BROWSER,
    ...extra,
  });

const pay = (who: TestCustomer, transactionUuid?: string) => call('POST', `${FEES}/pay`, who, transactionUuid ? { transaction_uuid: transactionUuid } : {});
const penalties = async (who: TestCustomer) => (await call('GET', '/api/auth/user', who)).json().data.has_outstanding_penalties as boolean;
const simulatorStatus = async (uuid: string) =>
  (await sql<{ status: string }>`SELECT status FROM simulator_payments WHERE transaction_uuid = ${uuid}::uuid`.execute(ctx.db)).rows[0]?.status;
const feeRows = async (who: TestCustomer) =>
  (await sql<{ status: string; order_id: number | null }>`SELECT status, order_id FROM late_cancellation_fees WHERE account_user_id = ${who.userId} ORDER BY id`.execute(ctx.db)).rows;

describe('paying late-cancellation fees by card', () => {
  it('authorises the fee total, pays it, and the receipt under Payments shows the fee line and the card', async () => {
    const who = fresh();
    await owe(who);
    expect(await penalties(who)).toBe(true);
    const authorised = await authorise(who, 200);
    expect(authorised.statusCode).toBe(200);
    expect(authorised.json().data).toMatchObject({ transaction_status: 'authorised', amount: 200, sca_url: null });
    const uuid = authorised.json().data.transaction_uuid as string;
    expect(await simulatorStatus(uuid)).toBe('authorised');

    const paid = await pay(who, uuid);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      data: { paid: 1, amount: 200, formatted_amount: '£2.00', tender_type: 'card', credit_balance: null, reference: expect.stringMatching(/^BK-/) },
      message: 'Late-cancellation fee of £2.00 paid by card. You can book again.',
    });
    expect(await simulatorStatus(uuid)).toBe('captured');
    expect(await penalties(who)).toBe(false);
    expect(await feeRows(who)).toEqual([{ status: 'paid', order_id: expect.any(Number) }]);

    const receipt = await call('GET', `/api/dashboard/orders/${paid.json().data.complete_order_id}`, who);
    expect(receipt.statusCode).toBe(200);
    const order = receipt.json().data;
    expect(order.lines).toEqual([expect.objectContaining({ name: 'Spin Express', description: 'Late-cancellation fee', status: 'booked', price: expect.objectContaining({ raw: 200 }) })]);
    expect(order.tenders).toEqual([expect.objectContaining({ tender_type: 'card', amount: expect.objectContaining({ raw: 200 }), card: expect.objectContaining({ last_four: '4242' }) })]);
    expect(order.total).toMatchObject({ raw: 200 });
    const mail = await ctx.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', who.email).where('kind', '=', 'late-fee-receipt').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Payment received: ${paid.json().data.reference}`);
    expect(mail.text_body).toContain('Late-cancellation fee: Spin Express');
    expect(mail.text_body).toContain('Total paid: £2.00 by card ending 4242.');
    const orders = (await call('GET', '/api/dashboard/orders', who)).json().data as { id: string }[];
    expect(orders.map((o) => o.id)).toContain(paid.json().data.complete_order_id);

    // The basket takes bookings again; the same pay again answers the same order, charging nothing more.
    const another = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    const added = await call('POST', '/api/activities/cart/add', who, { items: [{ id: another.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }] });
    expect(added.statusCode).toBe(200);
    const again = await pay(who, uuid);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.complete_order_id).toBe(paid.json().data.complete_order_id);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE account_user_id = ${who.userId} AND kind = 'late_fees'`.execute(ctx.db)).rows[0]!.n).toBe(1);
  });

  it('a 3-D Secure challenge returns to the account site, and Approve then pay settles the fee', async () => {
    const who = fresh();
    await owe(who);
    const authorised = await authorise(who, 200, CARDS.challenge, { return_path: '/_/my-account/late-fees' });
    expect(authorised.json().data).toMatchObject({ transaction_status: 'challenge', sca_url: expect.stringContaining('/simulator/challenge?token=') });
    const { transaction_uuid: uuid, sca_data: scaData } = authorised.json().data as { transaction_uuid: string; sca_data: string };
    expect((await pay(who, uuid)).json().code).toBe('challenge_pending');
    const approve = await ctx.app.inject({ method: 'POST', url: '/simulator/challenge', payload: `token=${encodeURIComponent(scaData)}&decision=approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(approve.headers.location).toBe(`/_/my-account/late-fees?transaction_uuid=${uuid}&status=approved`);
    const paid = await pay(who, uuid);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.tender_type).toBe('card');
    expect(await penalties(who)).toBe(false);
  });

  it('a declined card pays nothing and the fee stays owed', async () => {
    const who = fresh();
    await owe(who);
    const declined = await authorise(who, 200, CARDS.decline);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe(CARD_DECLINED_MESSAGE);
    const challenged = await authorise(who, 200, CARDS.challenge);
    const { transaction_uuid: uuid, sca_data: scaData } = challenged.json().data as { transaction_uuid: string; sca_data: string };
    await ctx.app.inject({ method: 'POST', url: '/simulator/challenge', payload: `token=${encodeURIComponent(scaData)}&decision=decline`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const refused = await pay(who, uuid);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('card_declined');
    expect(await penalties(who)).toBe(true);
    expect(await feeRows(who)).toEqual([{ status: 'unpaid', order_id: null }]);
  });

  it('refuses an amount other than the fees shown (409 naming the total), nothing to pay (400), and hostile input (422)', async () => {
    const who = fresh();
    expect((await authorise(who, 200)).json().code).toBe('no_late_fees');
    await owe(who);
    const wrong = await authorise(who, 150);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toContain('£2.00');
    const card = await tokenise(who, CARDS.ok);
    for (const body of [
      { amount: -1, ...card },
      { amount: 200, ...card, return_path: 'https://evil.example/late-fees' },
      { amount: 200, ...card, return_path: '//evil.example/late-fees' },
      { amount: 200, ...card, card_identifier: 'x'.repeat(5000) },
      { amount: 200, session_key: '', card_identifier: card.card_identifier },
      { amount: '200', ...card },
      { amount: 200, ...card, unexpected: true },
    ]) {
      const response = await call('POST', `${FEES}/authorise`, who, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
    expect((await call('POST', `${FEES}/pay`, who, { transaction_uuid: 'not-a-uuid' })).statusCode).toBe(422);
    expect((await call('POST', `${FEES}/pay`, null, {})).statusCode).toBe(401);
    expect((await call('POST', `${FEES}/authorise`, null, { amount: 200, ...card })).statusCode).toBe(401);
    expect(await penalties(who)).toBe(true);
  });

  it("another customer's card attempt is not found, and cannot pay their fee or yours", async () => {
    const [owner, other] = [fresh(), fresh()];
    await owe(owner);
    await owe(other);
    const uuid = (await authorise(owner, 200)).json().data.transaction_uuid as string;
    const stolen = await pay(other, uuid);
    expect(stolen.statusCode).toBe(404);
    expect(await penalties(owner)).toBe(true);
    expect(await penalties(other)).toBe(true);
    expect(await simulatorStatus(uuid)).toBe('authorised');
  });

  it('a fee recorded after the card was authorised is not charged unseen: 409, the authorisation voided', async () => {
    const who = fresh();
    const [first, second] = [await bookSoon(who), await bookSoon(who)];
    await cancelLate(who, first);
    const uuid = (await authorise(who, 200)).json().data.transaction_uuid as string;
    await cancelLate(who, second);
    const refused = await pay(who, uuid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('£4.00');
    expect(await simulatorStatus(uuid)).toBe('voided');
    expect((await feeRows(who)).map((f) => f.status)).toEqual(['unpaid', 'unpaid']);
  });
});

describe('a basket filled before the fee was recorded', () => {
  it('cannot be checked out (card or credit) until the fee is paid, then can', async () => {
    const who = fresh();
    const soon = await bookSoon(who);
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    const added = await call('POST', '/api/activities/cart/add', who, { items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }] });
    const total = (added.json().data as CartDto).total;
    await cancelLate(who, soon);
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', total, 'Test credit');
    const body = { completed_waivers: [], payments: [{ tender_type: 'credit', amount: total, info: {} }], source: 'activity-booking', terms: termIds, selected_user_id: null };
    const refused = await call('POST', '/api/checkout/complete', who, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'late_fee_unpaid', message: expect.stringContaining('£2.00') });
    const card = await tokenise(who, CARDS.ok);
    const byCard = await call('POST', '/api/checkout/authorise', who, { payments: [{ tender_type: 'card', amount: total }], ...card, source: 'activity-booking', terms: termIds, completed_waivers: [] });
    expect(byCard.json().code).toBe('late_fee_unpaid');

    const fee = await authorise(who, 200);
    expect((await pay(who, fee.json().data.transaction_uuid as string)).statusCode).toBe(200);
    const done = await call('POST', '/api/checkout/complete', who, body);
    expect(done.statusCode).toBe(200);
  });
});

describe('paying late-cancellation fees from credit', () => {
  it('is an order too, with the credit as its tender and the ledger row linked to it', async () => {
    const who = fresh();
    await owe(who);
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 500, 'Test credit');
    const paid = await pay(who);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ paid: 1, amount: 200, tender_type: 'general-credit', credit_balance: 300 });
    expect(paid.json().message).toBe('Late-cancellation fee of £2.00 paid from your account credit. You can book again.');
    const order = (await call('GET', `/api/dashboard/orders/${paid.json().data.complete_order_id}`, who)).json().data;
    expect(order.tenders).toEqual([expect.objectContaining({ tender_type: 'general-credit', amount: expect.objectContaining({ raw: 200 }), card: null })]);
    const ledger = await sql<{ order_id: number | null }>`
      SELECT ce.order_id FROM credit_entries ce JOIN late_cancellation_fees f ON f.credit_entry_id = ce.id WHERE f.account_user_id = ${who.userId}`.execute(ctx.db);
    expect(ledger.rows).toEqual([{ order_id: (await feeRows(who))[0]!.order_id }]);
  });
});

describe('the same fees paid twice at once', () => {
  it('20 parallel credit payments settle the fee once: one 200, the rest 400, one ledger spend', async () => {
    const who = fresh();
    await owe(who);
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 1000, 'Test credit');
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(who)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400).every((a) => a.json().code === 'no_late_fees')).toBe(true);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(19);
    const spends = await sql<{ n: number }>`SELECT count(*)::int AS n FROM credit_entries WHERE account_user_id = ${who.userId} AND kind = 'spend' AND note LIKE 'Late-cancellation%'`.execute(ctx.db);
    expect(spends.rows[0]!.n).toBe(1);
  });

  it('the same card payment sent 10 times at once makes one order and one capture; a credit payment racing it voids nothing it should not', async () => {
    const who = fresh();
    await owe(who);
    const uuid = (await authorise(who, 200)).json().data.transaction_uuid as string;
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(who, uuid)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().data.complete_order_id)).size).toBe(1);
    expect(await simulatorStatus(uuid)).toBe('captured');

    // Card and credit at once for a new fee: exactly one pays; a card attempt not needed is voided.
    await owe(who);
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 1000, 'Test credit');
    const second = (await authorise(who, 200)).json().data.transaction_uuid as string;
    const [byCard, byCredit] = await Promise.all([pay(who, second), pay(who)]);
    expect([byCard.statusCode, byCredit.statusCode].filter((s) => s === 200)).toHaveLength(1);
    expect(await simulatorStatus(second)).toBe(byCard.statusCode === 200 ? 'captured' : 'voided');
    expect((await feeRows(who)).map((f) => f.status)).toEqual(['paid', 'paid']);
  });
});

describe('reconciliation of a fee card payment left authorised', () => {
  it('pays the fee when the customer never came back to finish it', async () => {
    const who = fresh();
    await owe(who);
    const uuid = (await authorise(who, 200)).json().data.transaction_uuid as string;
    await sql`UPDATE provider_transactions SET updated_at = now() - interval '1 hour' WHERE uuid = ${uuid}::uuid`.execute(ctx.db);
    await enqueue(ctx.db, 'reconcile-payments', {});
    await runDueJobs({ url: ctx.url, db: ctx.db });
    expect(await simulatorStatus(uuid)).toBe('captured');
    expect(await penalties(who)).toBe(false);
  });
});
