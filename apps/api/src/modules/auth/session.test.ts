import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { cookieOf, hashOf, SESSION_TEST_ENV, useSessionFixture, type Cookie } from '../../../test/fixtures/sessions.ts';
import { CSRF_MESSAGE } from './plugin.ts';

/* The session itself: its cookies, CSRF on cookie writes and on login, idle expiry and last_seen_at, pages outside the API, token rotation. */

const ctx = useTestApp(SESSION_TEST_ENV);
const { newCustomer, login, browserLogin, withCookie, withBearer, sessionRow } = useSessionFixture(ctx);

describe('the session cookie', () => {
  it('login sets an HttpOnly, SameSite=Lax, Path=/ session cookie per source, with a readable CSRF token and logged-in flag', async () => {
    const { email } = await newCustomer();
    const response = await login(email);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; token: string; data: { token: string } }>();
    // The wire notes' fields stay for API clients.
    expect(body.status).toBe('success');
    expect(body.token).toBe(body.data.token);
    const session = cookieOf(response.cookies, 'auth_token_bookings')!;
    expect(session).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 60 * 60 });
    expect(session.secure).toBeFalsy();
    const csrf = cookieOf(response.cookies, 'csrf_bookings')!;
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).toMatch(/^[\w-]{43}$/);
    expect(csrf.value).not.toBe(body.token);
    expect(cookieOf(response.cookies, 'logged_in_bookings')).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(cookieOf(response.cookies, 'logged_in_bookings')!.httpOnly).toBeFalsy();
  });

  it('is Secure when the request came over HTTPS (as the trusted proxy says)', async () => {
    const { email } = await newCustomer();
    const response = await login(email, { 'x-forwarded-proto': 'https' });
    for (const name of ['auth_token_bookings', 'csrf_bookings', 'logged_in_bookings']) expect(cookieOf(response.cookies, name)!.secure).toBe(true);
  });

  it('is named per source: by the X-Source header (one host, path form) or the sub-domain', async () => {
    const { email } = await newCustomer();
    const byHeader = await login(email, { 'x-source': 'my-account' });
    // The three of the session, and the account's language, which every source shares (issue 27).
    expect(byHeader.cookies.map((c: Cookie) => c.name).sort()).toEqual(['auth_token_my_account', 'csrf_my_account', 'lang', 'logged_in_my_account']);
    const byHost = await login(email, { host: 'online-joining.localhost' });
    expect(byHost.cookies.map((c: Cookie) => c.name)).toContain('auth_token_online_joining');
    // Each source reads only its own cookie: the my-account session is nobody on bookings.
    const token = cookieOf(byHeader.cookies, 'auth_token_my_account')!.value;
    expect((await withCookie('GET', '/api/auth/user', `auth_token_my_account=${token}`, { 'x-source': 'my-account' })).statusCode).toBe(200);
    expect((await withCookie('GET', '/api/auth/user', `auth_token_my_account=${token}`)).statusCode).toBe(401);
  });

  it('authenticates reads by the cookie; the bearer header still works and wins', async () => {
    const { email, token: other } = await newCustomer();
    const { cookie } = await browserLogin(email);
    const byCookie = await withCookie('GET', '/api/auth/user', cookie);
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json<{ data: { email: string } }>().data.email).toBe(email);
    expect((await withBearer('GET', '/api/auth/user', other)).statusCode).toBe(200);
    // A bad bearer header is not rescued by the cookie.
    expect((await withCookie('GET', '/api/auth/user', cookie, { authorization: 'Bearer not-a-live-token-at-all-000000' })).statusCode).toBe(401);
  });

  it('logout revokes the session and clears the three cookies', async () => {
    const { email } = await newCustomer();
    const { cookie, csrf, session } = await browserLogin(email);
    const response = await withCookie('POST', '/api/auth/logout', cookie, { 'x-csrf-token': csrf });
    expect(response.statusCode).toBe(200);
    for (const name of ['auth_token_bookings', 'csrf_bookings', 'logged_in_bookings']) {
      expect(cookieOf(response.cookies, name), name).toMatchObject({ value: '', path: '/' });
    }
    expect((await sessionRow(session)).revoked_at).not.toBeNull();
    const after = await withCookie('GET', '/api/auth/user', cookie);
    expect(after.statusCode).toBe(401);
    // A dead session's cookie is cleared on the answer, so the page stops thinking it is logged in,
    // and that answer is never cached, even on a route that is cacheable otherwise.
    expect(cookieOf(after.cookies, 'logged_in_bookings')).toMatchObject({ value: '' });
    const place = await withCookie('GET', '/api/activities/geocode?query=Bury', cookie);
    expect(cookieOf(place.cookies, 'auth_token_bookings')).toMatchObject({ value: '' });
    expect(place.headers['cache-control']).toBe('no-store');
  });
});

describe('CSRF on cookie-authenticated writes', () => {
  it('refuses a write with the cookie but without the CSRF token: a cross-site form post', async () => {
    const { email } = await newCustomer();
    const { cookie } = await browserLogin(email);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout-everywhere',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'csrf_refused', message: CSRF_MESSAGE });
    // Nothing happened: the session is alive.
    expect((await withCookie('GET', '/api/auth/user', cookie)).statusCode).toBe(200);
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { 'x-csrf-token': 'A'.repeat(43) }],
    ['another session’s token', 'other'],
    ['the right token from a cross-site page', 'cross-site'],
  ] as const)('refuses %s (403)', async (_case, variant) => {
    const { email } = await newCustomer();
    const mine = await browserLogin(email);
    const other = await browserLogin(email);
    const headers =
      variant === 'other' ? { 'x-csrf-token': other.csrf } : variant === 'cross-site' ? { 'x-csrf-token': mine.csrf, 'sec-fetch-site': 'cross-site' } : variant;
    const response = await withCookie('PATCH', '/api/dashboard/details', mine.cookie, headers, { town: 'Ramsbottom' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf_refused' });
  });

  it('treats an unproven write to a visitor route as a visitor’s: a login then leaves the cookie’s session alone', async () => {
    const { email } = await newCustomer();
    const first = await browserLogin(email);
    const again = await login(email, { cookie: first.cookie });
    expect(again.statusCode).toBe(200);
    expect((await sessionRow(first.session)).revoked_at).toBeNull();
  });

  it('lets the web client’s writes through (the CSRF cookie echoed in X-CSRF-Token), and bearer writes need none', async () => {
    const { email, token } = await newCustomer();
    const { cookie, csrf } = await browserLogin(email);
    const write = await withCookie('PATCH', '/api/dashboard/details', cookie, { 'x-csrf-token': csrf, 'sec-fetch-site': 'same-origin' }, { town: 'Ramsbottom' });
    expect(write.statusCode, write.body).toBe(200);
    expect((await withBearer('PATCH', '/api/dashboard/details', token, { town: 'Tottington' })).statusCode).toBe(200);
    expect((await withBearer('POST', '/api/auth/token', token)).statusCode).toBe(200);
  });
});

describe('login CSRF', () => {
  it("a page of another site cannot log the browser in (into the attacker's account): 403, no cookie; our own page and API clients can", async () => {
    const { email } = await newCustomer();
    for (const site of ['cross-site', 'same-site']) {
      const forged = await login(email, { origin: 'https://evil.example', 'sec-fetch-site': site });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ code: 'csrf_refused' });
      expect(forged.cookies).toEqual([]);
    }
    const forgedSignUp = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/register', headers: { 'sec-fetch-site': 'cross-site' }, payload: {} });
    expect(forgedSignUp.statusCode).toBe(403);
    const forgedExchange = await ctx.app.inject({ method: 'POST', url: '/api/auth/token/exchange', headers: { 'sec-fetch-site': 'cross-site' }, payload: { token: 'x' } });
    expect(forgedExchange.statusCode).toBe(403);
    expect((await login(email, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    // API clients (the wire notes' scripts) send no Sec-Fetch-Site.
    expect((await login(email)).statusCode).toBe(200);
  });
});

describe('idle expiry and last_seen_at', () => {
  it('refuses a session unused for longer than SESSION_IDLE_MINUTES (cookie and bearer), and clears the cookie', async () => {
    const { email, token } = await newCustomer();
    const { cookie, session } = await browserLogin(email);
    for (const t of [token, session]) {
      await ctx.db.updateTable('sessions').set({ last_seen_at: sql`now() - interval '119 minutes'` }).where('token_hash', '=', hashOf(t)).execute();
    }
    // Just inside the period: still live (and this use marks it seen now).
    expect((await withBearer('GET', '/api/auth/user', token)).statusCode).toBe(200);
    await ctx.db.updateTable('sessions').set({ last_seen_at: sql`now() - interval '121 minutes'` }).where('token_hash', 'in', [hashOf(token), hashOf(session)]).execute();
    expect((await withBearer('GET', '/api/auth/user', token)).statusCode).toBe(401);
    const idle = await withCookie('GET', '/api/auth/user', cookie);
    expect(idle.statusCode).toBe(401);
    expect(cookieOf(idle.cookies, 'auth_token_bookings')).toMatchObject({ value: '' });
  });

  it('writes last_seen_at at most once a minute', async () => {
    const { token } = await newCustomer();
    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await ctx.db.updateTable('sessions').set({ last_seen_at: thirtySecondsAgo }).where('token_hash', '=', hashOf(token)).execute();
    for (let i = 0; i < 3; i++) expect((await withBearer('GET', '/api/auth/user', token)).statusCode).toBe(200);
    expect((await sessionRow(token)).last_seen_at).toEqual(thirtySecondsAgo);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await ctx.db.updateTable('sessions').set({ last_seen_at: twoMinutesAgo }).where('token_hash', '=', hashOf(token)).execute();
    expect((await withBearer('GET', '/api/auth/user', token)).statusCode).toBe(200);
    const seen = (await sessionRow(token)).last_seen_at;
    expect(seen.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect((await withBearer('GET', '/api/auth/user', token)).statusCode).toBe(200);
    expect((await sessionRow(token)).last_seen_at).toEqual(seen);
  });
});

describe('outside the API', () => {
  it('a page asset sent with the cookie does not read or touch the session', async () => {
    const { email } = await newCustomer();
    const { cookie, session } = await browserLogin(email);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await ctx.db.updateTable('sessions').set({ last_seen_at: twoMinutesAgo }).where('token_hash', '=', hashOf(session)).execute();
    await withCookie('GET', '/assets/index-abc123.js', cookie);
    expect((await sessionRow(session)).last_seen_at).toEqual(twoMinutesAgo);
    await withCookie('GET', '/api/auth/user', cookie);
    expect((await sessionRow(session)).last_seen_at).not.toEqual(twoMinutesAgo);
  });
});

describe('token rotation', () => {
  it('gives a new token at every login, and ends the session the browser held before', async () => {
    const { email } = await newCustomer();
    const first = await browserLogin(email);
    const again = await login(email, { cookie: first.cookie, 'x-csrf-token': first.csrf });
    expect(again.statusCode).toBe(200);
    const second = cookieOf(again.cookies, 'auth_token_bookings')!.value;
    expect(second).not.toBe(first.session);
    expect((await sessionRow(first.session)).revoked_at).not.toBeNull();
    expect((await withCookie('GET', '/api/auth/user', `auth_token_bookings=${second}`)).statusCode).toBe(200);
  });
});
