import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CART_FULL_MESSAGE } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { createOccurrence, expireClaims, liveClaims } from '../../../test/fixtures/holds.ts';
import { addPayload, cartOf, useShop, type Json } from '../../../test/fixtures/shop.ts';

const ctx = useTestApp();
const shop = useShop(ctx, { customers: 6 });
const { call } = shop;

describe('GET /api/activities/cart', () => {
  it('needs a login', async () => {
    const response = await call('GET', '/api/activities/cart', null);
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty cart for a customer with none', async () => {
    const response = await call('GET', '/api/activities/cart', shop.customers[5]!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(cartOf(response)).toMatchObject({
      id: null,
      items: [],
      item_count: 0,
      total: 0,
      formatted_total: '£0.00',
      expires_at: null,
      selected_user_id: shop.customers[5]!.selfId,
      credits: { general: { type: 'general', total_available: 0, max_applicable: 0 }, membership: { type: 'membership', total_available: 0, max_applicable: 0 } },
    });
  });

  it("refuses another customer's selected_user_id with 403", async () => {
    const response = await call('GET', `/api/activities/cart?selected_user_id=${shop.bob.selfId}`, shop.alice);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Unauthorised.' });
  });
});

describe('POST /api/activities/cart/add', () => {
  it('holds a place by numeric id and answers the whole cart (wire fields)', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const before = Date.now();
    const response = await call('POST', '/api/activities/cart/add', shop.alice, {
      ...addPayload(occurrence.id, { pricing_option_id: shop.fx.classOptions.adult, apply_benefit: false, activity_restriction_ids: [] }),
      membership_user_id: shop.alice.selfId,
      selected_user_id: null,
      some_future_field: 'accepted',
    });
    expect(response.statusCode).toBe(200);
    const cart = cartOf(response);
    expect(cart).toMatchObject({ item_count: 1, total: 650, sub_total: 650, tax_total: 0, balance: 650, formatted_total: '£6.50', source: 'activity-booking' });
    expect(cart.id).toEqual(expect.any(Number));
    expect(cart.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.itemHash).toMatch(/^[0-9a-f]{64}$/);
    expect(cart.item_hash).toBe(cart.itemHash);
    const [item] = cart.items;
    expect(item).toMatchObject({
      name: 'Spin Express',
      type: 'purchasableOccurrence',
      cartable_id: occurrence.id,
      cartable_uuid: occurrence.uuid,
      purchased_for_user_id: shop.alice.selfId,
      pricing_option_id: shop.fx.classOptions.adult,
      pricing_option_name: 'Adult',
      price: { raw: 650, formatted: '£6.50' },
      status: 'held',
      origin: 'customer',
      cartable_resource: { venue: { slug: 'bury-leisure-centre' }, kind: 'class', location: null },
    });
    expect(item!.cartable_resource.starts_at_clock.format_24_hour).toMatch(/^\d{2}:\d{2}$/);
    const expires = new Date(item!.expires_at!).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    expect(cart.expires_at).toBe(item!.expires_at);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);

    const again = await call('GET', '/api/activities/cart', shop.alice);
    expect(cartOf(again)).toEqual(cart);
  });

  it('takes a v2 uuid, a ticket_id and a family member; the default ticket is the first option', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const response = await call('POST', '/api/activities/cart/add', shop.bob, {
      items: [
        { id: occurrence.uuid, type: 'purchasableOccurrence', purchased_for_user_id: shop.bob.childId, ticket_id: shop.fx.classOptions.junior },
        { id: occurrence.uuid, purchased_for_user_id: null },
      ],
      selected_user_id: shop.bob.selfId,
    });
    expect(response.statusCode).toBe(200);
    const items = cartOf(response).items.filter((i) => i.cartable_id === occurrence.id);
    expect(items.map((i) => [i.purchased_for_user_id, i.pricing_option_name, i.price.raw]).sort()).toEqual(
      [
        [shop.bob.childId, 'Junior', 400],
        [shop.bob.selfId, 'Adult', 650],
      ].sort(),
    );
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(2);
  });

  it('keeps one hold when the same person adds the same session twice', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const who = shop.customers[2]!;
    const first = cartOf(await call('POST', '/api/activities/cart/add', who, addPayload(occurrence.id)));
    const second = await call('POST', '/api/activities/cart/add', who, addPayload(occurrence.id));
    expect(second.statusCode).toBe(200);
    expect(cartOf(second).items.map((i) => i.id)).toEqual(first.items.map((i) => i.id));
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
  });

  it("keeps each person's hold in one basket: the same child from another selected person's basket is 400", async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const who = shop.customers[1]!;
    expect((await call('POST', '/api/activities/cart/add', who, addPayload(occurrence.id, { purchased_for_user_id: who.childId }))).statusCode).toBe(200);
    const childsOwn = await call('POST', '/api/activities/cart/add', who, { ...addPayload(occurrence.id), selected_user_id: who.childId });
    expect(childsOwn.statusCode).toBe(400);
    expect(childsOwn.json()).toMatchObject({ code: 'held_in_another_basket' });
    expect(cartOf(await call('GET', `/api/activities/cart?selected_user_id=${who.childId}`, who)).items).toEqual([]);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
  });

  it("refuses another customer's selected_user_id, purchased_for_user_id or membership_user_id with 403", async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    for (const payload of [
      { ...addPayload(occurrence.id), selected_user_id: shop.bob.selfId },
      addPayload(occurrence.id, { purchased_for_user_id: shop.bob.childId }),
      { ...addPayload(occurrence.id), membership_user_id: shop.bob.selfId },
    ]) {
      const response = await call('POST', '/api/activities/cart/add', shop.alice, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'Unauthorised.' });
    }
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(0);
  });

  it("answers 409 with a 'full' message when full, and leaves the cart unchanged (all items or none)", async () => {
    const full = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1 });
    const free = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    expect((await call('POST', '/api/activities/cart/add', shop.customers[3]!, addPayload(full.id))).statusCode).toBe(200);
    const who = shop.customers[4]!;
    const before = cartOf(await call('GET', '/api/activities/cart', who));
    const response = await call('POST', '/api/activities/cart/add', who, {
      items: [
        { id: free.id, purchased_for_user_id: null },
        { id: full.id, purchased_for_user_id: null },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: CART_FULL_MESSAGE, code: 'cart_full' });
    expect(CART_FULL_MESSAGE).toContain('full');
    expect(cartOf(await call('GET', '/api/activities/cart', who))).toEqual(before);
    expect(await liveClaims(ctx.db, free.id)).toBe(0);
  });

  it('refuses a session not open yet, started or cancelled (400), an unknown one (404) and a ticket of another activity (422)', async () => {
    const started = await createOccurrence(ctx.db, shop.fx, { kind: 'class', startsInMinutes: -5 });
    const cancelled = await createOccurrence(ctx.db, shop.fx, { kind: 'class' });
    await ctx.db.updateTable('occurrences').set({ cancelled_at: new Date() }).where('id', '=', cancelled.id).execute();
    const ok = await createOccurrence(ctx.db, shop.fx, { kind: 'class' });
    // Twenty days ahead: past the seven-day booking window (it opens at 22:00 on D − 8).
    const later = await createOccurrence(ctx.db, shop.fx, { kind: 'class', startsInMinutes: 20 * 24 * 60 });
    const cases: [Json, number, string][] = [
      [addPayload(later.id), 400, 'This session is not open for booking yet.'],
      [addPayload(started.id), 400, 'This session has already started.'],
      [addPayload(cancelled.id), 400, 'This session has been cancelled.'],
      [addPayload(999_999_999), 404, 'Unable to complete request, item not found.'],
      [addPayload('not-an-id'), 404, 'Unable to complete request, item not found.'],
      [addPayload(ok.id, { pricing_option_id: shop.fx.courtOptionId }), 422, 'The given data was invalid.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await call('POST', '/api/activities/cart/add', shop.alice, payload);
      expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ status, message });
    }
    const bad = await call('POST', '/api/activities/cart/add', shop.alice, addPayload(ok.id, { pricing_option_id: shop.fx.courtOptionId }));
    expect(bad.json()).toMatchObject({ errors: { 'items.0.pricing_option_id': ['The selected ticket type is not available for this session.'] } });
    const empty = await call('POST', '/api/activities/cart/add', shop.alice, { items: [] });
    expect(empty.statusCode).toBe(422);
  });

  it('never books one court twice: a taken court is full, also for another booking that overlaps it', async () => {
    const slot = await createOccurrence(ctx.db, shop.fx, { kind: 'court', court: 0, startsInMinutes: 3000 });
    // A longer booking on the same court overlapping the first (another occurrence, its own lock).
    const overlapping = await createOccurrence(ctx.db, shop.fx, { kind: 'court', court: 0, startsInMinutes: 3030, durationMinutes: 60 });
    expect((await call('POST', '/api/activities/cart/add', shop.alice, addPayload(slot.id))).statusCode).toBe(200);
    const taken = await call('POST', '/api/activities/cart/add', shop.bob, addPayload(slot.id));
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toContain('full');
    const overlap = await call('POST', '/api/activities/cart/add', shop.bob, addPayload(overlapping.id));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json<{ message: string }>().message).toBe(CART_FULL_MESSAGE);
    const claims = await ctx.db.selectFrom('place_claims').select(['location_id', 'occurrence_id']).where('occurrence_id', 'in', [slot.id, overlapping.id]).where('status', '=', 'active').execute();
    expect(claims).toEqual([{ location_id: shop.fx.courtIds[0], occurrence_id: slot.id }]);
    const [item] = cartOf(await call('GET', '/api/activities/cart', shop.alice)).items.filter((i) => i.cartable_id === slot.id);
    expect(item!.cartable_resource).toMatchObject({ kind: 'resource', location: { name: 'Court 1' } });
  });
});

describe('POST /api/activities/cart/remove, DELETE /api/activities/cart', () => {
  it('removes items and releases their holds; another customer\'s item is 404', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1 });
    const who = shop.customers[3]!;
    const added = cartOf(await call('POST', '/api/activities/cart/add', who, addPayload(occurrence.id)));
    const item = added.items.find((i) => i.cartable_id === occurrence.id)!;

    const stranger = await call('POST', '/api/activities/cart/remove', shop.alice, { cart_item_ids: [item.id] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ message: 'Unable to complete request, item not found.' });
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);

    const response = await call('POST', `/api/activities/cart/remove?membership_user_id=${who.selfId}&selected_user_id=${who.selfId}`, who, {
      cart_item_ids: [item.id],
    });
    expect(response.statusCode).toBe(200);
    expect(cartOf(response).items.map((i) => i.id)).not.toContain(item.id);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(0);
    // The place is free again for someone else.
    expect((await call('POST', '/api/activities/cart/add', shop.alice, addPayload(occurrence.id))).statusCode).toBe(200);
  });

  it('clears the basket, releasing every hold', async () => {
    const a = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 3 });
    const b = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 3 });
    const who = shop.customers[4]!;
    await call('POST', '/api/activities/cart/add', who, { items: [{ id: a.id }, { id: b.id, purchased_for_user_id: who.childId }] });
    const response = await call('DELETE', `/api/activities/cart?selected_user_id=${who.selfId}`, who);
    expect(response.statusCode).toBe(200);
    expect(cartOf(response)).toMatchObject({ items: [], item_count: 0, total: 0, expires_at: null });
    expect(await liveClaims(ctx.db, a.id)).toBe(0);
    expect(await liveClaims(ctx.db, b.id)).toBe(0);
  });
});

describe('PUT /api/activities/cart/{cartItemId}', () => {
  it('changes the ticket type and the person (a new hold for them, the old one released)', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 3 });
    const who = shop.customers[2]!;
    const item = cartOf(await call('POST', '/api/activities/cart/add', who, addPayload(occurrence.id))).items.find((i) => i.cartable_id === occurrence.id)!;

    const junior = await call('PUT', `/api/activities/cart/${item.id}`, who, { pricing_option_id: shop.fx.classOptions.junior, selected_user_id: null });
    expect(junior.statusCode).toBe(200);
    expect(cartOf(junior).items.find((i) => i.id === item.id)).toMatchObject({ pricing_option_name: 'Junior', price: { raw: 400 } });

    const child = await call('PUT', `/api/activities/cart/${item.id}`, who, { purchased_for_user_id: who.childId });
    expect(child.statusCode).toBe(200);
    expect(cartOf(child).items.find((i) => i.id === item.id)).toMatchObject({ purchased_for_user_id: who.childId, status: 'held' });
    const claims = await ctx.db.selectFrom('place_claims').select('membership_user_id').where('occurrence_id', '=', occurrence.id).where('status', '=', 'active').execute();
    expect(claims).toEqual([{ membership_user_id: who.childId }]);

    expect((await call('PUT', `/api/activities/cart/${item.id}`, shop.alice, { pricing_option_id: shop.fx.classOptions.adult })).statusCode).toBe(404);
    expect((await call('PUT', `/api/activities/cart/${item.id}`, who, { purchased_for_user_id: shop.bob.childId })).statusCode).toBe(403);
  });

  it('holds an expired item again with hold_again', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1 });
    const who = shop.customers[5]!;
    const item = cartOf(await call('POST', '/api/activities/cart/add', who, addPayload(occurrence.id))).items.find((i) => i.cartable_id === occurrence.id)!;
    await expireClaims(ctx.db, { occurrenceId: occurrence.id });
    const expired = cartOf(await call('GET', '/api/activities/cart', who)).items.find((i) => i.id === item.id)!;
    expect(expired).toMatchObject({ status: 'expired' });
    expect(expired.expires_at).not.toBeNull();
    // Not at once: a lapsed place goes back to everyone else first for a hold's length (issue 22).
    const tooSoon = await call('PUT', `/api/activities/cart/${item.id}`, who, { hold_again: true });
    expect(tooSoon.json()).toMatchObject({ code: 'released_recently' });
    await sql`UPDATE place_claims SET expires_at = now() - interval '16 minutes', released_at = CASE WHEN status = 'released' THEN now() - interval '16 minutes' END WHERE occurrence_id = ${occurrence.id}`.execute(ctx.db);

    const response = await call('PUT', `/api/activities/cart/${item.id}`, who, { hold_again: true });
    expect(response.statusCode).toBe(200);
    const again = cartOf(response).items.find((i) => i.id === item.id)!;
    expect(again.status).toBe('held');
    expect(new Date(again.expires_at!).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(1);
  });
});

describe('benefit and package removal', () => {
  it("answers the caller's cart unchanged, and 404 for another customer's item", async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class' });
    const cart = cartOf(await call('POST', '/api/activities/cart/add', shop.bob, addPayload(occurrence.id)));
    const item = cart.items[0]!;
    for (const extra of ['benefit', 'package']) {
      const own = await call('DELETE', `/api/activities/${extra}/remove/${item.id}?source=activity-booking&selected_user_id=${shop.bob.selfId}`, shop.bob);
      expect(own.statusCode).toBe(200);
      expect(cartOf(own)).toEqual(cart);
      const other = await call('DELETE', `/api/activities/${extra}/remove/${item.id}?source=activity-booking`, shop.alice);
      expect(other.statusCode).toBe(404);
    }
  });
});
