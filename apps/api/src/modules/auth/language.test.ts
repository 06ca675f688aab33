import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

/**
 * The recorded language (issue 27, docs/languages.md "Recorded language"): sign-up records the
 * page's language; PUT /api/dashboard/language records the caller's choice (only theirs) and sets
 * the `lang` cookie; log in, the one-time login link's exchange and the signed-in user's answer
 * hand the account's language to the browser as its `lang` cookie.
 */
const ctx = useTestApp();

let clientId = 0;
let counter = 0;
beforeAll(async () => {
  clientId = (await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow()).id;
});

const address = () => `10.28.${Math.floor(counter / 200)}.${(counter % 200) + 1}`;
const PASSWORD = 'a quiet lake at dawn';
const newEmail = () => `iaith.${++counter}.${Date.now()}@example.net`;

/** A new customer, signed up from a page in `language` (its cookie); their session token. */
const signUp = async (email: string, cookie?: string) => {
  counter += 1;
  const payload = { client_id: clientId, source: 'bookings', first_name: 'Rhys', last_name: 'Owen', email, password: PASSWORD, terms: true };
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/customer/register?onboarding_type=customer_account_online',
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: address(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ token: string }>().token;
};

const languageOf = async (email: string) =>
  (await ctx.db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirstOrThrow()).language;

const setLanguage = (token: string | null, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/dashboard/language', payload: payload as Record<string, unknown>, headers: token ? { authorization: `Bearer ${token}` } : {} });

const langCookie = (response: { headers: Record<string, unknown> }) =>
  ([response.headers['set-cookie']].flat().filter(Boolean) as string[]).find((c) => c.startsWith('lang='));

describe('sign-up records the language of its page', () => {
  it('cy from a Welsh page, English otherwise', async () => {
    const welsh = newEmail();
    await signUp(welsh, 'lang=cy');
    expect(await languageOf(welsh)).toBe('cy');
    const english = newEmail();
    await signUp(english);
    expect(await languageOf(english)).toBe('en-GB');
  });
});

describe('PUT /api/dashboard/language', () => {
  it("records the caller's language and sets the browser's cookie, for the caller only", async () => {
    const mine = newEmail();
    const other = newEmail();
    const token = await signUp(mine);
    await signUp(other);
    const response = await setLanguage(token, { language: 'cy' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { language: 'cy' } });
    expect(langCookie(response)).toMatch(/^lang=cy; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await languageOf(mine)).toBe('cy');
    expect(await languageOf(other)).toBe('en-GB');
    expect((await setLanguage(token, { language: 'en-GB' })).statusCode).toBe(200);
    expect(await languageOf(mine)).toBe('en-GB');
  });

  it.each([
    ['a language that is not ours', { language: 'fr' }],
    ['no language', {}],
    ['another key', { language: 'cy', user_id: 1 }],
    ['a number', { language: 1 }],
  ])('refuses %s with 422 and changes nothing', async (_, payload) => {
    const email = newEmail();
    const token = await signUp(email);
    const response = await setLanguage(token, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(langCookie(response)).toBeUndefined();
    expect(await languageOf(email)).toBe('en-GB');
  });

  it('many customers at once, each sending their choice twice at the same time: each records their own', async () => {
    const emails = Array.from({ length: 30 }, () => newEmail());
    const tokens = await Promise.all(emails.map((email) => signUp(email)));
    const wanted = emails.map((_, i) => (i % 3 === 0 ? 'en-GB' : 'cy'));
    const answers = await Promise.all(tokens.flatMap((token, i) => [setLanguage(token, { language: wanted[i] }), setLanguage(token, { language: wanted[i] })]));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await Promise.all(emails.map(languageOf))).toEqual(wanted);
  });

  it('asks a visitor to log in (401)', async () => {
    expect((await setLanguage(null, { language: 'cy' })).statusCode).toBe(401);
  });
});

describe('the account hands its language to the browser', () => {
  it('log in sets the lang cookie to the recorded language, whatever the page had', async () => {
    const email = newEmail();
    await signUp(email, 'lang=cy');
    counter += 1;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: email, password: PASSWORD },
      headers: { cookie: 'lang=en-GB' },
      remoteAddress: address(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(langCookie(response)).toMatch(/^lang=cy;/);
  });

  it('the signed-in user carries its language, and sets the cookie when the browser holds another', async () => {
    const email = newEmail();
    const token = await signUp(email, 'lang=cy');
    const auth = { authorization: `Bearer ${token}` };
    const differs = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...auth, cookie: 'lang=en-GB' } });
    expect(differs.json()).toMatchObject({ data: { language: 'cy' } });
    expect(langCookie(differs)).toMatch(/^lang=cy;/);
    const same = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { ...auth, cookie: 'lang=cy' } });
    expect(langCookie(same)).toBeUndefined();
  });

  it("the one-time login link's exchange on another sub-domain sets it too", async () => {
    const email = newEmail();
    const token = await signUp(email, 'lang=cy');
    const link = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: { authorization: `Bearer ${token}` } });
    expect(link.statusCode, link.body).toBe(200);
    const exchange = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token/exchange',
      payload: { token: link.json<{ data: { token: string } }>().data.token },
      headers: { host: 'my-account.leisure.example' },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    expect(langCookie(exchange)).toMatch(/^lang=cy; Max-Age=31536000; Domain=leisure.example; Path=\/; SameSite=Lax$/);
  });
});
