import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { DEMO_HOLDINGS } from '../../db/seed/holdings.ts';
import { addCredit } from '../credits/service.ts';
import { COVERED_BY_MEMBERSHIP, MEMBERSHIP_NOT_ACTIVE_MESSAGE, PACKAGE_USED_UP_MESSAGE } from './service.ts';

/** A UTC calendar day `days` from now (a membership's start and renewal, never a fixed date). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let termIds: number[];
let next = 0;
const fresh = () => customers[next++]!;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestCustomer | { auth: Record<string, string> } | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 30);
  termIds = (await call('GET', '/api/terms', customers[0]!)).json().data.map((t: { id: number }) => t.id);
});

/** A plan covering the fixture's class category at its venue, held (active) by `who`'s own membership user. */
const giveMembership = async (who: TestCustomer, status: 'active' | 'frozen' = 'active') => {
  const plan = await ctx.db.insertInto('membership_plans').values({ client_id: fx.clientId, name: 'Classes Plus', price_pence: 2500 }).returning('id').executeTakeFirstOrThrow();
  await ctx.db.insertInto('membership_plan_categories').values({ plan_id: plan.id, category_id: fx.classCategoryId }).execute();
  return ctx.db
    .insertInto('memberships')
    .values({
      client_id: fx.clientId,
      account_user_id: who.userId,
      membership_user_id: who.selfId,
      plan_id: plan.id,
      venue_id: fx.venueId,
      reference: `M-${who.userId}-${plan.id}`,
      status,
      started_on: dayFromNow(-30),
      renews_on: dayFromNow(335),
      price_pence: 2500,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
};

/** A '5 Classes' package of `who`'s own membership user covering the fixture's class category. */
const givePackage = async (who: TestCustomer, usesLeft: number) => {
  const product = await ctx.db
    .insertInto('package_products')
    .values({ client_id: fx.clientId, name: '5 Classes', visits: 5, price_pence: 2600, valid_days: 90 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('package_product_categories').values({ product_id: product.id, category_id: fx.classCategoryId }).execute();
  return ctx.db
    .insertInto('package_holdings')
    .values({ client_id: fx.clientId, account_user_id: who.userId, membership_user_id: who.selfId, product_id: product.id, visits_total: 5, uses_left: usesLeft, expires_at: new Date(Date.now() + 30 * 86_400_000) as never })
    .returning('id')
    .executeTakeFirstOrThrow();
};

/** Adds a new class occurrence to the basket of `selected` (default: the customer), for `forWhom` (default: the customer). */
const addClass = async (who: TestCustomer, opts: { selected?: number; forWhom?: number; applyBenefit?: boolean } = {}) => {
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
  const response = await call('POST', '/api/activities/cart/add', who, {
    items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: opts.forWhom ?? null, pricing_option_id: fx.classOptions.adult, ...(opts.applyBenefit === undefined ? {} : { apply_benefit: opts.applyBenefit }) }],
    selected_user_id: opts.selected ?? null,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CartDto;
};

const completeWith = (who: TestCustomer, payments: Json[], selected: number | null = null) =>
  call('POST', '/api/checkout/complete', who, { completed_waivers: [], payments, selected_user_id: selected, source: 'activity-booking', terms: termIds });

describe('holdings routes need a login', () => {
  it.each(['/api/dashboard/memberships', '/api/dashboard/packages', '/api/dashboard/guest-passes', '/api/dashboard/orders', '/api/dashboard/orders/4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f10'])('%s answers 401 without one, no-store', async (url) => {
    const response = await call('GET', url, null);
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses an order id that is not a uuid with 422', async () => {
    const response = await call('GET', '/api/dashboard/orders/12', fresh());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.orderId).toEqual(['Must be an order id']);
  });
});

describe('the demo customer', () => {
  let demo: { auth: Record<string, string> };
  beforeAll(async () => {
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: { username: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password } });
    expect(login.statusCode).toBe(200);
    demo = { auth: { authorization: `Bearer ${login.json().token}` } };
  });

  it("holds one active 'Gym & Swim' membership at the home venue, renewing within a month", async () => {
    const response = await call('GET', '/api/dashboard/memberships', demo);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      plan: { name: 'Gym & Swim' },
      status: 'active',
      venue: { slug: 'bury-leisure-centre', name: 'Bury Leisure Centre' },
      price: { raw: 3200, formatted: '£32.00' },
      person: { first_name: 'Alex', last_name: 'Morgan' },
      covers: expect.arrayContaining(['Gym', 'Swimming']),
    });
    const renewal = new Date(`${data[0].renewal_date}T00:00:00Z`).getTime();
    expect(renewal).toBeGreaterThan(Date.now() - 86_400_000);
    expect(renewal).toBeLessThan(Date.now() + 32 * 86_400_000);
    expect(data[0].start_date < data[0].renewal_date).toBe(true);
  });

  it("holds '10 Swims' with 7 visits left", async () => {
    const data = (await call('GET', '/api/dashboard/packages', demo)).json().data;
    expect(data).toEqual([
      expect.objectContaining({ name: '10 Swims', visits_total: 10, uses_left: DEMO_HOLDINGS.customerPackage.usesLeft, uses_pending: 0, status: 'active', covers: ['Swimming'] }),
    ]);
    expect(new Date(data[0].expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('holds 2 guest passes, 1 used; none when the operator turns online guest passes off', async () => {
    const response = await call('GET', '/api/dashboard/guest-passes', demo);
    expect(response.statusCode).toBe(200);
    expect(response.json().summary).toEqual({ held: 2, used: 1, available: 1 });
    expect(response.json().data).toEqual([
      expect.objectContaining({ status: 'available', used_at: null, used_venue: null }),
      expect.objectContaining({ status: 'used', guest_name: 'Sam Patel', used_venue: { slug: 'bury-leisure-centre', name: 'Bury Leisure Centre' } }),
    ]);
    await ctx.db.updateTable('clients').set({ online_guest_passes_enabled: false }).where('id', '=', fx.clientId).execute();
    try {
      const off = await call('GET', '/api/dashboard/guest-passes', demo);
      expect(off.statusCode).toBe(404);
      expect(off.json()).toMatchObject({ code: 'guest_passes_disabled', message: 'Guest passes are not available online.' });
    } finally {
      await ctx.db.updateTable('clients').set({ online_guest_passes_enabled: true }).where('id', '=', fx.clientId).execute();
    }
  });
});

describe('another customer', () => {
  it("sees none of a customer's memberships, packages or guest passes", async () => {
    const owner = fresh();
    const other = fresh();
    await giveMembership(owner);
    await givePackage(owner, 3);
    expect((await call('GET', '/api/dashboard/memberships', owner)).json().data).toHaveLength(1);
    expect((await call('GET', '/api/dashboard/packages', owner)).json().data).toHaveLength(1);
    expect((await call('GET', '/api/dashboard/memberships', other)).json().data).toEqual([]);
    expect((await call('GET', '/api/dashboard/packages', other)).json().data).toEqual([]);
    expect((await call('GET', '/api/dashboard/guest-passes', other)).json()).toEqual({ data: [], summary: { held: 0, used: 0, available: 0 } });
  });
});

describe('a basket item covered by a membership', () => {
  it('is free in the cart and completes with payments: [] into an order line "Covered by membership"', async () => {
    const who = fresh();
    await giveMembership(who);
    const cart = await addClass(who);
    expect(cart.items[0]).toMatchObject({ price: { raw: 0, formatted: '£0.00', benefit_applied: true, package_applied: false }, covered_by: { type: 'membership', name: 'Classes Plus' } });
    expect(cart).toMatchObject({ total: 0, balance: 0, formatted_total: '£0.00' });
    // Coverage is a price of 0, not credit: the membership credit line stays the ledger's (none).
    expect(cart.credits.membership).toEqual({ type: 'membership', total_available: 0, max_applicable: 0 });

    const done = await completeWith(who, []);
    expect(done.statusCode, done.body).toBe(200);
    const orderId = done.json().complete_order_id as string;
    const order = await call('GET', `/api/checkout/orders/${orderId}`, who);
    expect(order.json().data).toMatchObject({ total: 0, payments: [], bookings: [expect.objectContaining({ covered_by: COVERED_BY_MEMBERSHIP, price: { raw: 0, formatted: '£0.00' } })] });
    const receipt = await call('GET', `/api/dashboard/orders/${orderId}`, who);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().data).toMatchObject({ total: { raw: 0 }, tenders: [], lines: [expect.objectContaining({ description: 'Covered by membership', name: 'Spin Express' })] });
    const lines = await ctx.db.selectFrom('order_lines').select(['description', 'membership_id']).where('booking_id', 'in', order.json().data.bookings.map((b: { id: number }) => b.id)).execute();
    expect(lines).toEqual([{ description: 'Covered by membership', membership_id: expect.any(Number) }]);
  });

  it("refuses payments: [] with 400 when something is left to pay (the child has no membership)", async () => {
    const who = fresh();
    await giveMembership(who);
    const cart = await addClass(who, { selected: who.childId, forWhom: who.childId });
    expect(cart.items[0]).toMatchObject({ price: { raw: 650, benefit_applied: false }, covered_by: null });
    const refused = await completeWith(who, [], who.childId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'payment_required', message: '£6.50 is left to pay: add a payment to complete the order.' });
    expect(await ctx.db.selectFrom('orders').select('id').where('account_user_id', '=', who.userId).execute()).toEqual([]);
  });

  it('keeps the full price with apply_benefit: false, and DELETE benefit/remove puts it back to the full price', async () => {
    const who = fresh();
    await giveMembership(who);
    const declined = await addClass(who, { applyBenefit: false });
    expect(declined.items[0]).toMatchObject({ price: { raw: 650, benefit_applied: false }, covered_by: null });
    const covered = await addClass(who);
    const item = covered.items.find((i) => i.covered_by !== null)!;
    expect(covered.total).toBe(650);
    const other = fresh();
    expect((await call('DELETE', `/api/activities/benefit/remove/${item.id}`, other)).statusCode).toBe(404);
    const removed = await call('DELETE', `/api/activities/benefit/remove/${item.id}?source=bookings`, who);
    expect(removed.statusCode).toBe(200);
    const after = (removed.json().data as CartDto).items.find((i) => i.id === item.id)!;
    expect(after).toMatchObject({ price: { raw: 650, benefit_applied: false }, covered_by: null });
    expect(removed.json().data.total).toBe(1300);
  });

  it('is refused at completion when the membership was frozen meanwhile (nothing written)', async () => {
    const who = fresh();
    const membership = await giveMembership(who);
    await addClass(who);
    await ctx.db.updateTable('memberships').set({ status: 'frozen' }).where('id', '=', membership.id).execute();
    const refused = await completeWith(who, []);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'membership_not_active', message: MEMBERSHIP_NOT_ACTIVE_MESSAGE });
    expect(await ctx.db.selectFrom('orders').select('id').where('account_user_id', '=', who.userId).execute()).toEqual([]);
  });
});

describe('member prices (docs/account-holdings.md "Member prices")', () => {
  let slot = 0;
  /** A court hour of its own (a court's hours never overlap), added for `who`. */
  const addCourt = async (who: TestCustomer, applyBenefit?: boolean) => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'court', court: 0, startsInMinutes: 3 * 24 * 60 + ++slot * 60 });
    const response = await call('POST', '/api/activities/cart/add', who, {
      items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.courtOptionId, ...(applyBenefit === undefined ? {} : { apply_benefit: applyBenefit }) }],
      selected_user_id: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as CartDto).items.find((i) => i.cartable_id === occurrence.id)!;
  };

  it('charges a member the member price for what their plan does not cover, a visitor to the plan the full price', async () => {
    const member = fresh();
    await giveMembership(member); // covers classes, not courts
    expect(await addCourt(member)).toMatchObject({ price: { raw: 960, benefit_applied: false }, covered_by: null });
    expect(await addCourt(fresh())).toMatchObject({ price: { raw: 1200 } });
    // Declining the membership's benefits declines its prices too.
    expect(await addCourt(member, false)).toMatchObject({ price: { raw: 1200 } });
  });

  it('a frozen membership pays the full price', async () => {
    const who = fresh();
    await giveMembership(who, 'frozen');
    expect(await addCourt(who)).toMatchObject({ price: { raw: 1200 } });
  });

  it('the price call says a member is one: your price is the member price, with the plan as the discount', async () => {
    const member = fresh();
    await giveMembership(member);
    const url = `/api/price/bury-leisure-centre/ticket/${fx.courtActivityId}`;
    const theirs = (await call('POST', url, member, {})).json().data;
    expect(theirs).toMatchObject({ is_member: true, discount: { name: 'Classes Plus', percent: 20 } });
    expect(theirs.tickets[0]).toMatchObject({ non_member: { raw: 1200 }, member: { raw: 960 }, your_price: { raw: 960 } });
    const other = (await call('POST', url, fresh(), {})).json().data;
    expect(other).toMatchObject({ is_member: false, discount: null });
    expect(other.tickets[0]).toMatchObject({ your_price: { raw: 1200 } });
  });
});

describe('a basket item using a package visit', () => {
  it('is free, shows the visit as pending, and spends it at completion', async () => {
    const who = fresh();
    const holding = await givePackage(who, 3);
    const cart = await addClass(who);
    expect(cart.items[0]).toMatchObject({ price: { raw: 0, package_applied: true }, covered_by: { type: 'package', name: '5 Classes' } });
    expect((await call('GET', '/api/dashboard/packages', who)).json().data[0]).toMatchObject({ uses_left: 3, uses_pending: 1 });
    const done = await completeWith(who, []);
    expect(done.statusCode, done.body).toBe(200);
    expect((await call('GET', '/api/dashboard/packages', who)).json().data[0]).toMatchObject({ uses_left: 2, uses_pending: 0 });
    const uses = await ctx.db.selectFrom('package_uses').select(['booking_id', 'order_id']).where('holding_id', '=', holding.id).execute();
    expect(uses).toEqual([{ booking_id: done.json().data.booking_ids[0], order_id: expect.any(Number) }]);
    const receipt = (await call('GET', `/api/dashboard/orders/${done.json().complete_order_id}`, who)).json().data;
    expect(receipt.lines[0].description).toBe('Package visit: 5 Classes');
  });

  it('is applied to no more items than visits left, and DELETE package/remove frees the visit', async () => {
    const who = fresh();
    await givePackage(who, 1);
    const first = await addClass(who);
    const second = await addClass(who);
    expect(second.items.map((i) => i.covered_by?.type ?? null).sort()).toEqual([null, 'package']);
    expect(second.total).toBe(650);
    const usingIt = first.items[0]!;
    const removed = await call('DELETE', `/api/activities/package/remove/${usingIt.id}?source=bookings`, who);
    expect(removed.statusCode).toBe(200);
    expect((removed.json().data as CartDto).items.every((i) => i.covered_by === null && i.price.raw === 650)).toBe(true);
    expect((await call('GET', '/api/dashboard/packages', who)).json().data[0]).toMatchObject({ uses_left: 1, uses_pending: 0 });
  });

  it('never goes below zero: baskets completing in parallel spend only the visits left', async () => {
    const who = fresh();
    // Six family members, each with their own basket holding a class for the customer.
    const members = await ctx.db
      .insertInto('membership_users')
      .values(Array.from({ length: 6 }, (_, i) => ({ client_id: fx.clientId, account_user_id: who.userId, user_id: null, first_name: `Member${i}`, last_name: 'Tester', relationship: 'other' as const })))
      .returning('id')
      .execute();
    const holding = await givePackage(who, 5);
    // Five visits while the baskets fill (five items use it); two left when they pay.
    for (const member of members.slice(0, 5)) {
      const cart = await addClass(who, { selected: member.id, forWhom: who.selfId });
      expect(cart.items[0]!.covered_by?.type).toBe('package');
    }
    await ctx.db.updateTable('package_holdings').set({ uses_left: 2 }).where('id', '=', holding.id).execute();
    const results = await Promise.all(members.slice(0, 5).map((member) => completeWith(who, [], member.id)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 400, 400, 400]);
    for (const refused of results.filter((r) => r.statusCode === 400)) expect(refused.json()).toMatchObject({ code: 'package_used_up', message: PACKAGE_USED_UP_MESSAGE });
    const after = await ctx.db.selectFrom('package_holdings').select('uses_left').where('id', '=', holding.id).executeTakeFirstOrThrow();
    expect(after.uses_left).toBe(0);
    const uses = await sql<{ n: number }>`SELECT count(*)::int AS n FROM package_uses WHERE holding_id = ${holding.id}`.execute(ctx.db);
    expect(uses.rows[0]!.n).toBe(2);
  });
});

describe('GET /api/dashboard/orders and orders/{id}', () => {
  it("lists every family member's orders newest first with lines and tenders; another customer's order is 403, an unknown one 404", async () => {
    const who = fresh();
    const other = fresh();
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 5000, 'Test credit');
    await addClass(who);
    const first = await completeWith(who, [{ tender_type: 'credit', amount: 650, info: {} }]);
    expect(first.statusCode, first.body).toBe(200);
    await addClass(who, { selected: who.childId, forWhom: who.childId });
    const second = await completeWith(who, [{ tender_type: 'credit', amount: 650, info: { type: 'general' } }], who.childId);
    expect(second.statusCode, second.body).toBe(200);

    const list = await call('GET', '/api/dashboard/orders', who);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const orders = list.json().data;
    expect(orders.map((o: { id: string }) => o.id)).toEqual([second.json().complete_order_id, first.json().complete_order_id]);
    expect(orders[0]).toMatchObject({
      reference: second.json().reference,
      person: { id: who.childId },
      total: { raw: 650, formatted: '£6.50' },
      tenders: [{ tender_type: 'general-credit', label: 'Account credit', amount: { raw: 650, formatted: '£6.50' }, card: null }],
      lines: [expect.objectContaining({ name: 'Spin Express', description: null, person: expect.objectContaining({ id: who.childId }), price: { raw: 650, formatted: '£6.50' }, status: 'booked' })],
      vat: null,
    });
    expect((await call('GET', '/api/dashboard/orders', other)).json().data).toEqual([]);

    const receipt = await call('GET', `/api/dashboard/orders/${first.json().complete_order_id}`, who);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json().data).toMatchObject({ operator: { name: 'Active North West' }, customer: { email: who.email }, reference: first.json().reference });
    const foreign = await call('GET', `/api/dashboard/orders/${first.json().complete_order_id}`, other);
    expect(foreign.statusCode).toBe(403);
    expect((await call('GET', `/api/checkout/orders/${first.json().complete_order_id}`, other)).statusCode).toBe(403);
    expect((await call('GET', '/api/dashboard/orders/4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f10', who)).statusCode).toBe(404);
  });
});
