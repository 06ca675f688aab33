import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ORDER_COMPLETED_MESSAGE } from '@app/contract/checkout/payment';
import { ITEM_LOST_MESSAGE } from '@app/contract/checkout/complete';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { expireClaims } from '../../../test/fixtures/holds.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { TEST_CARDS as CARDS } from '../../../test/fixtures/cards.ts';
import { addCredit } from '../credits/service.ts';
import { normaliseTenders } from './requirements.ts';

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass, authorise, completeCard, count } = shop;

describe('card payment, frictionless', () => {
  it('authorises, completes, books, confirms, emails with an .ics, and empties the basket', async () => {
    const who = fresh();
    const { occurrence, cart } = await holdClass(who);
    const authorised = await authorise(who, cart.total, CARDS.ok, { save_card: true });
    expect(authorised.statusCode).toBe(200);
    expect(authorised.json()).toMatchObject({ transaction_status: 'authorised', sca_url: null, sca_data: null, transaction_uuid: expect.any(String) });
    const done = await completeCard(who, authorised.json().transaction_uuid, cart.total);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ message: ORDER_COMPLETED_MESSAGE, complete_order_id: expect.any(String), reference: expect.stringMatching(/^BK-/) });
    expect(body.data.complete_order_id).toBe(body.complete_order_id);

    // The hold is now a booking without expiry, and the basket is empty.
    const claim = await sql<{ kind: string; expires_at: Date | null }>`SELECT kind, expires_at FROM place_claims WHERE occurrence_id = ${occurrence.id}`.execute(ctx.db);
    expect(claim.rows).toEqual([{ kind: 'booking', expires_at: null }]);
    expect((await call('GET', '/api/activities/cart', who)).json().data.items).toEqual([]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE occurrence_id = ${occurrence.id}`)).toBe(1);

    // Confirmation: the owner reads it; anyone else gets 404.
    const order = await call('GET', `/api/checkout/orders/${body.complete_order_id}`, who);
    expect(order.statusCode).toBe(200);
    expect(order.headers['cache-control']).toBe('no-store');
    expect(order.json().data).toMatchObject({
      reference: body.reference,
      total: cart.total,
      bookings: [{ name: 'Spin Express', person: { id: who.selfId }, venue: { slug: 'bury-leisure-centre' }, status: 'booked' }],
      payments: [{ tender_type: 'card', amount: cart.total, card: { brand: 'visa', last_four: '4242' } }],
    });
    expect((await call('GET', `/api/checkout/orders/${body.complete_order_id}`, shop.bob)).statusCode).toBe(403);
    expect((await call('GET', `/api/checkout/orders/${body.complete_order_id}/calendar.ics`, shop.bob)).statusCode).toBe(403);

    const ics = await call('GET', `/api/checkout/orders/${body.complete_order_id}/calendar.ics`, who);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('Spin Express');

    // The confirmation email: reference in the subject, HTML and text, the .ics attached.
    const email = await sql<{ subject: string; html_body: string; text_body: string; attachments: { filename: string; content: string }[] }>`
      SELECT subject, html_body, text_body, attachments FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'order-confirmation'`.execute(ctx.db);
    expect(email.rows).toHaveLength(1);
    expect(email.rows[0]!.subject).toContain(body.reference);
    expect(email.rows[0]!.text_body).toContain(body.reference);
    expect(email.rows[0]!.attachments[0]!.filename).toMatch(/\.ics$/);
    expect(email.rows[0]!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');

    // save_card: the next prepare offers it, and it pays again.
    const prepared = (await call('GET', '/api/checkout/prepare', who)).json();
    expect(prepared.saved_card).toMatchObject({ brand: 'visa', last_four: '4242', expiry: '12/39', card_holder_name: 'Casey Tester', external_identifier: expect.any(String) });
    const second = await holdClass(who);
    const again = await call('POST', '/api/checkout/authorise', who, {
      payments: [{ tender_type: 'card', amount: second.cart.total }],
      session_key: prepared.session_key,
      saved_card_id: prepared.saved_card.id,
      terms: shop.termIds,
      source: 'activity-booking',
    });
    expect(again.statusCode).toBe(200);
    expect((await completeCard(who, again.json().transaction_uuid, second.cart.total)).statusCode).toBe(200);
    // Another customer cannot use it, and the owner can delete it.
    const stolen = await call('POST', '/api/checkout/authorise', shop.bob, {
      payments: [{ tender_type: 'card', amount: 650 }],
      session_key: prepared.session_key,
      saved_card_id: prepared.saved_card.id,
      terms: shop.termIds,
    });
    expect([400, 404]).toContain(stolen.statusCode);
    expect((await call('DELETE', `/api/checkout/saved-cards/${prepared.saved_card.id}`, shop.bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/checkout/saved-cards/${prepared.saved_card.id}`, who)).statusCode).toBe(204);
    expect((await call('GET', '/api/checkout/prepare', who)).json().saved_card).toBeNull();
  });
});

describe('exactly once', () => {
  it('20 parallel completes of one card payment make one order and one charge', async () => {
    const who = fresh();
    const { cart, occurrence } = await holdClass(who);
    const uuid = (await authorise(who, cart.total)).json().transaction_uuid as string;
    const responses = await Promise.all(Array.from({ length: 20 }, () => completeCard(who, uuid, cart.total)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.json().complete_order_id)).size).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE transaction_uuid = ${uuid}`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM payments WHERE transaction_uuid = ${uuid}`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM simulator_payments WHERE transaction_uuid = ${uuid} AND status = 'captured'`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE occurrence_id = ${occurrence.id}`)).toBe(1);
  });

  it('20 parallel credit-only completes (two tabs, retries) make one order and one spend', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const { cart } = await holdClass(who);
    const body = { completed_waivers: [], payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], item_hash: cart.itemHash, selected_user_id: null, source: 'activity-booking', terms: shop.termIds };
    const responses = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/checkout/complete', who, body)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((r) => r.json().complete_order_id)).size).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE account_user_id = ${who.userId}`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM credit_entries WHERE account_user_id = ${who.userId} AND kind = 'spend'`)).toBe(1);
    const after = (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
    expect(after.credits.general.total_available).toBe(5000 - cart.total);
  });

  it('the same Idempotency-Key answers the same order after the basket is gone', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 2000, 'test');
    const { cart } = await holdClass(who);
    const body = { payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], terms: shop.termIds };
    const first = await call('POST', '/api/checkout/complete', who, body, { 'idempotency-key': 'tab-1' });
    const replay = await call('POST', '/api/checkout/complete', who, body, { 'idempotency-key': 'tab-1' });
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().complete_order_id).toBe(first.json().complete_order_id);
  });
});

describe('holds that expired during payment', () => {
  it('are taken again when the place is still free, and the order completes', async () => {
    const who = fresh();
    const { cart, occurrence } = await holdClass(who, { capacity: 1 });
    const uuid = (await authorise(who, cart.total)).json().transaction_uuid as string;
    await expireClaims(ctx.db, { occurrenceId: occurrence.id });
    const done = await completeCard(who, uuid, cart.total);
    expect(done.statusCode).toBe(200);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE occurrence_id = ${occurrence.id} AND status = 'confirmed'`)).toBe(1);
  });

  it('when the place was taken: 409 naming the item, the authorisation voided, no order, no charge', async () => {
    const who = fresh();
    const other = fresh();
    const { cart, occurrence } = await holdClass(who, { capacity: 1 });
    const uuid = (await authorise(who, cart.total)).json().transaction_uuid as string;
    await expireClaims(ctx.db, { occurrenceId: occurrence.id });
    const taken = await call('POST', '/api/activities/cart/add', other, { items: [{ id: occurrence.id, pricing_option_id: shop.fx.classOptions.adult }] });
    expect(taken.statusCode).toBe(200);
    const done = await completeCard(who, uuid, cart.total);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(ITEM_LOST_MESSAGE);
    expect(done.json().errors.items[0]).toContain('Spin Express');
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE transaction_uuid = ${uuid}`)).toBe(0);
    const status = await sql<{ ours: string; provider: string }>`
      SELECT t.status AS ours, s.status AS provider FROM provider_transactions t JOIN simulator_payments s ON s.transaction_uuid = t.uuid WHERE t.uuid = ${uuid}`.execute(ctx.db);
    expect(status.rows[0]).toEqual({ ours: 'voided', provider: 'voided' });
  });
});

describe('reconciliation (the server died between authorise and complete)', () => {
  it('completes a stale authorised payment whose places still hold, and voids one whose place is gone', async () => {
    const who = fresh();
    const { cart, occurrence } = await holdClass(who);
    const kept = (await authorise(who, cart.total)).json().transaction_uuid as string;
    const loser = fresh();
    const taker = fresh();
    const lost = await holdClass(loser, { capacity: 1 });
    const gone = (await authorise(loser, lost.cart.total)).json().transaction_uuid as string;
    await expireClaims(ctx.db, { occurrenceId: lost.occurrence.id });
    expect((await call('POST', '/api/activities/cart/add', taker, { items: [{ id: lost.occurrence.id }] })).statusCode).toBe(200);
    // Nothing completes them; time passes beyond PAYMENT_RECONCILE_MINUTES.
    await sql`UPDATE provider_transactions SET updated_at = now() - interval '1 hour' WHERE uuid IN (${kept}, ${gone})`.execute(ctx.db);
    await enqueue(ctx.db, 'reconcile-payments', {});
    await runDueJobs({ url: ctx.url, db: ctx.db });
    const rows = await sql<{ uuid: string; status: string; order_id: number | null }>`
      SELECT uuid::text, status, order_id FROM provider_transactions WHERE uuid IN (${kept}, ${gone})`.execute(ctx.db);
    const byUuid = new Map(rows.rows.map((r) => [r.uuid, r]));
    expect(byUuid.get(kept)).toMatchObject({ status: 'completed', order_id: expect.any(Number) });
    expect(byUuid.get(gone)).toMatchObject({ status: 'voided', order_id: null });
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE occurrence_id = ${occurrence.id}`)).toBe(1);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM simulator_payments WHERE transaction_uuid = ${gone} AND status = 'voided'`)).toBe(1);
  });
});

describe('credits', () => {
  it('shows balances in the cart, reserves, replaces, releases with ≤ 0, and completes with credit only', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 1000, 'test');
    const { cart } = await holdClass(who);
    expect(cart.credits.general).toEqual({ type: 'general', total_available: 1000, max_applicable: cart.total });
    const apply = (amount: number) => call('POST', '/api/credits/apply', who, { credits_to_reserve: [{ amount, type: 'general' }], cart_source: 'activity-booking', selected_user_id: null });
    const first = await apply(300);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ reserved: true, amount: 300, message: 'Credit successfully applied.' });
    const replaced = await apply(cart.total);
    expect(replaced.json()).toMatchObject({ reserved: true, amount: cart.total });
    let view = (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
    expect(view.payments).toEqual([{ tender_type: 'general-credit', amount: cart.total }]);
    expect(view.balance).toBe(0);
    expect(view.credits.general.total_available).toBe(1000);
    expect((await apply(0)).json()).toMatchObject({ reserved: false, amount: 0 });
    view = (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
    expect(view.payments).toEqual([]);
    // Over the balance or over the total: 400 with the toast's text.
    expect((await apply(5000)).json()).toMatchObject({ message: 'Credit amount could not be applied.' });
    expect((await apply(5000)).statusCode).toBe(400);
    // Credit-only completion (wire notes' body).
    await apply(cart.total);
    const done = await call('POST', '/api/checkout/complete', who, {
      completed_waivers: [],
      payments: [{ tender_type: 'credit', amount: cart.total, info: {} }],
      item_hash: cart.itemHash,
      selected_user_id: null,
      source: 'activity-booking',
      terms: shop.termIds,
    });
    expect(done.statusCode).toBe(200);
    const ledger = await sql<{ kind: string; amount: number; balance_after: number }>`
      SELECT kind, amount, balance_after FROM credit_entries WHERE account_user_id = ${who.userId} ORDER BY id`.execute(ctx.db);
    expect(ledger.rows.at(-1)).toEqual({ kind: 'spend', amount: -cart.total, balance_after: 1000 - cart.total });
    expect(ledger.rows.every((r) => r.balance_after >= 0)).toBe(true);
  });

  it('never lets parallel spends take the balance below zero', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 650, 'test');
    const self = await holdClass(who);
    const child = await holdClass(who, { forChild: true });
    // Two baskets (self and child) each try to spend the whole balance at once.
    const pay = (selected: number, amount: number) =>
      call('POST', '/api/checkout/complete', who, { payments: [{ tender_type: 'credit', amount }], selected_user_id: selected === who.selfId ? null : selected, terms: shop.termIds });
    const [a, b] = await Promise.all([pay(who.selfId, self.cart.total), pay(who.childId, child.cart.total)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const balance = await sql<{ b: number }>`SELECT balance_after AS b FROM credit_entries WHERE account_user_id = ${who.userId} ORDER BY id DESC LIMIT 1`.execute(ctx.db);
    expect(balance.rows[0]!.b).toBe(0);
  });
});

describe('tender rules at completion', () => {
  it.each([
    ['a non-positive line is dropped', [{ tender_type: 'card', amount: 0 }, { tender_type: 'credit', amount: 500, info: { type: 'general' as const } }], { card: 0, general: 500, membership: 0, offline: [] }],
    ['credit types by info.type', [{ tender_type: 'credit', amount: 100, info: { type: 'membership' as const } }, { tender_type: 'credit', amount: 50, info: {} }], { card: 0, general: 50, membership: 100, offline: [] }],
    ['named credit tenders', [{ tender_type: 'general-credit', amount: 10 }, { tender_type: 'membership-credit', amount: 20 }], { card: 0, general: 10, membership: 20, offline: [] }],
    ['negative amounts are dropped', [{ tender_type: 'card', amount: -5 }, { tender_type: 'card', amount: 650 }], { card: 650, general: 0, membership: 0, offline: [] }],
  ])('%s', (_label, lines, expected) => {
    expect(normaliseTenders(lines, false)).toEqual(expected);
  });

  it.each([
    ['an offline tender online', [{ tender_type: 'cash', amount: 650 }]],
    ['an unknown tender', [{ tender_type: 'bitcoin', amount: 650 }]],
  ])('refuses %s with 422', (_label, lines) => {
    expect(() => normaliseTenders(lines, false)).toThrow(expect.objectContaining({ status: 422 }));
  });

  it.each([
    ['less than the total', (total: number) => [{ tender_type: 'credit', amount: total - 1 }], 400],
    ['more than the total', (total: number) => [{ tender_type: 'credit', amount: total + 1 }], 400],
    ['card without an authorisation', (total: number) => [{ tender_type: 'card', amount: total }], 400],
    ['more credit than the balance', (total: number) => [{ tender_type: 'credit', amount: total }], 400],
    ['cash online', (total: number) => [{ tender_type: 'cash', amount: total }], 422],
  ])('complete refuses payments %s', async (label, lines, status) => {
    const who = fresh();
    if (label !== 'more credit than the balance') await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const { cart } = await holdClass(who);
    const response = await call('POST', '/api/checkout/complete', who, { payments: lines(cart.total), terms: shop.termIds });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await call('GET', '/api/activities/cart', who)).json().data.items).toHaveLength(1);
  });
});

// Front-of-house pay ({checkout}/pay, the till's tenders): modules/foh/foh-pay.test.ts.

describe('a basket paid twice in different ways', () => {
  it('keeps the first order and voids the card authorisation that came second', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const { cart } = await holdClass(who);
    const uuid = (await authorise(who, cart.total)).json().transaction_uuid as string;
    const byCredit = await call('POST', '/api/checkout/complete', who, { payments: [{ tender_type: 'credit', amount: cart.total }], terms: shop.termIds });
    expect(byCredit.statusCode).toBe(200);
    const byCard = await completeCard(who, uuid, cart.total);
    expect(byCard.statusCode).toBe(200);
    expect(byCard.json().complete_order_id).toBe(byCredit.json().complete_order_id);
    const status = await sql<{ ours: string; provider: string }>`
      SELECT t.status AS ours, s.status AS provider FROM provider_transactions t JOIN simulator_payments s ON s.transaction_uuid = t.uuid WHERE t.uuid = ${uuid}`.execute(ctx.db);
    expect(status.rows[0]).toEqual({ ours: 'voided', provider: 'voided' });
  });
});
