import { randomUUID } from 'node:crypto';
import { CART_FULL_MESSAGE } from '@app/contract/cart/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createOccurrence } from '../../../test/fixtures/holds.ts';
import { addPayload, useShop } from '../../../test/fixtures/shop.ts';
import { buildApp, type App } from '../../app.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { loadConfig } from '../config.ts';
import { GENERIC_NOT_FOUND_MESSAGE } from '../errors.ts';

const ctx = useTestApp();
const shop = useShop(ctx, { customers: 2 });

/* A request's language is its `lang` cookie (lib/language.ts): Welsh messages for 'cy', the spec's English otherwise (docs/languages-messages.md). */
const WELSH = { cookie: 'lang=cy' };
const ENGLISH = { cookie: 'lang=en-GB' };
const NONE = {};

type Body = { message: string; code?: string; errors?: Record<string, string[]> };
const login = (payload: object, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload, headers, remoteAddress: '10.9.0.1' });

describe("API messages in the request's language", () => {
  it("a 404 with the generic text: Welsh for cy, the spec's English otherwise, the same code", async () => {
    const url = `/api/checkout/orders/${randomUUID()}`;
    const who = shop.customers[0]!;
    const welsh = await ctx.app.inject({ method: 'GET', url, headers: { ...who.auth, ...WELSH } });
    expect(welsh.statusCode).toBe(404);
    expect(welsh.json<Body>()).toEqual({ message: "Methu cwblhau'r cais, ni chafwyd hyd i'r eitem.", code: 'order_not_found' });
    for (const headers of [ENGLISH, NONE]) {
      const english = await ctx.app.inject({ method: 'GET', url, headers: { ...who.auth, ...headers } });
      expect(english.json<Body>()).toEqual({ message: GENERIC_NOT_FOUND_MESSAGE, code: 'order_not_found' });
    }
  });

  it("a 422 of the schema: the message and each field error in Welsh (a message of ours and one of zod's own)", async () => {
    const welsh = await login({ username: '' }, WELSH);
    expect(welsh.statusCode).toBe(422);
    expect(welsh.json<Body>()).toEqual({
      message: 'Roedd y data a roddwyd yn annilys.',
      code: 'validation_failed',
      errors: { username: ['Gofynnol'], password: ['Mewnbwn annilys: roedd disgwyl testun, cafwyd dim byd'] },
    });
    const english = await login({ username: '' }, NONE);
    expect(english.json<Body>()).toEqual({
      message: 'The given data was invalid.',
      code: 'validation_failed',
      errors: { username: ['Required'], password: ['Invalid input: expected string, received undefined'] },
    });
  });

  it('a wrong password: the refusal and its field error in Welsh, English byte for byte without the cookie', async () => {
    const payload = { username: DEMO_ACCOUNTS.customer.email, password: 'not-the-password' };
    const welsh = await login(payload, WELSH);
    expect(welsh.statusCode).toBe(422);
    expect(welsh.json<Body>()).toEqual({
      message: "Nid yw'r manylion hyn yn cyfateb i'n cofnodion.",
      code: 'invalid_credentials',
      errors: { username: ["Nid yw'r manylion hyn yn cyfateb i'n cofnodion."] },
    });
    const english = await login(payload, NONE);
    expect(english.body).toBe(
      JSON.stringify({ message: 'These credentials do not match our records.', code: 'invalid_credentials', errors: { username: ['These credentials do not match our records.'] } }),
    );
  });

  it('a full session: 409 in Welsh for cy and in English otherwise, the same code', async () => {
    const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1 });
    const holder = shop.customers[0]!;
    const late = shop.customers[1]!;
    expect((await shop.call('POST', '/api/activities/cart/add', holder, addPayload(occurrence.id))).statusCode).toBe(200);
    const welsh = await shop.call('POST', '/api/activities/cart/add', late, addPayload(occurrence.id), WELSH);
    expect(welsh.statusCode).toBe(409);
    expect(welsh.json<Body>()).toMatchObject({ code: 'cart_full', message: "Mae'n ddrwg gennym, mae'r sesiwn hon yn llawn." });
    const english = await shop.call('POST', '/api/activities/cart/add', late, addPayload(occurrence.id), ENGLISH);
    expect(english.json<Body>()).toMatchObject({ code: 'cart_full', message: CART_FULL_MESSAGE });
  });

  it("Fastify's own refusal (a body that is not JSON) and an unknown route, in Welsh", async () => {
    const bad = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: '{"username":', headers: { 'content-type': 'application/json', ...headers } });
    const welsh = await bad(WELSH);
    expect(welsh.statusCode).toBe(400);
    expect(welsh.json<Body>()).toEqual({ message: 'Nid oedd modd darllen y cais.', code: 'bad_request' });
    expect((await bad(NONE)).json<Body>().message).toMatch(/JSON/);

    const route = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1', headers: WELSH });
    expect(route.json<Body>()).toEqual({ message: "Ni chafwyd hyd i'r llwybr GET /api/no-such-thing.", code: 'route_not_found' });
    const english = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(english.json<Body>()).toEqual({ message: 'Route GET /api/no-such-thing not found.', code: 'route_not_found' });
  });

  it('a success message in Welsh (logging out), English without the cookie', async () => {
    const tokenOf = async () => {
      const response = await login({ username: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password }, NONE);
      return response.json<{ data: { token: string } }>().data.token;
    };
    const out = async (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${await tokenOf()}`, ...headers } });
    const welsh = await out(WELSH);
    expect(welsh.statusCode).toBe(200);
    expect(welsh.json<{ data: { message: string } }>().data.message).toBe('Wedi allgofnodi.');
    expect((await out(NONE)).json<{ data: { message: string } }>().data.message).toBe('Logged out.');
  });
});

describe('the words of a success answer, in a shared payload', () => {
  /** One object answered to every request, as a cached answer is. */
  const SHARED = {
    data: { message: 'Logged out.', courses: [{ id: 1, reason: 'This course has finished.' }, { id: 2, reason: 'full' }], how_to_cancel: null },
    message: 'Saved.',
    errors: [{ line: 2, message: 'The file is empty.' }],
  };
  let app: App;
  beforeAll(async () => {
    app = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' }), db: ctx.db, serveWeb: false });
    app.get('/api/test/shared', async () => SHARED);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are Welsh for cy (a message, a nested reason; a code left alone) without changing the object: the next English request reads English', async () => {
    const welsh = await app.inject({ method: 'GET', url: '/api/test/shared', headers: WELSH });
    expect(welsh.json()).toEqual({
      data: { message: 'Wedi allgofnodi.', courses: [{ id: 1, reason: "Mae'r cwrs hwn wedi gorffen." }, { id: 2, reason: 'full' }], how_to_cancel: null },
      message: "Wedi'i gadw.",
      errors: [{ line: 2, message: "Mae'r ffeil yn wag." }],
    });
    const english = await app.inject({ method: 'GET', url: '/api/test/shared', headers: NONE });
    expect(english.json()).toEqual(SHARED);
    expect(SHARED.data.message).toBe('Logged out.');
    expect(SHARED.data.courses[0]!.reason).toBe('This course has finished.');
  });
});
