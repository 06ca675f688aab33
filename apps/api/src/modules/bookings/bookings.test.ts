import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@app/contract/cart/cart';
import type { BookingDto } from '@app/contract/bookings/booking';
import { LATE_CANCELLATION_FEE_PENCE } from '@app/contract/rules/cancellation';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { createCustomers, createHoldsFixture, createOccurrence, liveClaims, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { addCredit, expireCredit } from '../credits/service.ts';
import { enqueue } from '../../jobs/enqueue.ts';

const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let termIds: number[];
let next = 0;
const fresh = () => customers[next++]!;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: TestCustomer | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

const ADULT = 650;

const addToCart = (who: TestCustomer, occurrenceId: number, forChild = false) =>
  call('POST', '/api/activities/cart/add', who, {
    items: [{ id: occurrenceId, type: 'purchasableOccurrence', purchased_for_user_id: forChild ? who.childId : null, pricing_option_id: fx.classOptions.adult }],
    selected_user_id: null,
  });

/** Books a new class occurrence for `who` (or their child) through the basket and a credit-only checkout. */
const book = async (who: TestCustomer, options: { startsInMinutes?: number; capacity?: number; forChild?: boolean } = {}) => {
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: options.capacity ?? 5, startsInMinutes: options.startsInMinutes ?? 24 * 60 });
  const added = await addToCart(who, occurrence.id, options.forChild);
  expect(added.statusCode).toBe(200);
  const cart = added.json().data as CartDto;
  await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', cart.total, 'Test credit');
  const done = await call('POST', '/api/checkout/complete', who, { completed_waivers: [], payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], source: 'activity-booking', terms: termIds, selected_user_id: null });
  expect(done.statusCode).toBe(200);
  const bookingId = done.json().data.booking_ids[0] as number;
  return { occurrence, bookingId, reference: done.json().data.reference as string };
};

const list = async (who: TestCustomer, filter: 'future' | 'past', url = '/api/my-account/bookings') => {
  const response = await call('GET', `${url}?filter=${filter}`, who);
  expect(response.statusCode).toBe(200);
  return response.json() as { data: BookingDto[]; meta: { total: number } };
};

const cancel = (who: TestCustomer, bookingId: number, source = 'bookings') => call('DELETE', `/api/activities/bookings/${bookingId}?source=${source}`, who);
const balance = async (who: TestCustomer) => (await call('GET', '/api/auth/user', who)).json().data.credit.balance as number;
const refunds = async (bookingId: number) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM credit_entries WHERE booking_id = ${bookingId} AND kind = 'refund'`.execute(ctx.db)).rows[0]!.n;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 30);
  termIds = (await call('GET', '/api/terms', customers[0]!)).json().data.map((t: { id: number }) => t.id);
});

describe('GET /api/my-account/bookings', () => {
  it('needs a login and is no-store', async () => {
    const response = await call('GET', '/api/my-account/bookings?filter=future', null);
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("lists the account's future bookings of every family member with the wire fields, and not another customer's", async () => {
    const [alice, bob] = [fresh(), fresh()];
    const own = await book(alice, { startsInMinutes: 26 * 60 });
    const child = await book(alice, { startsInMinutes: 30 * 60, forChild: true });
    await book(bob);
    const { data, meta } = await list(alice, 'future');
    expect(meta.total).toBe(2);
    expect(data.map((b) => b.id)).toEqual([own.bookingId, child.bookingId]);
    const first = data[0]!;
    expect(first).toMatchObject({
      status: 'booked',
      reference: own.reference,
      activity_id: fx.classActivityId,
      activity_name: 'Spin Express',
      venue: { slug: 'bury-leisure-centre', name: 'Bury Leisure Centre' },
      person: { id: alice.selfId, relationship: 'self' },
      price: { raw: ADULT, formatted: '£6.50' },
      cancellable: true,
      cancellation: { outcome: 'credit', amount: ADULT, formatted_amount: '£6.50' },
    });
    expect(first.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first.time).toMatch(/^\d{2}:\d{2}$/);
    expect(first.item[0]!.location.name).toEqual(expect.any(String));
    expect(data[1]!.person).toMatchObject({ id: alice.childId, relationship: 'child' });
    // The same list under the dashboard base; past is empty.
    expect((await list(alice, 'future', '/api/dashboard/bookings')).data.map((b) => b.id)).toEqual([own.bookingId, child.bookingId]);
    expect((await list(alice, 'past')).data).toEqual([]);
  });

  it('says a booking less than 4 hours away would cost the late-cancellation fee', async () => {
    const who = fresh();
    await book(who, { startsInMinutes: 90 });
    const [booking] = (await list(who, 'future')).data;
    expect(booking!.cancellation).toMatchObject({ outcome: 'fee', amount: LATE_CANCELLATION_FEE_PENCE, formatted_amount: '£2.00', credit_expires_at: null });
  });

  it('refuses a filter that is neither future nor past (422)', async () => {
    const response = await call('GET', '/api/my-account/bookings?filter=all', fresh());
    expect(response.statusCode).toBe(422);
  });
});

describe('DELETE /api/activities/bookings/{id}?source=bookings', () => {
  it('at least 4 hours ahead: cancels, frees the place at once and gives the price back as credit valid for 12 months', async () => {
    const who = fresh();
    const { occurrence, bookingId } = await book(who, { startsInMinutes: 5 * 60 });
    const before = await balance(who);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
    const response = await cancel(who, bookingId);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.cancellations).toEqual([{ booking_id: bookingId, outcome: 'credit', amount: ADULT, formatted_amount: '£6.50', credit_expires_at: expect.any(String) }]);
    expect(body.message).toBe('Booking cancelled. £6.50 has been added to your account credit.');
    expect(body.data[0]).toMatchObject({
      id: bookingId,
      status: 'cancelled',
      cancellable: false,
      cancellation_source: 'bookings',
      cancelled_with: { outcome: 'credit', amount: ADULT, formatted_amount: '£6.50', credit_expires_at: body.cancellations[0].credit_expires_at, fee_paid: null },
    });
    const expires = new Date(body.cancellations[0].credit_expires_at);
    const inAYear = new Date();
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(Math.abs(expires.getTime() - inAYear.getTime())).toBeLessThan(3 * 24 * 3_600_000);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(0);
    expect(await balance(who)).toBe(before + ADULT);
    const refund = await ctx.db.selectFrom('credit_entries').selectAll().where('booking_id', '=', bookingId).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ kind: 'refund', amount: ADULT, credit_type: 'general' });
    expect(new Date(refund.expires_at as unknown as string).toISOString()).toBe(expires.toISOString());
    const audit = await ctx.db.selectFrom('account_audit').select(['action', 'detail']).where('user_id', '=', who.userId).where('action', '=', 'booking_cancelled').execute();
    expect(audit).toEqual([{ action: 'booking_cancelled', detail: expect.objectContaining({ booking_id: bookingId, outcome: 'credit', amount: ADULT }) }]);
    // Now in the past list, cancelled; no longer in the future list.
    expect((await list(who, 'future')).data).toEqual([]);
    expect((await list(who, 'past')).data.map((b) => [b.id, b.status])).toEqual([[bookingId, 'cancelled']]);
  });

  it('answers on the spec path with its trailing slash too, and takes source only from the product’s sources', async () => {
    const who = fresh();
    const { bookingId } = await book(who);
    // Issue 20: the bookings site sends source=bookings; a source the product does not have is 422, nothing cancelled.
    const unknown = await call('DELETE', `/api/activities/bookings/${bookingId}/?source=elsewhere`, who);
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['source']);
    const response = await call('DELETE', `/api/activities/bookings/${bookingId}/?source=bookings`, who);
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ id: bookingId, status: 'cancelled', cancellation_source: 'bookings' });
  });

  it("refuses another customer's booking with 403, an unknown one with 404, a cancelled one with 409, a started one with 400", async () => {
    const [owner, other] = [fresh(), fresh()];
    const { bookingId } = await book(owner);
    const forbidden = await cancel(other, bookingId);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Unauthorised.');
    expect(await refunds(bookingId)).toBe(0);
    expect((await cancel(owner, 2_000_000_000)).statusCode).toBe(404);
    expect((await cancel(owner, bookingId)).statusCode).toBe(200);
    const again = await cancel(owner, bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'booking_already_cancelled', message: 'This booking has already been cancelled.' });
    const started = await book(owner);
    await sql`UPDATE occurrences SET starts_at = now() - interval '5 minutes', ends_at = now() + interval '55 minutes' WHERE id = ${started.occurrence.id}`.execute(ctx.db);
    const late = await cancel(owner, started.bookingId);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('booking_started');
  });

  it('cancelling twice at once credits once', async () => {
    const who = fresh();
    const { bookingId } = await book(who);
    const before = await balance(who);
    const answers = await Promise.all(Array.from({ length: 8 }, () => cancel(who, bookingId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await refunds(bookingId)).toBe(1);
    expect(await balance(who)).toBe(before + ADULT);
  });

  it('offers the freed place to the first person waiting', async () => {
    const [booker, waiter] = [fresh(), fresh()];
    const { occurrence, bookingId } = await book(booker, { capacity: 1 });
    const joined = await call('POST', '/api/activities/waitlist/add', waiter, { item: { id: occurrence.id, type: 'purchasableOccurrence' }, selected_user_id: null });
    expect(joined.statusCode).toBe(200);
    expect((await cancel(booker, bookingId)).statusCode).toBe(200);
    await runDueJobs({ url: ctx.url, db: ctx.db });
    const entry = await ctx.db.selectFrom('waitlist_entries').select('status').where('occurrence_id', '=', occurrence.id).executeTakeFirstOrThrow();
    expect(entry.status).toBe('offered');
    const cart = (await call('GET', '/api/activities/cart', waiter)).json().data as CartDto;
    expect(cart.items.map((i) => i.cartable_id)).toEqual([occurrence.id]);
  });
});

describe('late cancellation (less than 4 hours ahead)', () => {
  it('records the fee, blocks the basket with a message naming it until it is paid from credit', async () => {
    const who = fresh();
    const { bookingId, occurrence } = await book(who, { startsInMinutes: 120 });
    const before = await balance(who);
    const response = await cancel(who, bookingId, 'my-account');
    expect(response.statusCode).toBe(200);
    expect(response.json().cancellations).toEqual([{ booking_id: bookingId, outcome: 'fee', amount: 200, formatted_amount: '£2.00', credit_expires_at: null }]);
    expect(response.json().message).toBe('Booking cancelled. A late-cancellation fee of £2.00 has been recorded.');
    expect(response.json().data[0].cancelled_with).toMatchObject({ outcome: 'fee', amount: 200, fee_paid: false });
    expect(await refunds(bookingId)).toBe(0);
    expect(await balance(who)).toBe(before);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(0);
    expect((await call('GET', '/api/auth/user', who)).json().data.has_outstanding_penalties).toBe(true);
    const fees = await call('GET', '/api/dashboard/late-cancellation-fees', who);
    expect(fees.json()).toMatchObject({ total: 200, formatted_total: '£2.00', data: [{ booking_id: bookingId, amount: 200, activity_name: 'Spin Express' }] });

    const another = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    const refused = await addToCart(who, another.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'late_fee_unpaid', message: expect.stringContaining('late-cancellation fee of £2.00') });

    // Not enough credit: 400 with the amount, nothing paid.
    await sql`INSERT INTO credit_entries (client_id, account_user_id, credit_type, kind, amount, balance_after, note)
              VALUES (${fx.clientId}, ${who.userId}, 'general', 'spend', ${-before}, 0, 'test: spend it all')`.execute(ctx.db);
    const short = await call('POST', '/api/dashboard/late-cancellation-fees/pay', who, {});
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('£2.00');
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 500, 'Test credit');
    const paid = await call('POST', '/api/dashboard/late-cancellation-fees/pay', who, {});
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({
      paid: 1,
      amount: 200,
      formatted_amount: '£2.00',
      tender_type: 'general-credit',
      credit_balance: 300,
      complete_order_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference: expect.stringMatching(/^BK-/),
    });
    expect(await balance(who)).toBe(300);
    expect((await call('GET', '/api/auth/user', who)).json().data.has_outstanding_penalties).toBe(false);
    expect((await addToCart(who, another.id)).statusCode).toBe(200);
    expect((await call('POST', '/api/dashboard/late-cancellation-fees/pay', who, {})).statusCode).toBe(400);
  });
});

describe('PATCH /api/v1/activities/bookings (wire notes)', () => {
  const patch = (who: TestCustomer, ids: number[], extra: Json = {}) =>
    call('PATCH', '/api/v1/activities/bookings', who, { data: { cancellation_source: 'my-account', update_type: 'cancellation', booking_ids: ids, ...extra } });

  it('cancels several bookings, or none when one of them is refused', async () => {
    const [who, other] = [fresh(), fresh()];
    const a = await book(who);
    const b = await book(who, { startsInMinutes: 48 * 60 });
    const foreign = await book(other);
    const refused = await patch(who, [a.bookingId, foreign.bookingId]);
    expect(refused.statusCode).toBe(403);
    expect((await list(who, 'future')).meta.total).toBe(2);
    const response = await patch(who, [a.bookingId, b.bookingId]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((x: BookingDto) => [x.id, x.status, x.cancellation_source])).toEqual([
      [a.bookingId, 'cancelled', 'my-account'],
      [b.bookingId, 'cancelled', 'my-account'],
    ]);
    expect(response.json().message).toBe('2 bookings cancelled. £13.00 has been added to your account credit.');
  });

  it('refuses another update type and an empty list (422)', async () => {
    const who = fresh();
    expect((await patch(who, [1], { update_type: 'reschedule' })).statusCode).toBe(422);
    expect((await patch(who, [])).statusCode).toBe(422);
  });

  it.each([[true], [[5]], ['5abc'], [1.5]])('refuses a booking id that is not a number (%j, 422) and cancels nothing', async (id) => {
    const who = fresh();
    const { bookingId } = await book(who);
    // `true` once read as booking 1 and `[5]` as booking 5 (z.coerce.number).
    const response = await patch(who, [id as unknown as number, bookingId]);
    expect(response.statusCode).toBe(422);
    expect((await list(who, 'future')).meta.total).toBe(1);
  });
});

describe('credit expiry', () => {
  it('closes what is left of an expired cancellation credit once, and the dashboard explains the balance', async () => {
    const who = fresh();
    const { bookingId } = await book(who);
    expect((await cancel(who, bookingId)).statusCode).toBe(200);
    const credit = await call('GET', '/api/dashboard/credit', who);
    expect(credit.statusCode).toBe(200);
    expect(credit.json().data).toMatchObject({ balance: ADULT, formatted_balance: '£6.50', expiring: [{ amount: ADULT, formatted_amount: '£6.50' }] });
    expect(credit.json().data.entries[0]).toMatchObject({ kind: 'refund', amount: ADULT, balance_after: ADULT });

    // Spend part of it (a 'spend' row), then let the grant expire.
    await sql`INSERT INTO credit_entries (client_id, account_user_id, credit_type, kind, amount, balance_after, note)
              VALUES (${fx.clientId}, ${who.userId}, 'general', 'spend', -150, ${ADULT - 150}, 'test spend')`.execute(ctx.db);
    await sql`UPDATE credit_entries SET expires_at = now() - interval '1 minute' WHERE booking_id = ${bookingId}`.execute(ctx.db);
    await enqueue(ctx.db, 'expire-credit', {});
    await runDueJobs({ url: ctx.url, db: ctx.db });
    expect(await balance(who)).toBe(0);
    const expiry = await ctx.db.selectFrom('credit_entries').select(['kind', 'amount', 'balance_after']).where('account_user_id', '=', who.userId).where('kind', '=', 'expiry').execute();
    expect(expiry).toEqual([{ kind: 'expiry', amount: -(ADULT - 150), balance_after: 0 }]);
    expect(await expireCredit(ctx.db)).toBe(0);
    expect((await call('GET', '/api/dashboard/credit', who)).json().data.expiring).toEqual([]);
  });
});

describe('credit past its date, before the job has run', () => {
  it('is not spent: credits/apply closes it (the balance shows 0) and a credit-only checkout is refused', async () => {
    const who = fresh();
    const { bookingId } = await book(who);
    expect((await cancel(who, bookingId)).statusCode).toBe(200);
    expect(await balance(who)).toBe(ADULT);
    await sql`UPDATE credit_entries SET expires_at = now() - interval '1 minute' WHERE booking_id = ${bookingId}`.execute(ctx.db);

    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    const cart = (await addToCart(who, occurrence.id)).json().data as CartDto;
    const applied = await call('POST', '/api/credits/apply', who, { credits_to_reserve: [{ amount: cart.total, type: 'general' }], cart_source: 'activity-booking', selected_user_id: null });
    expect(applied.statusCode).toBe(400);
    expect(await balance(who)).toBe(0);
    const done = await call('POST', '/api/checkout/complete', who, { completed_waivers: [], payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], source: 'activity-booking', terms: termIds, selected_user_id: null });
    expect(done.statusCode).toBe(400);
    expect(await balance(who)).toBe(0);
    const rows = await ctx.db.selectFrom('credit_entries').select(['kind', 'amount']).where('account_user_id', '=', who.userId).where('kind', '=', 'expiry').execute();
    expect(rows).toEqual([{ kind: 'expiry', amount: -ADULT }]);
    // The job finds nothing left to close.
    expect(await expireCredit(ctx.db)).toBe(0);
  });
});

describe('demo data', () => {
  it('gives the demo customer future and past bookings, each with an order reference, without touching the demo credit', async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: { username: 'customer@example.com', password: 'Demo1234!' } });
    const headers = { authorization: `Bearer ${login.json().data.token as string}` };
    const future = (await ctx.app.inject({ method: 'GET', url: '/api/my-account/bookings?filter=future', headers })).json().data as BookingDto[];
    const past = (await ctx.app.inject({ method: 'GET', url: '/api/my-account/bookings?filter=past', headers })).json().data as BookingDto[];
    expect(future.length).toBe(3);
    expect(past.length).toBeGreaterThanOrEqual(1);
    expect([...future, ...past].every((b) => /^BK-DEMO\d{4}$/.test(b.reference ?? ''))).toBe(true);
    expect(new Set(future.map((b) => b.person.relationship))).toEqual(new Set(['self', 'partner']));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers })).json().data.credit.balance).toBe(5000);
  });
});
