import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { createCustomers, createOccurrence, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { addCredit } from '../credits/service.ts';

/** The customer panel, booking and selling on behalf, and hostile input on the desk's routes (docs/front-of-house.md). */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, count } = shop;

let staff: TestCustomer;
let other: TestCustomer;
let sessionId: number;
let otherSessionId: number;
let stranger: TestCustomer;

const overrides = (who: TestCustomer) =>
  sql<{ kind: string; reason: string | null; staff_user_id: number; session_id: number; detail: Record<string, unknown> }>`
    SELECT kind, reason, staff_user_id, session_id, detail FROM foh_overrides WHERE account_user_id = ${who.userId} ORDER BY id`.execute(ctx.db).then((r) => r.rows);
const add = (who: TestCustomer, occurrenceId: number, extra: Record<string, unknown> = {}, as = staff) =>
  call('POST', `/api/foh/customers/${who.userId}/cart/add`, as, { items: [{ id: occurrenceId, type: 'purchasableOccurrence', pricing_option_id: shop.fx.classOptions.adult }], till_session_id: as === staff ? sessionId : otherSessionId, ...extra });

beforeAll(async () => {
  staff = fresh();
  other = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [staff.userId, other.userId]).execute();
  const tills = (await call('GET', '/api/foh/tills?venue=bury-leisure-centre', staff)).json().data;
  sessionId = (await call('POST', `/api/foh/tills/${tills[0].id}/sessions`, staff, { float_pence: 0 })).json().data.id;
  otherSessionId = (await call('POST', `/api/foh/tills/${tills[1].id}/sessions`, other, { float_pence: 0 })).json().data.id;
  // A customer of another operator.
  const { rows } = await sql<{ id: number }>`INSERT INTO clients (slug, name) VALUES ('other-operator-desk', 'Other Operator') RETURNING id`.execute(ctx.db);
  stranger = (await createCustomers(ctx.db, rows[0]!.id, 1))[0]!;
});

describe('the customer panel', () => {
  it('shows the people, membership and its state, credit, unpaid fees, bookings today and to come, and notes', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 1250, 'test');
    const plan = await ctx.db.selectFrom('membership_plans').select(['id', 'name']).where('client_id', '=', shop.fx.clientId).executeTakeFirstOrThrow();
    await ctx.db.insertInto('memberships').values({ client_id: shop.fx.clientId, account_user_id: who.userId, membership_user_id: who.childId, plan_id: plan.id, venue_id: shop.fx.venueId, reference: `PN${who.userId}`, price_pence: 2000, status: 'frozen', started_on: sql<string>`current_date` as never }).execute();
    const { cart } = await shop.holdClass(who);
    const paid = await call('POST', '/api/activities/cart/pay', staff, { payments: [{ tender_type: 'cash', amount: cart.total }], selected_user_id: who.selfId, source: 'front-of-house', terms: shop.termIds, till_session_id: sessionId });
    expect(paid.statusCode).toBe(200);
    const booking = await ctx.db.selectFrom('bookings').select('id').where('account_user_id', '=', who.userId).executeTakeFirstOrThrow();
    await ctx.db.insertInto('late_cancellation_fees').values({ client_id: shop.fx.clientId, account_user_id: who.userId, booking_id: booking.id, amount_pence: 300 }).execute();
    expect((await call('POST', `/api/foh/customers/${who.userId}/notes`, staff, { text: 'Prefers lane 3' })).statusCode).toBe(201);

    const panel = await call('GET', `/api/foh/customers/${who.userId}`, staff);
    expect(panel.statusCode).toBe(200);
    const data = panel.json().data;
    expect(data).toMatchObject({
      account_user_id: who.userId,
      email: who.email,
      initials: 'CT',
      credit: { general: { raw: 1250, formatted: '£12.50' }, membership: { raw: 0 } },
      unpaid_fees: [{ amount: { raw: 300, formatted: '£3.00' }, reason: 'late_cancellation' }],
      arrears: { raw: 0, formatted: '£0.00' },
      memberships: [{ membership_number: `PN${who.userId}`, plan: plan.name, status: 'frozen' }],
      notes: [{ text: 'Prefers lane 3', staff: { id: staff.userId } }],
    });
    expect(data.people.map((p: { membership_user_id: number; relationship: string }) => [p.membership_user_id, p.relationship])).toEqual([[who.selfId, 'self'], [who.childId, 'child']]);
    expect(data.upcoming.map((b: { booking_id: number }) => b.booking_id)).toEqual([booking.id]);
    expect(data.today).toEqual([]);
  });

  it("refuses a customer's token, another operator's customer, a staff account and an id that does not exist (403)", async () => {
    const who = fresh();
    for (const [as, id] of [[who, who.userId], [staff, stranger.userId], [staff, other.userId], [staff, 999_999_999]] as const) {
      const response = await call('GET', `/api/foh/customers/${id}`, as);
      expect([id, response.statusCode, response.json().message]).toEqual([id, 403, 'Unauthorised.']);
    }
    expect((await call('GET', `/api/foh/customers/${who.userId}`, null)).statusCode).toBe(401);
  });
});

describe('booking and selling on behalf', () => {
  it("fills the customer's own basket for a family member, changes the ticket, discounts with a reason, and the till takes it", async () => {
    const who = fresh();
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const added = await add(who, occurrence.id, { items: [{ id: occurrence.id, type: 'purchasableOccurrence', pricing_option_id: shop.fx.classOptions.adult, purchased_for_user_id: who.childId }] });
    expect(added.statusCode).toBe(200);
    const item = added.json().data.items[0];
    expect(item).toMatchObject({ purchased_for_user_id: who.childId, status: 'held' });
    // The customer sees the same basket online.
    expect((await call('GET', '/api/activities/cart', who)).json().data.items.map((i: { id: number }) => i.id)).toEqual([item.id]);

    const changed = await call('PUT', `/api/foh/customers/${who.userId}/cart/${item.id}`, staff, { pricing_option_id: shop.fx.classOptions.junior, till_session_id: sessionId });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.total).toBe(400);
    const discounted = await call('POST', `/api/foh/customers/${who.userId}/cart/${item.id}/discount`, staff, { amount_off: 150, reason: 'Lesson cut short last week', till_session_id: sessionId });
    expect(discounted.statusCode).toBe(200);
    expect(discounted.json().data.total).toBe(250);
    expect(await overrides(who)).toEqual([{ kind: 'discount', reason: 'Lesson cut short last week', staff_user_id: staff.userId, session_id: sessionId, detail: { from_pence: 400, to_pence: 250 } }]);
    const tooMuch = await call('POST', `/api/foh/customers/${who.userId}/cart/${item.id}/discount`, staff, { amount_off: 251, reason: 'Too much', till_session_id: sessionId });
    expect(tooMuch.statusCode).toBe(422);

    const paid = await call('POST', '/api/activities/cart/pay', staff, { payments: [{ tender_type: 'cash', amount: 250, info: { amount_tendered: 500 } }], selected_user_id: who.selfId, source: 'front-of-house', terms: shop.termIds, till_session_id: sessionId });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.change_due.raw).toBe(250);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE account_user_id = ${who.userId} AND membership_user_id = ${who.childId} AND price_pence = 250`)).toBe(1);
  });

  it('removes items; books past the online release time (recorded) where the customer is refused', async () => {
    const who = fresh();
    const later = await createOccurrence(ctx.db, shop.fx, { kind: 'class', startsInMinutes: 120 * 24 * 60 });
    const online = await call('POST', '/api/activities/cart/add', who, { items: [{ id: later.id, type: 'purchasableOccurrence' }] });
    expect(online.json().code).toBe('not_open_yet');
    const desk = await add(who, later.id);
    expect(desk.statusCode).toBe(200);
    expect((await overrides(who)).map((o) => [o.kind, o.staff_user_id])).toEqual([['past_release', staff.userId]]);
    const removed = await call('POST', `/api/foh/customers/${who.userId}/cart/remove`, staff, { cart_item_ids: [desk.json().data.items[0].id], till_session_id: sessionId });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.items).toEqual([]);
  });

  it('takes a place kept for the waitlist only with a reason, recorded; a full session stays full', async () => {
    const who = fresh();
    const waiter = fresh();
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1 });
    await ctx.db.insertInto('waitlist_entries').values({ client_id: shop.fx.clientId, occurrence_id: occurrence.id, account_user_id: waiter.userId, membership_user_id: waiter.selfId }).execute();
    expect((await add(who, occurrence.id)).statusCode).toBe(409);
    const ahead = await add(who, occurrence.id, { waitlist_override_reason: 'Regular, promised the last place' });
    expect(ahead.statusCode).toBe(200);
    expect(ahead.json().data.items).toHaveLength(1);
    expect(await overrides(who)).toEqual([expect.objectContaining({ kind: 'waitlist_order', reason: 'Regular, promised the last place', session_id: sessionId })]);
    const third = fresh();
    expect((await add(third, occurrence.id, { waitlist_override_reason: 'Another regular' })).statusCode).toBe(409);
    expect(await overrides(third)).toEqual([]);
  });

  it("refuses another operator's customer, another staff member's till session and another customer's item (403), recording nothing", async () => {
    const who = fresh();
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class' });
    expect((await add(stranger, occurrence.id)).statusCode).toBe(403);
    expect((await call('POST', `/api/foh/customers/${who.userId}/cart/add`, staff, { items: [{ id: occurrence.id }], till_session_id: otherSessionId })).statusCode).toBe(403);
    expect((await call('GET', `/api/foh/customers/${stranger.userId}/cart`, staff)).statusCode).toBe(403);
    const theirs = fresh();
    const { cart } = await shop.holdClass(theirs);
    const id = cart.items[0]!.id;
    expect((await call('POST', `/api/foh/customers/${who.userId}/cart/${id}/discount`, staff, { amount_off: 100, reason: 'Not theirs', till_session_id: sessionId })).statusCode).toBe(403);
    expect((await call('POST', `/api/foh/customers/${who.userId}/cart/remove`, staff, { cart_item_ids: [id], till_session_id: sessionId })).statusCode).toBe(404);
    expect((await call('POST', `/api/foh/customers/${who.userId}/cart/add`, staff, { items: [{ id: occurrence.id, purchased_for_user_id: theirs.childId }], till_session_id: sessionId })).statusCode).toBe(403);
    expect(await overrides(who)).toEqual([]);
    // Their item is untouched.
    expect((await call('GET', '/api/activities/cart', theirs)).json().data.total).toBe(650);
  });
});

describe('hostile input on the desk routes', () => {
  it("refuses a customer's token on every route added (403) and a visitor (401)", async () => {
    const who = fresh();
    const routes: [('GET' | 'POST' | 'PUT'), string, Record<string, unknown>?][] = [
      ['GET', `/api/foh/customers/${who.userId}`],
      ['GET', `/api/foh/customers/${who.userId}/cart`],
      ['POST', `/api/foh/customers/${who.userId}/cart/add`, { items: [{ id: 1 }], till_session_id: sessionId }],
      ['POST', `/api/foh/customers/${who.userId}/cart/remove`, { cart_item_ids: [1], till_session_id: sessionId }],
      ['PUT', `/api/foh/customers/${who.userId}/cart/1`, { till_session_id: sessionId }],
      ['POST', `/api/foh/customers/${who.userId}/cart/1/discount`, { amount_off: 1, reason: 'Because', till_session_id: sessionId }],
      ['GET', '/api/foh/venues/bury-leisure-centre/roster'],
      ['POST', '/api/foh/bookings/1/check-in', {}],
      ['POST', '/api/foh/check-in/scan', { token: 'c1.00000000-0000-0000-0000-000000000000.AAAAAAAAAAAAAAAAAAAAAA' }],
    ];
    for (const [method, url, body] of routes) {
      const response = await call(method, url, who, body);
      expect([url, response.statusCode, response.json().message]).toEqual([url, 403, 'Unauthorised.']);
      expect((await call(method, url, null, body)).statusCode).toBe(401);
    }
  });

  it.each([
    ['an oversized note', 'POST', 'notes', { text: 'x'.repeat(1001) }],
    ['an oversized reason', 'POST', 'cart/1/discount', { amount_off: 1, reason: 'x'.repeat(201), till_session_id: 1 }],
    ['a discount in pounds', 'POST', 'cart/1/discount', { amount_off: 1.5, reason: 'Because', till_session_id: 1 }],
    ['a negative discount', 'POST', 'cart/1/discount', { amount_off: -100, reason: 'Because', till_session_id: 1 }],
    ['a till session as a string', 'POST', 'cart/add', { items: [{ id: 1 }], till_session_id: '1' }],
    ['no till session', 'POST', 'cart/remove', { cart_item_ids: [1] }],
    ['an oversized waitlist reason', 'POST', 'cart/add', { items: [{ id: 1 }], till_session_id: 1, waitlist_override_reason: 'x'.repeat(201) }],
    ['an extra field on a strict body', 'POST', 'cart/1/discount', { amount_off: 1, reason: 'Because', till_session_id: 1, staff_user_id: 1 }],
  ])('refuses %s with 422', async (_case, method, path, body) => {
    const who = fresh();
    const response = await call(method as 'POST', `/api/foh/customers/${who.userId}/${path}`, staff, body);
    expect(response.statusCode).toBe(422);
  });

  it('refuses bad ids, tokens and venue slugs with 422, and ids of nothing with 403', async () => {
    for (const url of ['/api/foh/customers/1e3', '/api/foh/customers/9999999999', "/api/foh/customers/1%20OR%201=1", '/api/foh/venues/BURY%00/roster', `/api/foh/venues/${'a'.repeat(101)}/roster`]) {
      expect([url, (await call('GET', url, staff)).statusCode]).toEqual([url, 422]);
    }
    expect((await call('POST', '/api/foh/check-in/scan', staff, { token: 'x'.repeat(201) })).statusCode).toBe(422);
    expect((await call('POST', '/api/foh/check-in/scan', staff, { token: 12345678901 })).statusCode).toBe(422);
    expect((await call('POST', '/api/kiosk/identify', null, { membership_number: 'x'.repeat(41), pin: '1234' })).statusCode).toBe(422);
    expect((await call('POST', '/api/kiosk/identify', null, { membership_number: 'M1', pin: '1234567' })).statusCode).toBe(422);
    expect((await call('POST', '/api/foh/bookings/999999999/check-in', staff, {})).statusCode).toBe(403);
    expect((await call('GET', '/api/foh/venues/no-such-venue/roster', staff)).statusCode).toBe(403);
  });

  it('does not let a forged X-Forwarded-For get round the PIN lockout (TRUST_PROXY unset: the header is ignored)', async () => {
    const who = fresh();
    const plan = await ctx.db.selectFrom('membership_plans').select('id').where('client_id', '=', shop.fx.clientId).executeTakeFirstOrThrow();
    await ctx.db.insertInto('memberships').values({ client_id: shop.fx.clientId, account_user_id: who.userId, membership_user_id: who.selfId, plan_id: plan.id, venue_id: shop.fx.venueId, reference: `XF${who.userId}`, price_pence: 3000, started_on: sql<string>`current_date` as never }).execute();
    expect((await call('PUT', '/api/my-account/kiosk-pin', who, { pin: '246810' })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await call('POST', '/api/kiosk/identify', null, { membership_number: `XF${who.userId}`, pin: '000000' }, { 'x-forwarded-for': `203.0.113.${i}` });
    const right = await call('POST', '/api/kiosk/identify', null, { membership_number: `XF${who.userId}`, pin: '246810' }, { 'x-forwarded-for': '198.51.100.7' });
    expect(right.statusCode).toBe(429);
  });
});
