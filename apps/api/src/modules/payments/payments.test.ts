import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { CARD_DECLINED_MESSAGE, CARD_ERROR_MESSAGE } from '@app/contract/checkout/payment';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { TEST_CARDS as CARDS } from '../../../test/fixtures/cards.ts';

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass, authorise, completeCard, count } = shop;

/* Card attempts through the checkout API (docs/checkout.md): the payment session, tokenisation, 3-D Secure, refusals, and card data kept out of logs and tables. */

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
    const prepared = await call('GET', '/api/checkout/prepare', shop.alice);
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
    // In Welsh when the customer chose Welsh on the site (the lang cookie); the amount the same.
    const welsh = await ctx.app.inject({ method: 'GET', url: scaUrl, cookies: { lang: 'cy' } });
    expect(welsh.body).toContain('<html lang="cy">');
    expect(welsh.body).toContain('<h1>Cadarnhewch eich taliad</h1>');
    expect(welsh.body).toMatch(/<button[^>]*value="approve"[^>]*>Cymeradwyo<\/button>/);
    expect(welsh.body).toContain('£6.50');
    expect(welsh.body).not.toMatch(/Approve|Decline|Confirm your payment/);
    const gone = await ctx.app.inject({ method: 'GET', url: '/simulator/challenge?token=nope', cookies: { lang: 'cy' } });
    expect([gone.statusCode, gone.body.includes('Heb ddod o hyd i’r gwiriad taliad')]).toEqual([404, true]);
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

describe('validation (spec §5 length messages, §8 field errors)', () => {
  it('answers one 422 naming each field with its length message: exactly, at most', async () => {
    const response = await call('POST', '/api/checkout/authorise', fresh(), {
      payments: [],
      session_key: 'x',
      billing_first_name: 'a'.repeat(101),
      billing_address: { country: 'GBR', postcode: 'x'.repeat(17) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      code: 'validation_failed',
      errors: {
        billing_first_name: ['Must contain at most 100 character(s)'],
        'billing_address.country': ['Must contain exactly 2 character(s)'],
        'billing_address.postcode': ['Must contain at most 16 character(s)'],
      },
    });
    const short = await call('POST', '/api/checkout/authorise', fresh(), { payments: [], session_key: 'x', billing_address: { country: 'G' } });
    expect(short.json().errors).toEqual({ 'billing_address.country': ['Must contain exactly 2 character(s)'] });
  });
});

describe('security', () => {
  it("refuses another customer's selected_user_id, transaction and cart", async () => {
    const who = fresh();
    const { cart } = await holdClass(who);
    const uuid = (await authorise(who, cart.total)).json().transaction_uuid as string;
    expect((await call('POST', '/api/checkout/complete', shop.bob, { transaction_uuid: uuid, payments: [{ tender_type: 'card', amount: cart.total }], terms: shop.termIds })).statusCode).toBe(404);
    expect((await call('POST', '/api/checkout/complete', shop.bob, { selected_user_id: who.selfId, payments: [], terms: shop.termIds })).statusCode).toBe(403);
    expect((await call('POST', '/api/credits/apply', shop.bob, { credits_to_reserve: [{ amount: 1, type: 'general' }], selected_user_id: who.childId })).statusCode).toBe(403);
    expect((await call('POST', '/api/checkout/authorise', shop.bob, { payments: [{ tender_type: 'card', amount: 1 }], session_key: 'x', selected_user_id: who.selfId })).statusCode).toBe(403);
    expect((await call('GET', `/api/activities/question-waivers?selected_user_id=${who.childId}`, shop.bob)).statusCode).toBe(403);
    // Valid bodies, so the login check (after validation, as on every route) answers.
    for (const [method, url, body] of [
      ['POST', '/api/checkout/complete', {}],
      ['POST', '/api/checkout/authorise', { payments: [], session_key: 'x' }],
      ['POST', '/api/credits/apply', { credits_to_reserve: [{ amount: 1, type: 'general' }] }],
      ['GET', '/api/terms', undefined],
      ['POST', '/api/activities/cart/pay', { payments: [], selected_user_id: who.selfId, source: 'front-of-house', till_session_id: 1 }],
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
