import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { expireClaims } from '../../../test/fixtures/holds.ts';
import { addCredit } from '../credits/service.ts';

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass, authorise, count } = shop;

/*
 * A basket whose holds expired (issue 22, docs/holds.md "Expired items and the total"): the total
 * shown leaves expired items out, and authorise and complete never charge more than it: they
 * refuse while an item's hold has run out, until it is held again or removed.
 */

const cartOfWho = async (who: ReturnType<typeof fresh>) => (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
const payWithCredit = (who: ReturnType<typeof fresh>, amount: number) =>
  call('POST', '/api/checkout/complete', who, { payments: [{ tender_type: 'credit', amount, info: {} }], terms: shop.termIds });

describe('expired items and the total', () => {
  it('only expired: the total is 0 and complete refuses to charge the full price (409 naming the item)', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const { occurrence, cart: held } = await holdClass(who);
    await expireClaims(ctx.db, { occurrenceId: occurrence.id });
    const cart = await cartOfWho(who);
    expect(cart.total).toBe(0);
    const done = await payWithCredit(who, held.total);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({
      code: 'cart_item_expired',
      message: 'Your hold on Spin Express has run out. Hold it again or remove it from your basket, then pay.',
      errors: { items: ['Spin Express'] },
    });
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE account_user_id = ${who.userId}`)).toBe(0);
    expect((await authorise(who, held.total)).json()).toMatchObject({ code: 'cart_item_expired' });
  });

  it('one held and one expired: the total is the held one; complete charges what the total says once the expired one is removed', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    await holdClass(who);
    const { occurrence: lapsed, cart: both } = await holdClass(who);
    await expireClaims(ctx.db, { occurrenceId: lapsed.id });
    const cart = await cartOfWho(who);
    const heldItems = cart.items.filter((i) => i.status === 'held');
    expect(cart.total).toBe(heldItems.reduce((s, i) => s + i.price.raw, 0));
    expect(cart.total).toBeLessThan(both.total);
    // Neither the total shown nor the old full price completes while the expired item is there.
    for (const amount of [cart.total, both.total]) expect((await payWithCredit(who, amount)).json()).toMatchObject({ code: 'cart_item_expired' });

    const expired = cart.items.find((i) => i.status === 'expired')!;
    expect((await call('POST', '/api/activities/cart/remove', who, { cart_item_ids: [expired.id] })).statusCode).toBe(200);
    const after = await cartOfWho(who);
    expect(after.total).toBe(cart.total);
    const done = await payWithCredit(who, after.total);
    expect(done.statusCode, done.body).toBe(200);
    expect(await count(sql<{ n: number }>`SELECT total_pence AS n FROM orders WHERE account_user_id = ${who.userId}`)).toBe(after.total);
  });
});
