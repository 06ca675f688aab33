import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { KIOSK_TERMINAL_CANCELLED_MESSAGE, KIOSK_TERMINAL_DECLINED_MESSAGE, KIOSK_TERMINAL_TIMED_OUT_MESSAGE, KIOSK_TERMINAL_WAIT_SECONDS } from '@app/contract/foh/kiosk-terminal';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { KIOSK_VENUE, useKiosk } from '../../../test/fixtures/kiosk.ts';

/**
 * Paying at the venue's card terminal from the kiosk (docs/kiosk.md "Paying at the card reader"):
 * the kiosk session starts a payment of its own basket's total at the simulated terminal, which
 * approves (the order completes exactly once, a 'card-terminal' payment with the terminal's
 * reference), declines or waits for a card (cancel); the basket and holds stay when it does not go
 * through. Only the kiosk's own session, only its own payments.
 */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, count } = shop;
const { atKiosk, basketOfOne, reader, start, poll, cancel } = useKiosk(ctx, shop, { prefix: 'KT', pin: '6184' });
afterEach(async () => void (await reader('approve')));

const bookingsOf = (occurrenceId: number) => count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE occurrence_id = ${occurrenceId}`);
const ordersOf = (cartId: number) => count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${cartId}`);
const paymentsOf = (cartId: number) =>
  sql<{ tender_type: string; amount_pence: number; staff_user_id: number | null; source: string }>`
    SELECT p.tender_type, p.amount_pence, o.staff_user_id, o.source FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.cart_id = ${cartId}`.execute(ctx.db);
/** The basket and its hold, as they are: items in the open cart and active claims on the class. */
const basketState = async (cartId: number, occurrenceId: number) => ({
  items: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.id = ${cartId} AND c.status = 'open'`),
  held: await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM place_claims WHERE occurrence_id = ${occurrenceId} AND status = 'active' AND expires_at > now()`),
});

describe("paying at the venue's card terminal from the kiosk", () => {
  it('approved: the order completes once with a card-terminal payment carrying the reference, for the amount of the server’s basket', async () => {
    const who = fresh();
    const kiosk = await atKiosk(who);
    const { occurrence, cart } = await basketOfOne(kiosk);
    // The amount is never the client's: the contract refuses one.
    expect((await start(kiosk, cart, { amount: 1 })).statusCode).toBe(422);

    const started = await start(kiosk, cart);
    expect(started.statusCode).toBe(200);
    const payment = started.json().data;
    expect(payment).toMatchObject({ status: 'waiting', amount: { raw: cart.total }, terminal_id: `SIM-${String(shop.fx.venueId).padStart(4, '0')}`, order: null });

    const done = await poll(kiosk, payment.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'completed', terminal_reference: expect.stringMatching(/^SIM-\d{4} AUTH \d{6}$/), order: { complete_order_id: expect.any(String), reference: expect.any(String) } });
    expect(await bookingsOf(occurrence.id)).toBe(1);
    expect((await paymentsOf(cart.id)).rows).toEqual([{ tender_type: 'card-terminal', amount_pence: cart.total, staff_user_id: null, source: 'kiosk' }]);
    const row = await ctx.db.selectFrom('kiosk_terminal_payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ venue_id: shop.fx.venueId, account_user_id: who.userId, amount_pence: cart.total, status: 'completed', order_id: expect.any(Number), kiosk_session_id: expect.any(Number) });
    expect((await ctx.db.selectFrom('orders').select('uuid').where('id', '=', row.order_id!).executeTakeFirstOrThrow()).uuid).toBe(done.json().data.order.complete_order_id);

    // Asked again: the same order, nothing more (idempotent completion).
    const again = await poll(kiosk, payment.id);
    expect(again.json().data.order).toEqual(done.json().data.order);
    expect(await ordersOf(cart.id)).toBe(1);
    // The order shows the card terminal's payment to the customer (its email reads 'Card terminal', as at the till).
    const order = await call('GET', `/api/checkout/orders/${done.json().data.order.complete_order_id}`, kiosk);
    expect(order.json().data.payments).toEqual([expect.objectContaining({ tender_type: 'card-terminal', amount: cart.total })]);
  });

  it('declined: the basket and its hold stay, the customer is told, and the next try is approved', async () => {
    const kiosk = await atKiosk(fresh());
    const { occurrence, cart } = await basketOfOne(kiosk);
    await reader('decline');
    const first = (await start(kiosk, cart)).json().data;
    const declined = await poll(kiosk, first.id);
    expect(declined.json().data).toMatchObject({ status: 'declined', message: KIOSK_TERMINAL_DECLINED_MESSAGE, order: null, terminal_reference: null });
    expect(await basketState(cart.id, occurrence.id)).toEqual({ items: 1, held: 1 });
    expect(await bookingsOf(occurrence.id)).toBe(0);
    expect(await ordersOf(cart.id)).toBe(0);
    // Cancel after the answer changes nothing.
    expect((await cancel(kiosk, first.id)).json().data.status).toBe('declined');

    // The decline was the next card's only: the customer tries again and is booked.
    const second = (await start(kiosk, cart)).json().data;
    expect(second.id).not.toBe(first.id);
    expect((await poll(kiosk, second.id)).json().data.status).toBe('completed');
    expect(await bookingsOf(occurrence.id)).toBe(1);
  });

  it('cancelled at the kiosk while waiting for a card, or no card in time: nothing charged, the basket intact', async () => {
    const kiosk = await atKiosk(fresh());
    const { occurrence, cart } = await basketOfOne(kiosk);
    await reader('wait');
    const payment = (await start(kiosk, cart)).json().data;
    expect((await poll(kiosk, payment.id)).json().data.status).toBe('waiting');
    const cancelled = await cancel(kiosk, payment.id);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', message: KIOSK_TERMINAL_CANCELLED_MESSAGE });
    // A card presented after the cancel is not taken.
    await reader('approve');
    expect((await poll(kiosk, payment.id)).json().data.status).toBe('cancelled');
    expect(await basketState(cart.id, occurrence.id)).toEqual({ items: 1, held: 1 });
    expect(await ordersOf(cart.id)).toBe(0);

    // Abandoned: no card within the terminal's wait.
    await reader('wait');
    const abandoned = (await start(kiosk, cart)).json().data;
    await sql`UPDATE kiosk_terminal_payments SET created_at = now() - make_interval(secs => ${KIOSK_TERMINAL_WAIT_SECONDS + 1}) WHERE id = ${abandoned.id}::uuid`.execute(ctx.db);
    expect((await poll(kiosk, abandoned.id)).json().data).toMatchObject({ status: 'cancelled', message: KIOSK_TERMINAL_TIMED_OUT_MESSAGE });
    expect(await basketState(cart.id, occurrence.id)).toEqual({ items: 1, held: 1 });

    // Left waiting past the wait and never asked again (the kiosk went back to its start): the next start is a new payment.
    const left = (await start(kiosk, cart)).json().data;
    await sql`UPDATE kiosk_terminal_payments SET created_at = now() - make_interval(secs => ${KIOSK_TERMINAL_WAIT_SECONDS + 1}) WHERE id = ${left.id}::uuid`.execute(ctx.db);
    const renewed = (await start(kiosk, cart)).json().data;
    expect(renewed).toMatchObject({ status: 'waiting' });
    expect(renewed.id).not.toBe(left.id);
    expect((await poll(kiosk, left.id)).json().data.status).toBe('cancelled');
  });

  it('the same start twice at once is one payment; two polls at once complete one order with one payment and one booking', async () => {
    const kiosk = await atKiosk(fresh());
    const { occurrence, cart } = await basketOfOne(kiosk);
    await reader('wait');
    const [a, b] = await Promise.all([start(kiosk, cart), start(kiosk, cart)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM kiosk_terminal_payments WHERE cart_id = ${cart.id}`)).toBe(1);
    await reader('approve');
    const [x, y] = await Promise.all([poll(kiosk, a.json().data.id), poll(kiosk, a.json().data.id)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(x.json().data).toMatchObject({ status: 'completed' });
    expect(y.json().data.order).toEqual(x.json().data.order);
    expect(await ordersOf(cart.id)).toBe(1);
    expect((await paymentsOf(cart.id)).rows).toHaveLength(1);
    expect(await bookingsOf(occurrence.id)).toBe(1);
  });

  it('an approved payment the order cannot take (the basket emptied meanwhile) is reversed, never charged without a booking', async () => {
    const kiosk = await atKiosk(fresh());
    const { cart } = await basketOfOne(kiosk);
    await reader('wait');
    const payment = (await start(kiosk, cart)).json().data;
    const items = (await call('GET', '/api/activities/cart', kiosk)).json().data.items as { id: number }[];
    expect((await call('POST', '/api/activities/cart/remove', kiosk, { cart_item_ids: items.map((i) => i.id) })).statusCode).toBe(200);
    await reader('approve');
    const reversed = (await poll(kiosk, payment.id)).json().data;
    expect(reversed).toMatchObject({ status: 'reversed', order: null, message: expect.stringContaining('you have not been charged') });
    expect(await ordersOf(cart.id)).toBe(0);
    // A basket changed since the screen showed it is not charged at all.
    const { cart: next } = await basketOfOne(kiosk);
    const stale = await start(kiosk, { item_hash: `${next.item_hash}x` });
    expect(stale.statusCode).toBe(409);
  });

  it("only the kiosk's own session, only its own payments: 403 'Unauthorised.' otherwise", async () => {
    const who = fresh();
    const kiosk = await atKiosk(who);
    const { cart } = await basketOfOne(kiosk);
    await reader('wait');
    const payment = (await start(kiosk, cart)).json().data;

    // Another customer at the kiosk: not their payment to read or cancel.
    const other = await atKiosk(fresh());
    for (const response of [await poll(other, payment.id), await cancel(other, payment.id)]) expect([response.statusCode, response.json().message]).toEqual([403, 'Unauthorised.']);
    // Not another account's person's basket either.
    const theirs = await start(kiosk, cart, { selected_user_id: other.selfId });
    expect(theirs.statusCode).toBe(403);
    // The customer's own online session, and staff, cannot use the kiosk's card reader.
    const staff = fresh();
    await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.userId).execute();
    for (const caller of [who, staff]) {
      for (const response of [await start(caller, cart), await poll(caller, payment.id), await cancel(caller, payment.id)]) {
        expect([response.statusCode, response.json().message]).toEqual([403, 'Unauthorised.']);
      }
    }
    // Unknown ids and malformed bodies.
    expect((await poll(kiosk, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await poll(kiosk, 'not-a-uuid')).statusCode).toBe(422);
    expect((await call('POST', '/api/kiosk/terminal-payments', kiosk, { venue: KIOSK_VENUE, terms: 'all' })).statusCode).toBe(422);
    expect((await start(kiosk, cart, { venue: 'no-such-venue' })).statusCode).toBe(404);
    // Still waiting, untouched by all of that.
    expect((await poll(kiosk, payment.id)).json().data.status).toBe('waiting');
  });
});
