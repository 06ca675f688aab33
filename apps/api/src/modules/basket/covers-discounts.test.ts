import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@app/contract/cart/cart';
import {
  DISCOUNT_CUSTOMER_LIMIT_MESSAGE,
  DISCOUNT_EXPIRED_MESSAGE,
  DISCOUNT_INVALID_MESSAGE,
  DISCOUNT_NOT_APPLICABLE_MESSAGE,
  DISCOUNT_NOT_YET_MESSAGE,
  DISCOUNT_USED_UP_MESSAGE,
} from '@app/contract/cart/discount';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { addCredit } from '../credits/service.ts';

/**
 * Issue 20: removing a membership or package cover from a basket item (spec §7, §8) and discount
 * codes (docs/discounts.md), against the real database.
 */

const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let termIds: number[];
let next = 0;
const fresh = () => customers[next++]!;
const DAY = 86_400_000;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestCustomer | null, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload === undefined ? {} : { payload: payload as Json }) });

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 40);
  termIds = (await call('GET', '/api/terms', customers[0]!)).json().data.map((t: { id: number }) => t.id);
});

const addClass = async (who: TestCustomer, opts: { selected?: number; forWhom?: number; option?: number } = {}) => {
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 50 });
  const response = await call('POST', '/api/activities/cart/add', who, {
    items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: opts.forWhom ?? null, pricing_option_id: opts.option ?? fx.classOptions.adult }],
    selected_user_id: opts.selected ?? null,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CartDto;
};

const givePackage = async (who: TestCustomer, usesLeft: number) => {
  const product = await ctx.db.insertInto('package_products').values({ client_id: fx.clientId, name: '5 Classes', visits: 5, price_pence: 2600, valid_days: 90 }).returning('id').executeTakeFirstOrThrow();
  await ctx.db.insertInto('package_product_categories').values({ product_id: product.id, category_id: fx.classCategoryId }).execute();
  await ctx.db
    .insertInto('package_holdings')
    .values({ client_id: fx.clientId, account_user_id: who.userId, membership_user_id: who.selfId, product_id: product.id, visits_total: 5, uses_left: usesLeft, expires_at: new Date(Date.now() + 30 * DAY) as never })
    .execute();
};

const giveMembership = async (who: TestCustomer) => {
  const plan = await ctx.db.insertInto('membership_plans').values({ client_id: fx.clientId, name: 'Classes Plus', price_pence: 2500 }).returning('id').executeTakeFirstOrThrow();
  await ctx.db.insertInto('membership_plan_categories').values({ plan_id: plan.id, category_id: fx.classCategoryId }).execute();
  await ctx.db
    .insertInto('memberships')
    .values({
      client_id: fx.clientId,
      account_user_id: who.userId,
      membership_user_id: who.selfId,
      plan_id: plan.id,
      venue_id: fx.venueId,
      reference: `M-${who.userId}-${plan.id}`,
      status: 'active',
      started_on: new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10),
      renews_on: new Date(Date.now() + 300 * DAY).toISOString().slice(0, 10),
      price_pence: 2500,
    })
    .execute();
};

/** A code of the demo client with a name of its own; `percent` or `pence` off. */
const createCode = async (
  opts: { percent?: number; pence?: number; validFrom?: Date; validTo?: Date | null; maxUses?: number | null; perCustomer?: number | null; activities?: number[]; uses?: number } = {},
) => {
  const code = `T${randomBytes(5).toString('hex').toUpperCase()}`;
  const row = await ctx.db
    .insertInto('discount_codes')
    .values({
      client_id: fx.clientId,
      code,
      description: `Test ${code}`,
      percent_off: opts.pence === undefined ? (opts.percent ?? 10) : null,
      amount_off_pence: opts.pence ?? null,
      valid_from: (opts.validFrom ?? new Date(Date.now() - DAY)) as never,
      valid_to: (opts.validTo === undefined ? new Date(Date.now() + 30 * DAY) : opts.validTo) as never,
      max_uses: opts.maxUses ?? null,
      max_uses_per_customer: opts.perCustomer ?? null,
      uses_count: opts.uses ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (opts.activities?.length) await ctx.db.insertInto('discount_code_activities').values(opts.activities.map((activity_id) => ({ discount_code_id: row.id, activity_id }))).execute();
  return { id: row.id, code };
};

const apply = (who: TestCustomer, code: unknown, selected: number | null = null) => call('POST', '/api/activities/cart/discount', who, { code, selected_user_id: selected });
const complete = (who: TestCustomer, payments: Json[]) =>
  call('POST', '/api/checkout/complete', who, { completed_waivers: [], payments, selected_user_id: null, source: 'activity-booking', terms: termIds });
const credit = (amount: number) => [{ tender_type: 'credit', amount, info: {} }];

describe('DELETE benefit/remove and package/remove (spec §7)', () => {
  it('package: the item goes back to its price, the answer is the whole cart, and the removal sticks for that item', async () => {
    const who = fresh();
    await givePackage(who, 3);
    const cart = await addClass(who);
    const item = cart.items[0]!;
    expect(item).toMatchObject({ price: { raw: 0, package_applied: true }, covered_by: { type: 'package', name: '5 Classes' } });
    const removed = await call('DELETE', `/api/activities/package/remove/${item.id}?source=bookings&selected_user_id=null`, who);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = removed.json().data as CartDto;
    expect(after.items[0]).toMatchObject({ id: item.id, price: { raw: 650, package_applied: false }, covered_by: null });
    expect(after).toMatchObject({ total: 650, item_count: 1 });
    // Another add of another session is covered; the item whose cover was removed stays paid for.
    const later = await addClass(who);
    expect(later.items.find((i) => i.id === item.id)).toMatchObject({ price: { raw: 650 }, covered_by: null });
    expect(later.items.find((i) => i.id !== item.id)).toMatchObject({ price: { raw: 0 }, covered_by: { type: 'package' } });
  });

  it("refuses another customer's item (404, their item unchanged) and another customer's selected_user_id (403)", async () => {
    const who = fresh();
    const other = fresh();
    await givePackage(who, 3);
    const item = (await addClass(who)).items[0]!;
    for (const extra of ['package', 'benefit']) {
      const refused = await call('DELETE', `/api/activities/${extra}/remove/${item.id}`, other);
      expect(refused.statusCode).toBe(404);
    }
    const forbidden = await call('DELETE', `/api/activities/package/remove/${item.id}?selected_user_id=${other.selfId}`, who);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: 'Unauthorised.' });
    const still = (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
    expect(still.items[0]).toMatchObject({ price: { raw: 0 }, covered_by: { type: 'package' } });
  });

  it('benefit: a membership cover removed leaves the full price; the other kind of removal leaves the item unchanged', async () => {
    const who = fresh();
    await giveMembership(who);
    const item = (await addClass(who)).items[0]!;
    expect(item.covered_by?.type).toBe('membership');
    const wrongKind = await call('DELETE', `/api/activities/package/remove/${item.id}`, who);
    expect((wrongKind.json().data as CartDto).items[0]).toMatchObject({ price: { raw: 0 }, covered_by: { type: 'membership' } });
    const removed = await call('DELETE', `/api/activities/benefit/remove/${item.id}?source=bookings`, who);
    expect((removed.json().data as CartDto).items[0]).toMatchObject({ price: { raw: 650, benefit_applied: false }, covered_by: null });
  });

  it('refuses an id that is not a number (422) and an unknown one (404)', async () => {
    const who = fresh();
    expect((await call('DELETE', '/api/activities/benefit/remove/abc', who)).statusCode).toBe(422);
    expect((await call('DELETE', '/api/activities/package/remove/999999999', who)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/activities/package/remove/1', null)).statusCode).toBe(401);
  });
});

describe('discount codes (docs/discounts.md)', () => {
  it('applies a percent code in any case, shows it in the totals, and is removed again', async () => {
    const who = fresh();
    const { code } = await createCode({ percent: 10 });
    await addClass(who);
    await addClass(who, { option: fx.classOptions.junior });
    const applied = await apply(who, `  ${code.toLowerCase()} `);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      sub_total: 1050,
      discount_total: 105,
      total: 945,
      balance: 945,
      formatted_total: '£9.45',
      discount: { code, description: `Test ${code}`, amount: { raw: 105, formatted: '£1.05' } },
    });
    // Kept with the basket: a later read shows it, and an item added later counts too.
    expect((await call('GET', '/api/activities/cart', who)).json().data).toMatchObject({ discount_total: 105, total: 945 });
    expect(await addClass(who)).toMatchObject({ sub_total: 1700, discount_total: 170, total: 1530 });
    const removed = await call('DELETE', '/api/activities/cart/discount', who);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ discount: null, discount_total: 0, total: 1700, sub_total: 1700 });
  });

  it('a fixed amount never takes the total below zero; a code for other activities does not apply', async () => {
    const who = fresh();
    const big = await createCode({ pence: 5000 });
    await addClass(who);
    expect((await apply(who, big.code)).json().data).toMatchObject({ sub_total: 650, discount_total: 650, total: 0, balance: 0 });
    const courtsOnly = await createCode({ percent: 50, activities: [fx.courtActivityId] });
    const refused = await apply(who, courtsOnly.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'discount_not_applicable', message: DISCOUNT_NOT_APPLICABLE_MESSAGE });
    // Refused in its transaction: the code applied before is still there.
    expect((await call('GET', '/api/activities/cart', who)).json().data).toMatchObject({ discount: { code: big.code }, total: 0 });
    const classesOnly = await createCode({ percent: 50, activities: [fx.classActivityId] });
    expect((await apply(who, classesOnly.code)).json().data).toMatchObject({ discount: { code: classesOnly.code }, discount_total: 325, total: 325 });
  });

  it('answers 400 with the message for a bad, expired, not yet valid or used-up code, and with an empty basket', async () => {
    const who = fresh();
    const expired = await createCode({ validFrom: new Date(Date.now() - 10 * DAY), validTo: new Date(Date.now() - DAY) });
    const future = await createCode({ validFrom: new Date(Date.now() + DAY), validTo: new Date(Date.now() + 10 * DAY) });
    const usedUp = await createCode({ maxUses: 2, uses: 2 });
    const fine = await createCode();
    expect((await apply(who, fine.code)).json()).toMatchObject({ code: 'cart_empty' });
    await addClass(who);
    const cases: [unknown, string][] = [
      ['NOSUCHCODE', DISCOUNT_INVALID_MESSAGE],
      ['', DISCOUNT_INVALID_MESSAGE],
      [expired.code, DISCOUNT_EXPIRED_MESSAGE],
      [future.code, DISCOUNT_NOT_YET_MESSAGE],
      [usedUp.code, DISCOUNT_USED_UP_MESSAGE],
    ];
    for (const [code, message] of cases) {
      const response = await apply(who, code);
      expect(response.statusCode, String(code)).toBe(400);
      expect(response.json()).toMatchObject({ message });
    }
    expect((await call('GET', '/api/activities/cart', who)).json().data).toMatchObject({ discount: null, total: 650 });
  });

  it('hostile input: unicode and look-alikes are not valid (400), an oversized code or a non-string is 422, a code of another client is not found', async () => {
    const who = fresh();
    await addClass(who);
    const { code } = await createCode();
    for (const typed of [`${code}\u0301`, 'WÉLCOME10', '🎉🎉', `${code}' OR '1'='1`, 'A'.repeat(41), 'ß'.repeat(20)]) {
      const response = await apply(who, typed);
      expect(response.statusCode, typed).toBe(400);
      expect(response.json()).toMatchObject({ code: 'discount_invalid', message: DISCOUNT_INVALID_MESSAGE });
    }
    const oversized = await apply(who, 'A'.repeat(65));
    expect(oversized.statusCode).toBe(422);
    expect(oversized.json().errors.code).toEqual(['Must contain at most 64 character(s)']);
    for (const bad of [42, null, ['X'], { code: 'X' }]) expect((await apply(who, bad)).statusCode).toBe(422);
    expect((await call('POST', '/api/activities/cart/discount', who, {})).statusCode).toBe(422);
    expect((await call('POST', '/api/activities/cart/discount', null, { code })).statusCode).toBe(401);
    // A code is the operator's own: the same word at another client is a different code.
    const otherClient = await ctx.db.selectFrom('clients').select('id').where('id', '!=', fx.clientId).executeTakeFirst();
    if (otherClient) {
      await ctx.db.insertInto('discount_codes').values({ client_id: otherClient.id, code: 'ELSEWHERE50', description: 'Elsewhere', percent_off: 50 }).execute();
      expect((await apply(who, 'ELSEWHERE50')).json()).toMatchObject({ message: DISCOUNT_INVALID_MESSAGE });
    }
  });

  it("follows selected_user_id: another customer's family member is 403; the family member's basket keeps its own code", async () => {
    const who = fresh();
    const other = fresh();
    const { code } = await createCode({ percent: 20 });
    const forbidden = await apply(who, code, other.childId);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: 'Unauthorised.' });
    expect((await call('DELETE', `/api/activities/cart/discount?selected_user_id=${other.childId}`, who)).statusCode).toBe(403);
    await addClass(who, { selected: who.childId, forWhom: who.childId });
    await addClass(who);
    expect((await apply(who, code, who.childId)).json().data).toMatchObject({ selected_user_id: who.childId, discount_total: 130 });
    expect((await call('GET', '/api/activities/cart', who)).json().data).toMatchObject({ discount: null, total: 650 });
  });

  it('clearing the basket clears its code', async () => {
    const who = fresh();
    const { code } = await createCode();
    await addClass(who);
    await apply(who, code);
    await call('DELETE', '/api/activities/cart', who);
    await addClass(who);
    expect((await call('GET', '/api/activities/cart', who)).json().data).toMatchObject({ discount: null, total: 650 });
  });

  it('is carried into the order (total, discount, one use) and the per-customer limit holds on the next basket', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 10_000, 'Test credit');
    const { id, code } = await createCode({ percent: 10, perCustomer: 1 });
    await addClass(who);
    await apply(who, code);
    const refused = await complete(who, credit(650));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('payments_mismatch');
    const done = await complete(who, credit(585));
    expect(done.statusCode, done.body).toBe(200);
    const order = await ctx.db.selectFrom('orders').select(['id', 'total_pence', 'discount_code_id', 'discount_pence']).where('uuid', '=', done.json().complete_order_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ total_pence: 585, discount_code_id: id, discount_pence: 65 });
    expect(await ctx.db.selectFrom('discount_uses').select(['account_user_id', 'amount_pence']).where('order_id', '=', order.id).execute()).toEqual([{ account_user_id: who.userId, amount_pence: 65 }]);
    expect((await ctx.db.selectFrom('discount_codes').select('uses_count').where('id', '=', id).executeTakeFirstOrThrow()).uses_count).toBe(1);
    await addClass(who);
    expect((await apply(who, code)).json()).toMatchObject({ code: 'discount_customer_limit', message: DISCOUNT_CUSTOMER_LIMIT_MESSAGE });
  });

  it('a code that expired after it was applied refuses the order with its message (nothing written)', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 10_000, 'Test credit');
    const { id, code } = await createCode({ percent: 10 });
    await addClass(who);
    await apply(who, code);
    await ctx.db.updateTable('discount_codes').set({ valid_to: new Date(Date.now() - 1000) as never, valid_from: new Date(Date.now() - DAY) as never }).where('id', '=', id).execute();
    const refused = await complete(who, credit(585));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'discount_expired', message: DISCOUNT_EXPIRED_MESSAGE });
    expect(await ctx.db.selectFrom('orders').select('id').where('account_user_id', '=', who.userId).execute()).toEqual([]);
  });

  it('a code with one use left, applied and paid by many customers at once, is used exactly once', async () => {
    const payers = Array.from({ length: 8 }, fresh);
    const { id, code } = await createCode({ percent: 10, maxUses: 5, uses: 4 });
    for (const who of payers) {
      await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 10_000, 'Test credit');
      await addClass(who);
      expect((await apply(who, code)).statusCode).toBe(200);
    }
    const results = await Promise.all(payers.map((who) => complete(who, credit(585))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of results.filter((r) => r.statusCode === 400)) expect(refused.json()).toMatchObject({ code: 'discount_used_up', message: DISCOUNT_USED_UP_MESSAGE });
    expect((await ctx.db.selectFrom('discount_codes').select('uses_count').where('id', '=', id).executeTakeFirstOrThrow()).uses_count).toBe(5);
    expect(await ctx.db.selectFrom('discount_uses').select('id').where('discount_code_id', '=', id).execute()).toHaveLength(1);
    const orders = await ctx.db.selectFrom('orders').select('discount_pence').where('discount_code_id', '=', id).execute();
    expect(orders).toEqual([{ discount_pence: 65 }]);
  });
});
