import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { addCredit } from '../credits/service.ts';

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass, authorise, completeCard, count } = shop;

/* An Idempotency-Key is bound to the basket it completed (issue 22, docs/checkout.md). */

describe('Idempotency-Key on complete', () => {
  it('a reuse on the same basket answers the same order; on another basket 422, and that basket is not completed', async () => {
    const who = fresh();
    const first = await holdClass(who);
    const uuid = (await authorise(who, first.cart.total)).json().transaction_uuid as string;
    const done = await completeCard(who, uuid, first.cart.total, { 'idempotency-key': 'tab-22' });
    expect(done.statusCode).toBe(200);
    const replay = await completeCard(who, uuid, first.cart.total, { 'idempotency-key': 'tab-22' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().reference).toBe(done.json().reference);

    // A new basket, authorised, completed with the old key: refused, nothing booked or taken.
    const second = await holdClass(who);
    const secondUuid = (await authorise(who, second.cart.total)).json().transaction_uuid as string;
    const reused = await completeCard(who, secondUuid, second.cart.total, { 'idempotency-key': 'tab-22' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused', errors: { 'Idempotency-Key': ['This key was already used for another basket.'] } });
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE account_user_id = ${who.userId}`)).toBe(1);
    expect(((await call('GET', '/api/activities/cart', who)).json().data as CartDto).items.map((i) => i.status)).toEqual(['held']);
    // A fresh key completes it.
    const fresher = await completeCard(who, secondUuid, second.cart.total, { 'idempotency-key': 'tab-23' });
    expect(fresher.statusCode).toBe(200);
    expect(fresher.json().reference).not.toBe(done.json().reference);
  });

  it('paid with credit: the same key on another basket is 422, not the old order', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const pay = async () => {
      const { cart } = await holdClass(who);
      return call('POST', '/api/checkout/complete', who, { payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], terms: shop.termIds }, { 'idempotency-key': 'credit-tab' });
    };
    expect((await pay()).statusCode).toBe(200);
    const again = await pay();
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('idempotency_key_reused');
  });
});
