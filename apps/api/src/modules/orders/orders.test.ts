import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { CARD_DECLINED_MESSAGE, CARD_ERROR_MESSAGE, ORDER_COMPLETED_MESSAGE, WAIVER_FAILED_MESSAGE } from '@app/contract/checkout/payment';
import { ITEM_LOST_MESSAGE } from '@app/contract/checkout/complete';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { createCustomers, createHoldsFixture, createOccurrence, expireClaims, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { TEST_CARDS, tokeniseTestCard } from '../../../test/fixtures/cards.ts';
import { addCredit } from '../credits/service.ts';
import { normaliseTenders } from './requirements.ts';

const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let alice: TestCustomer;
let bob: TestCustomer;
let termIds: number[];

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestCustomer | null, payload?: Json, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...(who ? who.auth : {}), ...headers }, ...(payload ? { payload } : {}) });

const CARDS = TEST_CARDS;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 40);
  [alice, bob] = customers as [TestCustomer, TestCustomer];
  termIds = (await call('GET', '/api/terms', alice)).json().data.map((t: { id: number }) => t.id);
});

let next = 2;
const fresh = () => customers[next++]!;

/** Holds one place of a new class occurrence (capacity `capacity`) and answers the cart. */
const holdClass = async (who: TestCustomer, options: { capacity?: number; forChild?: boolean } = {}) => {
  // forChild: the child's own basket (selected_user_id), as the spec's selected user decides.
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: options.capacity ?? 5 });
  const response = await call('POST', '/api/activities/cart/add', who, {
    items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: options.forChild ? who.childId : null, pricing_option_id: fx.classOptions.adult }],
    selected_user_id: options.forChild ? who.childId : null,
  });
  expect(response.statusCode).toBe(200);
  return { occurrence, cart: response.json().data as CartDto };
};

const tokenise = async (who: TestCustomer, number: string) => {
  const card = await tokeniseTestCard(ctx.app, who, number);
  return { sessionKey: card.session_key, identifier: card.card_identifier };
};

const authorise = async (who: TestCustomer, amount: number, number = CARDS.ok, extra: Json = {}) => {
  const { sessionKey, identifier } = await tokenise(who, number);
  return call('POST', '/api/checkout/authorise', who, {
    payments: [{ tender_type: 'card', amount }],
    session_key: sessionKey,
    card_identifier: identifier,
    card_holder_name: 'Casey Tester',
    source: 'activity-booking',
    terms: termIds,
    completed_waivers: [],
    browser_color_depth: 24,
    browser_java_enabled: false,
    browser_javascript_enabled: true,
    browser_language: 'en-GB',
    browser_screen_height: 900,
    browser_screen_width: 1440,
    browser_timezone: 0,
    billing_first_name: 'Casey',
    billing_last_name: 'Tester',
    billing_address: { address_1: '1 Test Street', city: 'Bury', postcode: 'BL9 0AA', country: 'GB' },
    ...extra,
  });
};

const completeCard = (who: TestCustomer, transactionUuid: string, amount: number, headers: Record<string, string> = {}) =>
  call('POST', '/api/checkout/complete', who, { transaction_uuid: transactionUuid, payments: [{ tender_type: 'card', amount }], source: 'activity-booking', terms: termIds, completed_waivers: [] }, headers);

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(ctx.db)).rows[0]!.n;

describe('GET /api/checkout/prepare', () => {
  it('needs a login and is no-store', async () => {
    const response = await call('GET', '/api/checkout/prepare', null);
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers the provider and a session key (wire fields), no saved card yet', async () => {
    const response = await call('GET', '/api/checkout/prepare', fresh());
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ payment_provider: 'simulator', session_key: expect.stringMatching(/^msk_/), saved_card: null, tokenise_url: '/simulator/card-identifiers' });
    expect(response.json().data.session_key).toBe(response.json().session_key);
  });
});

describe('simulator tokenisation', () => {
  it('refuses an invalid card without repeating the number, and an unknown session', async () => {
    const prepared = await call('GET', '/api/checkout/prepare', alice);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/simulator/card-identifiers',
      payload: { session_key: prepared.json().session_key, card_number: '4242 4242 4242 4241', expiry_date: '01/20', security_code: '1', card_holder_name: 'A' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).not.toContain('4241');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['card_number', 'expiry_date', 'security_code']);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/simulator/card-identifiers',
      payload: { session_key: 'msk_nope', card_number: CARDS.ok, expiry_date: '12/39', security_code: '123', card_holder_name: 'A' },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

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
    expect((await call('GET', `/api/checkout/orders/${body.complete_order_id}`, bob)).statusCode).toBe(403);
    expect((await call('GET', `/api/checkout/orders/${body.complete_order_id}/calendar.ics`, bob)).statusCode).toBe(403);

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
      terms: termIds,
      source: 'activity-booking',
    });
    expect(again.statusCode).toBe(200);
    expect((await completeCard(who, again.json().transaction_uuid, second.cart.total)).statusCode).toBe(200);
    // Another customer cannot use it, and the owner can delete it.
    const stolen = await call('POST', '/api/checkout/authorise', bob, {
      payments: [{ tender_type: 'card', amount: 650 }],
      session_key: prepared.session_key,
      saved_card_id: prepared.saved_card.id,
      terms: termIds,
    });
    expect([400, 404]).toContain(stolen.statusCode);
    expect((await call('DELETE', `/api/checkout/saved-cards/${prepared.saved_card.id}`, bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/checkout/saved-cards/${prepared.saved_card.id}`, who)).statusCode).toBe(204);
    expect((await call('GET', '/api/checkout/prepare', who)).json().saved_card).toBeNull();
  });
});

describe('card payment with a 3-D Secure challenge', () => {
  it('challenges, shows the page with amount and merchant, Approve returns to checkout, complete books', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const authorised = await authorise(who, cart.total, CARDS.challenge);
    expect(authorised.statusCode).toBe(200);
    const { transaction_uuid: uuid, sca_url: scaUrl, sca_data: scaData, transaction_status: status } = authorised.json();
    expect(status).toBe('challenge');
    expect(scaUrl).toMatch(/^\/simulator\/challenge\?token=/);
    expect(scaData).toEqual(expect.any(String));
    // Completing before the challenge is finished is refused, the basket kept.
    expect((await completeCard(who, uuid, cart.total)).statusCode).toBe(400);
    const page = await ctx.app.inject({ method: 'GET', url: scaUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('£6.50');
    expect(page.body).toContain('Active North West');
    expect(page.body).toMatch(/<button[^>]*>Approve<\/button>/);
    expect(page.body).toMatch(/<button[^>]*>Decline<\/button>/);
    expect(page.body).toContain('<html lang="en-GB">');
    const approve = await ctx.app.inject({ method: 'POST', url: '/simulator/challenge', payload: `token=${encodeURIComponent(scaData)}&decision=approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(approve.statusCode).toBe(303);
    expect(approve.headers.location).toBe(`/basket/checkout?transaction_uuid=${uuid}&status=approved`);
    const done = await completeCard(who, uuid, cart.total);
    expect(done.statusCode).toBe(200);
    expect(done.json().reference).toMatch(/^BK-/);
  });

  it('Decline returns status=declined and complete answers 402 with the basket kept', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const { transaction_uuid: uuid, sca_data: scaData } = (await authorise(who, cart.total, CARDS.challenge)).json();
    const decline = await ctx.app.inject({ method: 'POST', url: '/simulator/challenge', payload: `token=${encodeURIComponent(scaData)}&decision=decline`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(decline.headers.location).toBe(`/basket/checkout?transaction_uuid=${uuid}&status=declined`);
    const done = await completeCard(who, uuid, cart.total);
    expect(done.statusCode).toBe(402);
    expect(done.json().message).toBe(CARD_DECLINED_MESSAGE);
    expect((await call('GET', '/api/activities/cart', who)).json().data.items[0].status).toBe('held');
  });
});

describe('declined and failing cards', () => {
  it.each([
    ['declined', CARDS.decline, CARD_DECLINED_MESSAGE],
    ['processing error', CARDS.error, CARD_ERROR_MESSAGE],
  ])('%s: 402 with a clear message, nothing booked, the basket kept', async (_label, number, message) => {
    const who = fresh();
    const { cart, occurrence } = await holdClass(who);
    const response = await authorise(who, cart.total, number);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe(message);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE occurrence_id = ${occurrence.id}`)).toBe(0);
    const after = (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
    expect(after.items.map((i) => i.status)).toEqual(['held']);
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
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const { cart } = await holdClass(who);
    const body = { completed_waivers: [], payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], item_hash: cart.itemHash, selected_user_id: null, source: 'activity-booking', terms: termIds };
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
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 2000, 'test');
    const { cart } = await holdClass(who);
    const body = { payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], terms: termIds };
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
    const taken = await call('POST', '/api/activities/cart/add', other, { items: [{ id: occurrence.id, pricing_option_id: fx.classOptions.adult }] });
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
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 1000, 'test');
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
      terms: termIds,
    });
    expect(done.statusCode).toBe(200);
    const ledger = await sql<{ kind: string; amount: number; balance_after: number }>`
      SELECT kind, amount, balance_after FROM credit_entries WHERE account_user_id = ${who.userId} ORDER BY id`.execute(ctx.db);
    expect(ledger.rows.at(-1)).toEqual({ kind: 'spend', amount: -cart.total, balance_after: 1000 - cart.total });
    expect(ledger.rows.every((r) => r.balance_after >= 0)).toBe(true);
  });

  it('never lets parallel spends take the balance below zero', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 650, 'test');
    const self = await holdClass(who);
    const child = await holdClass(who, { forChild: true });
    // Two baskets (self and child) each try to spend the whole balance at once.
    const pay = (selected: number, amount: number) =>
      call('POST', '/api/checkout/complete', who, { payments: [{ tender_type: 'credit', amount }], selected_user_id: selected === who.selfId ? null : selected, terms: termIds });
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
    if (label !== 'more credit than the balance') await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const { cart } = await holdClass(who);
    const response = await call('POST', '/api/checkout/complete', who, { payments: lines(cart.total), terms: termIds });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toEqual(expect.any(String));
    expect((await call('GET', '/api/activities/cart', who)).json().data.items).toHaveLength(1);
  });
});

describe('terms, questions and waivers', () => {
  let qfx: HoldsFixture;
  let questionId: number;
  let restrictionId: number;
  beforeAll(async () => {
    qfx = await createHoldsFixture(ctx.db);
    questionId = (
      await ctx.db
        .insertInto('questions')
        .values({ client_id: qfx.clientId, activity_id: qfx.classActivityId, label: 'Shoe size?', type: 'text', required: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await ctx.db.insertInto('questions').values({ client_id: qfx.clientId, activity_id: qfx.classActivityId, label: 'Anything else?', type: 'text', required: false }).execute();
    restrictionId = (
      await ctx.db
        .insertInto('waiver_restrictions')
        .values({ client_id: qfx.clientId, activity_id: qfx.classActivityId, title: 'Fitness waiver', body: 'I am fit to take part.' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('GET terms lists ids with a label containing "terms"; another customer\'s cart_id is 404', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const terms = await call('GET', `/api/terms?cart_id=${cart.id}`, who);
    expect(terms.statusCode).toBe(200);
    expect(terms.json().data[0]).toMatchObject({ id: expect.any(Number), label: expect.stringContaining('terms'), required: true });
    expect((await call('GET', `/api/terms?cart_id=${cart.id}`, bob)).statusCode).toBe(404);
  });

  it('refuses completion until terms, required answers and waivers are given', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const occurrence = await createOccurrence(ctx.db, qfx, { kind: 'class' });
    const added = await call('POST', '/api/activities/cart/add', who, {
      items: [
        { id: occurrence.id, purchased_for_user_id: null },
        { id: occurrence.id, purchased_for_user_id: who.childId },
      ],
    });
    expect(added.statusCode).toBe(200);
    const cart = added.json().data as CartDto;
    const pay = (terms: number[]) => call('POST', '/api/checkout/complete', who, { payments: [{ tender_type: 'credit', amount: cart.total }], terms });

    const noTerms = await pay([]);
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().errors.terms).toEqual(['Please accept the terms and conditions.']);
    expect(noTerms.json().message).toBe(WAIVER_FAILED_MESSAGE);

    // The questions per item.
    const questions = await call('POST', `/api/activities/cart/${cart.id}/questions`, who, {});
    expect(questions.statusCode).toBe(200);
    expect(questions.json().data).toHaveLength(2);
    expect(questions.json().data[0].questions.map((q: { label: string; required: boolean }) => [q.label, q.required])).toEqual([
      ['Shoe size?', true],
      ['Anything else?', false],
    ]);
    expect((await call('POST', `/api/activities/cart/${cart.id}/questions`, bob, {})).statusCode).toBe(404);

    // A blank required answer: 422 'Required'.
    const blank = await call('POST', `/api/activities/${occurrence.id}/questions/answers`, who, { answers: [{ question_id: questionId, value: ' ' }] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[`answers.${questionId}`]).toEqual(['Required']);
    const answered = await call('POST', `/api/activities/occurrences/${occurrence.uuid}/questions/answers`, who, { answers: [{ question_id: questionId, value: '8' }] });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data.cart_item_ids).toHaveLength(2);

    // Waivers: both people need one.
    const needed = await call('GET', '/api/activities/question-waivers', who);
    expect(needed.json()).toMatchObject({ attendee_waivers_required: 2 });
    const unsigned = await pay(termIds);
    expect(unsigned.statusCode).toBe(422);
    expect(unsigned.json().message).toBe(WAIVER_FAILED_MESSAGE);
    // Another customer's person cannot be signed for.
    expect((await call('POST', '/api/activities/question-waivers', bob, { waivers: [{ restriction_id: restrictionId, membership_user_id: who.childId, accepted: true, signature: 'X' }] })).statusCode).toBe(403);
    const signed = await call('POST', '/api/activities/question-waivers', who, {
      waivers: [
        { restriction_id: restrictionId, membership_user_id: null, accepted: true, signature: 'Casey Tester' },
        { restriction_id: restrictionId, membership_user_id: who.childId, accepted: true, signature: 'Casey Tester' },
      ],
    });
    expect(signed.statusCode).toBe(200);
    const previous = await call('GET', `/api/activities/${restrictionId}/question-waivers/previous-attendees?query=kid`, who);
    expect(previous.json().data.map((p: { id: number }) => p.id)).toEqual([who.childId]);
    expect((await call('GET', `/api/activities/${restrictionId}/question-waivers/previous-attendees?query=kid`, bob)).json().data).toEqual([]);

    const done = await pay(termIds);
    expect(done.statusCode).toBe(200);
  });
});

describe('security', () => {
  it("refuses another customer's selected_user_id, transaction and cart", async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const uuid = (await authorise(who, cart.total)).json().transaction_uuid as string;
    expect((await call('POST', '/api/checkout/complete', bob, { transaction_uuid: uuid, payments: [{ tender_type: 'card', amount: cart.total }], terms: termIds })).statusCode).toBe(404);
    expect((await call('POST', '/api/checkout/complete', bob, { selected_user_id: who.selfId, payments: [], terms: termIds })).statusCode).toBe(403);
    expect((await call('POST', '/api/credits/apply', bob, { credits_to_reserve: [{ amount: 1, type: 'general' }], selected_user_id: who.childId })).statusCode).toBe(403);
    expect((await call('POST', '/api/checkout/authorise', bob, { payments: [{ tender_type: 'card', amount: 1 }], session_key: 'x', selected_user_id: who.selfId })).statusCode).toBe(403);
    expect((await call('GET', `/api/activities/question-waivers?selected_user_id=${who.childId}`, bob)).statusCode).toBe(403);
    // Valid bodies, so the login check (after validation, as on every route) answers.
    for (const [method, url, body] of [
      ['POST', '/api/checkout/complete', {}],
      ['POST', '/api/checkout/authorise', { payments: [], session_key: 'x' }],
      ['POST', '/api/credits/apply', { credits_to_reserve: [{ amount: 1, type: 'general' }] }],
      ['GET', '/api/terms', undefined],
      ['POST', '/api/activities/cart/pay', { payments: [], selected_user_id: who.selfId }],
    ] as const) {
      const response = await call(method, url, null, body);
      expect(response.statusCode, url).toBe(401);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps card numbers out of the logs, even at debug level and on refusals', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'trace' }), db: ctx.db, logger, serveWeb: false });
    try {
      const who = fresh();
      const sessionKey = (await app.inject({ method: 'GET', url: '/api/checkout/prepare', headers: who.auth })).json().session_key;
      for (const [number, expiry] of [[CARDS.ok, '12/39'], [CARDS.challenge, '01/20'], ['4242424242424241', '12/39']] as const) {
        const response = await app.inject({
          method: 'POST',
          url: '/simulator/card-identifiers',
          payload: { session_key: sessionKey, card_number: number, expiry_date: expiry, security_code: '123', card_holder_name: 'Casey Tester' },
        });
        expect([200, 422]).toContain(response.statusCode);
      }
      expect(lines.length).toBeGreaterThan(0);
      const logged = lines.join('\n').replace(/[\s-]/g, '');
      for (const number of [...Object.values(CARDS), '4242424242424241']) expect(logged).not.toContain(number.replace(/\s/g, ''));
    } finally {
      await app.close();
    }
  });

  it('keeps card numbers out of the database', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    await authorise(who, cart.total, CARDS.ok, { save_card: true });
    await authorise(who, cart.total, CARDS.challenge);
    const tables = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(ctx.db);
    for (const { table_name: table } of tables.rows) {
      const dump = await sql<{ t: string | null }>`SELECT string_agg(x::text, ' ') AS t FROM ${sql.table(table)} x`.execute(ctx.db);
      const text = (dump.rows[0]!.t ?? '').replace(/[\s-]/g, '');
      for (const number of Object.values(CARDS)) expect(text, table).not.toContain(number.replace(/\s/g, ''));
    }
  });
});

describe('front-of-house pay', () => {
  let staff: TestCustomer;
  beforeAll(async () => {
    staff = fresh();
    await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.userId).execute();
  });
  afterAll(async () => {
    await ctx.db.updateTable('users').set({ role: 'customer' }).where('id', '=', staff.userId).execute();
  });

  it('is staff only, takes cash, offline voucher and cheque for a customer basket', async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const body = { payments: [{ tender_type: 'cash', amount: 400 }, { tender_type: 'offline-voucher', amount: 200 }, { tender_type: 'cheque', amount: cart.total - 600 }], selected_user_id: who.selfId, source: 'front-of-house', terms: termIds };
    const customer = await call('POST', '/api/activities/cart/pay', who, body);
    expect(customer.statusCode).toBe(403);
    const card = await call('POST', '/api/activities/cart/pay', staff, { ...body, payments: [{ tender_type: 'card', amount: cart.total }] });
    expect(card.statusCode).toBe(422);
    const paid = await call('POST', '/api/activities/cart/pay', staff, body);
    expect(paid.statusCode).toBe(200);
    const order = await call('GET', `/api/checkout/orders/${paid.json().complete_order_id}`, who);
    expect(order.json().data.payments.map((p: { tender_type: string }) => p.tender_type)).toEqual(['cash', 'offline-voucher', 'cheque']);
    expect(order.json().data.source).toBe('front-of-house');
  });
});

describe('POST /api/price/{venue}/ticket/{activity}', () => {
  it('answers member and non-member prices side by side; another customer reference is 400', async () => {
    const who = fresh();
    const reference = (await ctx.db.selectFrom('users').select('reference').where('id', '=', who.userId).executeTakeFirstOrThrow()).reference;
    const url = `/api/price/bury-leisure-centre/ticket/${fx.classActivityId}`;
    const response = await call('POST', url, who, { reference, is_v2: true, occurrence_id: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      customer_id: who.userId,
      tickets: [
        { name: 'Adult', non_member: { raw: 650, formatted: '£6.50' }, member: { raw: 520 } },
        { name: 'Junior', non_member: { raw: 400 }, member: { raw: 320 } },
      ],
    });
    const otherReference = (await ctx.db.selectFrom('users').select('reference').where('id', '=', bob.userId).executeTakeFirstOrThrow()).reference;
    const refused = await call('POST', url, who, { reference: otherReference, is_v2: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This discount does not apply to this customer.');
    expect((await call('POST', '/api/price/bury-leisure-centre/ticket/999999', who, {})).statusCode).toBe(404);
  });
});

describe('a basket paid twice in different ways', () => {
  it('keeps the first order and voids the card authorisation that came second', async () => {
    const who = fresh();
    await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const { cart } = await holdClass(who);
    const uuid = (await authorise(who, cart.total)).json().transaction_uuid as string;
    const byCredit = await call('POST', '/api/checkout/complete', who, { payments: [{ tender_type: 'credit', amount: cart.total }], terms: termIds });
    expect(byCredit.statusCode).toBe(200);
    const byCard = await completeCard(who, uuid, cart.total);
    expect(byCard.statusCode).toBe(200);
    expect(byCard.json().complete_order_id).toBe(byCredit.json().complete_order_id);
    const status = await sql<{ ours: string; provider: string }>`
      SELECT t.status AS ours, s.status AS provider FROM provider_transactions t JOIN simulator_payments s ON s.transaction_uuid = t.uuid WHERE t.uuid = ${uuid}`.execute(ctx.db);
    expect(status.rows[0]).toEqual({ ours: 'voided', provider: 'voided' });
  });
});
