import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { useTestApp } from '../../../test/app.ts';
import { statementsSentBy } from '../../../test/statements.ts';
import { CSRF_MESSAGE } from './plugin.ts';
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGED_MESSAGE } from './service.ts';
import { COMMON_PASSWORD_MESSAGE } from './password-policy.ts';
import { ADDRESS_FAILURE_LIMIT } from './login-throttle.ts';

// The inject peer (127.0.0.1) is a trusted proxy here, so `X-Forwarded-Proto: https` stands for an HTTPS request.
const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1', SESSION_IDLE_MINUTES: '120' });

type Json = Record<string, unknown>;
type Cookie = { name: string; value: string; httpOnly?: boolean; secure?: boolean; sameSite?: string; path?: string; maxAge?: number };

let clientId = 0;
let venueId = 0;
beforeAll(async () => {
  clientId = (await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow()).id;
  venueId = (await ctx.db.selectFrom('venues').select('id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow()).id;
});

let counter = 0;
const PASSWORD = 'correct horse battery staple';

/** A new customer (its own account, so tests do not share sessions), and the sign-up's bearer token. */
const newCustomer = async () => {
  const email = `session.${++counter}.${Date.now()}@example.net`;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/customer/register',
    remoteAddress: `10.50.${counter}.1`,
    payload: {
      client_id: clientId,
      source: 'bookings',
      first_name: 'Robin',
      last_name: 'Hart',
      email,
      date_of_birth: '1985-02-03', // fixed-date: an adult's birthday, decades from any age limit
      phone: '07700 900456',
      address_line1: '2 Bolton Street',
      town: 'Bury',
      postcode: 'BL9 0BB',
      home_venue_id: venueId,
      password: PASSWORD,
      marketing_consent: false,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const user = await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { email, userId: user.id, token: response.json<{ data: { token: string } }>().data.token };
};

const login = (email: string, headers: Record<string, string> = {}, password = PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', headers, payload: { username: email, password }, remoteAddress: '127.0.0.1' });

const cookieOf = (cookies: Cookie[], name: string) => cookies.find((c) => c.name === name);

/** The browser's three cookies after a login on the bookings site. */
const browserLogin = async (email: string) => {
  const response = await login(email);
  expect(response.statusCode).toBe(200);
  const session = cookieOf(response.cookies, 'auth_token_bookings')!.value;
  const csrf = cookieOf(response.cookies, 'csrf_bookings')!.value;
  return { session, csrf, cookie: `auth_token_bookings=${session}; csrf_bookings=${csrf}; logged_in_bookings=1` };
};

const withCookie = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, headers: Record<string, string> = {}, payload?: Json) =>
  ctx.app.inject({ method, url, headers: { cookie, 'user-agent': 'session-test/1.0', ...headers }, remoteAddress: '127.0.0.1', ...(payload ? { payload } : {}) });
const withBearer = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: Json) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'user-agent': 'session-test/1.0' }, remoteAddress: '127.0.0.1', ...(payload ? { payload } : {}) });
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const sessionRow = (token: string) => ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashOf(token)).executeTakeFirstOrThrow();

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
    expect(byHeader.cookies.map((c: Cookie) => c.name).sort()).toEqual(['auth_token_my_account', 'csrf_my_account', 'logged_in_my_account']);
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

// Sessions are never kept in memory (auth/repository.ts findActiveSession): whatever ends one
// on one instance is refused by the very next request to another, with no wait of any kind.
describe('an ended session on another instance', () => {
  let second: App;
  beforeAll(async () => {
    second = await buildApp({
      config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1', SESSION_IDLE_MINUTES: '120' }),
      db: ctx.db,
      serveWeb: false,
      validateResponses: true,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
  });
  const userOn = (app: App, token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` }, remoteAddress: '127.0.0.1' });
  const postOn = (app: App, url: string, token: string, payload?: Json) =>
    app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, 'user-agent': 'session-test/1.0' }, remoteAddress: '127.0.0.1', ...(payload ? { payload } : {}) });
  const both = () => [ctx.app, second];

  it('is refused by the next request to every instance after a logout on one', async () => {
    const { token } = await newCustomer();
    for (const app of both()) expect((await userOn(app, token)).statusCode).toBe(200);
    expect((await postOn(ctx.app, '/api/auth/logout', token)).statusCode).toBe(200);
    for (const app of both()) expect((await userOn(app, token)).statusCode).toBe(401);
  });

  it('after “log out everywhere” on one instance, every session of the account is refused on every instance', async () => {
    const { email, token } = await newCustomer();
    const other = (await login(email)).json<{ data: { token: string } }>().data.token;
    for (const app of both()) for (const t of [token, other]) expect((await userOn(app, t)).statusCode).toBe(200);
    expect((await postOn(second, '/api/auth/logout-everywhere', token)).statusCode).toBe(200);
    for (const app of both()) for (const t of [token, other]) expect((await userOn(app, t)).statusCode).toBe(401);
  });

  it('after a password change on one instance, the other sessions and the old token are refused on every instance', async () => {
    const { email, token } = await newCustomer();
    const other = (await login(email)).json<{ data: { token: string } }>().data.token;
    for (const app of both()) for (const t of [token, other]) expect((await userOn(app, t)).statusCode).toBe(200);
    const changed = await postOn(ctx.app, '/api/auth/customer/change-password', token, { current_password: PASSWORD, password: 'another whole phrase 7' });
    expect(changed.statusCode, changed.body).toBe(200);
    const rotated = changed.json<{ data: { token: string } }>().data.token;
    for (const app of both()) {
      expect((await userOn(app, token)).statusCode).toBe(401);
      expect((await userOn(app, other)).statusCode).toBe(401);
      expect((await userOn(app, rotated)).statusCode).toBe(200);
    }
  });

  it('is refused on every instance the moment it has been idle too long, and a use inside the period keeps it', async () => {
    const { token } = await newCustomer();
    for (const app of both()) expect((await userOn(app, token)).statusCode).toBe(200);
    await ctx.db.updateTable('sessions').set({ last_seen_at: sql`now() - interval '119 minutes'` }).where('token_hash', '=', hashOf(token)).execute();
    // The use on the second instance marks it seen in the same statement that found it…
    expect((await userOn(second, token)).statusCode).toBe(200);
    expect((await sessionRow(token)).last_seen_at.getTime()).toBeGreaterThan(Date.now() - 10_000);
    // …and past the period, both refuse it.
    await ctx.db.updateTable('sessions').set({ last_seen_at: sql`now() - interval '121 minutes'` }).where('token_hash', '=', hashOf(token)).execute();
    for (const app of both()) expect((await userOn(app, token)).statusCode).toBe(401);
  });
});

// The basket add folds the session lookup into its own first query (holds/repository.ts
// findAddContextForSession, docs/holds.md "One query per refusal"): the same session rules hold.
describe('the basket add, which looks the session up in its own query', () => {
  const occurrenceWhere = async (full: boolean) => {
    const { rows } = await sql<{ id: number }>`
      SELECT o.id FROM occurrences o JOIN activities a ON a.id = o.activity_id
       WHERE o.client_id = ${clientId} AND a.kind = 'class' AND o.cancelled_at IS NULL
         AND o.starts_at BETWEEN now() + interval '3 hours' AND now() + interval '30 hours'
         AND (SELECT count(*) FROM place_claims pc WHERE pc.occurrence_id = o.id AND pc.status = 'active'
                AND (pc.expires_at IS NULL OR pc.expires_at > now())) ${full ? sql`>= o.capacity` : sql`< o.capacity - 5`}
       ORDER BY o.starts_at, o.id LIMIT 1`.execute(ctx.db);
    expect(rows, `a demo class ${full ? 'full' : 'with places'} within 30 hours`).toHaveLength(1);
    return rows[0]!.id;
  };
  const addBody = (id: number) => ({ items: [{ id, type: 'purchasableOccurrence', purchased_for_user_id: null }], selected_user_id: null });
  const heldBy = async (userId: number) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM place_claims WHERE account_user_id = ${userId} AND status = 'active'`.execute(ctx.db)).rows[0]!.n);

  it('bearer: a live session adds; a logged-out, idle or unknown token is 401 and holds nothing', async () => {
    const open = await occurrenceWhere(false);
    const live = await newCustomer();
    const added = await withBearer('POST', '/api/activities/cart/add', live.token, addBody(open));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.headers['cache-control']).toBe('no-store');
    expect(await heldBy(live.userId)).toBe(1);

    const loggedOut = await newCustomer();
    expect((await withBearer('POST', '/api/auth/logout', loggedOut.token)).statusCode).toBe(200);
    const idle = await newCustomer();
    await ctx.db.updateTable('sessions').set({ last_seen_at: sql`now() - interval '121 minutes'` }).where('token_hash', '=', hashOf(idle.token)).execute();
    for (const { token, userId } of [loggedOut, idle, { token: 'x'.repeat(43), userId: 0 }]) {
      const refused = await withBearer('POST', '/api/activities/cart/add', token, addBody(open));
      expect(refused.statusCode, refused.body).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'unauthenticated' });
      expect(await heldBy(userId)).toBe(0);
    }
    // An item that cannot be read still asks for a login first.
    const badItem = await withBearer('POST', '/api/activities/cart/add', idle.token, { items: [{ id: 'not-an-id', type: 'purchasableOccurrence' }] });
    expect(badItem.statusCode).toBe(401);
  });

  it('cookie: with its CSRF proof the add goes through; without it 403; an ended session’s cookie is 401 and cleared', async () => {
    const open = await occurrenceWhere(false);
    const { email, userId } = await newCustomer();
    const browser = await browserLogin(email);
    const unproven = await withCookie('POST', '/api/activities/cart/add', browser.cookie, {}, addBody(open));
    expect(unproven.statusCode).toBe(403);
    const crossSite = await withCookie('POST', '/api/activities/cart/add', browser.cookie, { 'x-csrf-token': browser.csrf, 'sec-fetch-site': 'cross-site' }, addBody(open));
    expect(crossSite.statusCode).toBe(403);
    expect(await heldBy(userId)).toBe(0);
    const proven = await withCookie('POST', '/api/activities/cart/add', browser.cookie, { 'x-csrf-token': browser.csrf, 'sec-fetch-site': 'same-origin' }, addBody(open));
    expect(proven.statusCode, proven.body).toBe(200);
    expect(await heldBy(userId)).toBe(1);

    await ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('token_hash', '=', hashOf(browser.session)).execute();
    const ended = await withCookie('POST', '/api/activities/cart/add', browser.cookie, { 'x-csrf-token': browser.csrf }, addBody(open));
    expect(ended.statusCode).toBe(401);
    expect(cookieOf(ended.cookies, 'auth_token_bookings')).toMatchObject({ value: '' });
  });

  it('marks the session seen at most once a minute, as every route does', async () => {
    const full = await occurrenceWhere(true);
    const { token } = await newCustomer();
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await ctx.db.updateTable('sessions').set({ last_seen_at: twoMinutesAgo }).where('token_hash', '=', hashOf(token)).execute();
    expect((await withBearer('POST', '/api/activities/cart/add', token, addBody(full))).statusCode).toBe(409);
    const seen = (await sessionRow(token)).last_seen_at;
    expect(seen.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect((await withBearer('POST', '/api/activities/cart/add', token, addBody(full))).statusCode).toBe(409);
    expect((await sessionRow(token)).last_seen_at).toEqual(seen);
  });

  it('refuses a full session with one query: the session with the context, or with the account under a full mark', async () => {
    const full = await occurrenceWhere(true);
    const refuse = async () => {
      const { token } = await newCustomer();
      const { result: refused, sent } = await statementsSentBy(() => withBearer('POST', '/api/activities/cart/add', token, addBody(full)));
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain('full');
      return sent;
    };
    // The first refusal may also read what a "full" mark rests on (once per mark, docs/holds.md).
    const first = await refuse();
    expect(first[0]).toContain('live AS');
    expect(first.slice(1).every((text) => text.includes('AS first_expiry')), first.join('\n---\n')).toBe(true);
    expect(first.length).toBeLessThanOrEqual(2);
    const second = await refuse();
    expect(second, second.join('\n---\n')).toHaveLength(1);
    expect(second[0]).toContain('live AS');
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

describe('POST /api/auth/customer/change-password', () => {
  const change = (token: string, payload: Json) => withBearer('POST', '/api/auth/customer/change-password', token, payload);

  it('answers 422 on current_password for a wrong current password, and changes nothing', async () => {
    const { email, token } = await newCustomer();
    const response = await change(token, { current_password: 'not my password', password: 'a whole new phrase 42' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'current_password_wrong', errors: { current_password: [CURRENT_PASSWORD_WRONG] } });
    expect((await login(email)).statusCode).toBe(200);
  });

  it.each([
    ['no current password', { password: 'a whole new phrase 42' }, 'current_password', 'Required'],
    ['a short new password', { current_password: PASSWORD, password: 'short' }, 'password', 'Must contain at least 8 character(s)'],
    ['a common new password', { current_password: PASSWORD, password: 'password123' }, 'password', COMMON_PASSWORD_MESSAGE],
    ['an unknown field', { current_password: PASSWORD, password: 'a whole new phrase 42', confirm: 'x' }, '', undefined],
  ] as const)('refuses %s (422)', async (_case, payload, field, message) => {
    const { token } = await newCustomer();
    const response = await change(token, payload);
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    if (message) expect(errors[field]).toEqual([message]);
  });

  it('is limited like login: over the address limit, 429 with Retry-After before any hash', async () => {
    const { token } = await newCustomer();
    await ctx.db
      .insertInto('login_failures')
      .values({ key: 'address:10.77.0.1', failures: ADDRESS_FAILURE_LIMIT, window_ends_at: new Date(Date.now() + 600_000) })
      .execute();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/customer/change-password',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '10.77.0.1',
      payload: { current_password: PASSWORD, password: 'a whole new phrase 42' },
    });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('bearer: sets the password, ends every other session, rotates this token, emails and audits', async () => {
    const { email, token, userId } = await newCustomer();
    const other = (await login(email)).json<{ data: { token: string } }>().data.token;
    const response = await change(token, { current_password: PASSWORD, password: 'a whole new phrase 42' });
    expect(response.statusCode, response.body).toBe(200);
    const { message, token: rotated } = response.json<{ data: { message: string; token: string } }>().data;
    expect(message).toBe(PASSWORD_CHANGED_MESSAGE);
    expect(rotated).toMatch(/^[\w-]{43}$/);
    expect((await withBearer('GET', '/api/auth/user', token)).statusCode).toBe(401);
    expect((await withBearer('GET', '/api/auth/user', other)).statusCode).toBe(401);
    expect((await withBearer('GET', '/api/auth/user', rotated)).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(422);
    expect((await login(email, {}, 'a whole new phrase 42')).statusCode).toBe(200);
    const kinds = await ctx.db.selectFrom('outbox_emails').select('kind').where('to_address', '=', email).execute();
    expect(kinds.map((k) => k.kind)).toContain('password_changed');
    const audit = await ctx.db.selectFrom('account_audit').selectAll().where('user_id', '=', userId).where('action', '=', 'password_changed').execute();
    expect(audit).toEqual([expect.objectContaining({ actor_user_id: userId, detail: { sessions_ended: 1 }, address: '127.0.0.1', user_agent: 'session-test/1.0' })]);
    expect(JSON.stringify(audit)).not.toContain('whole new phrase');
  });

  it('cookie: the new token only in the HttpOnly cookie, never in the body', async () => {
    const { email } = await newCustomer();
    const { cookie, csrf, session } = await browserLogin(email);
    const response = await withCookie('POST', '/api/auth/customer/change-password', cookie, { 'x-csrf-token': csrf }, { current_password: PASSWORD, password: 'a whole new phrase 42' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { token: string | null } }>().data.token).toBeNull();
    const rotated = cookieOf(response.cookies, 'auth_token_bookings')!;
    expect(rotated).toMatchObject({ httpOnly: true });
    expect(rotated.value).not.toBe(session);
    expect((await withCookie('GET', '/api/auth/user', cookie)).statusCode).toBe(401);
    expect((await withCookie('GET', '/api/auth/user', `auth_token_bookings=${rotated.value}`)).statusCode).toBe(200);
    expect(cookieOf(response.cookies, 'csrf_bookings')!.value).not.toBe(csrf);
  });
});

describe('GET/PATCH /api/dashboard/details', () => {
  it('needs a login', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/details' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PATCH', url: '/api/dashboard/details', payload: { town: 'Bury' } })).statusCode).toBe(401);
  });

  it('shows and changes the details, the name on the account’s own membership user too, and audits which fields changed', async () => {
    const { token, userId, email } = await newCustomer();
    const before = await withBearer('GET', '/api/dashboard/details', token);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toContain('no-store');
    expect(before.json<{ data: Json }>().data).toMatchObject({
      email,
      first_name: 'Robin',
      phone: '07700 900456',
      postcode: 'BL9 0BB',
      emergency_contact_name: null,
      emergency_contact_phone: null,
      marketing_consent: false,
      marketing_sms: false,
    });
    const patch = await withBearer('PATCH', '/api/dashboard/details', token, {
      first_name: ' Robyn ',
      phone: '0161 496 0000',
      postcode: 'bl0 9aa',
      emergency_contact_name: 'Sam Hart',
      emergency_contact_phone: '07700 900789',
      marketing_sms: true,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json<{ data: Json }>().data).toMatchObject({
      first_name: 'Robyn',
      phone: '0161 496 0000',
      postcode: 'BL0 9AA',
      emergency_contact_name: 'Sam Hart',
      emergency_contact_phone: '07700 900789',
      marketing_sms: true,
    });
    const self = await ctx.db.selectFrom('membership_users').select('first_name').where('account_user_id', '=', userId).where('relationship', '=', 'self').executeTakeFirstOrThrow();
    expect(self.first_name).toBe('Robyn');
    const audit = await ctx.db.selectFrom('account_audit').selectAll().where('user_id', '=', userId).where('action', '=', 'details_updated').execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: userId,
        detail: { fields: ['first_name', 'phone', 'postcode', 'emergency_contact_name', 'emergency_contact_phone', 'marketing_sms'] },
        address: '127.0.0.1',
        user_agent: 'session-test/1.0',
      }),
    ]);
    // The same values again change nothing and write no audit row.
    expect((await withBearer('PATCH', '/api/dashboard/details', token, { first_name: 'Robyn' })).statusCode).toBe(200);
    expect(await ctx.db.selectFrom('account_audit').select('id').where('user_id', '=', userId).where('action', '=', 'details_updated').execute()).toHaveLength(1);
    // Removing the emergency contact takes both fields.
    const cleared = await withBearer('PATCH', '/api/dashboard/details', token, { emergency_contact_name: '', emergency_contact_phone: null });
    expect(cleared.json<{ data: Json }>().data).toMatchObject({ emergency_contact_name: null, emergency_contact_phone: null });
  });

  it.each([
    ['a blank first name', { first_name: '  ' }, 'first_name', 'Required'],
    ['a missing (null) surname', { last_name: null }, 'last_name', 'Required'],
    ['a first name over 100 characters', { first_name: 'a'.repeat(101) }, 'first_name', 'Must contain at most 100 character(s)'],
    ['a phone with letters', { phone: 'call me' }, 'phone', 'Must be a phone number'],
    ['a phone too short', { phone: '123' }, 'phone', 'Must be a phone number'],
    ['a blank first address line', { address_line1: '' }, 'address_line1', 'Required'],
    ['an address line over 200 characters', { address_line2: 'b'.repeat(201) }, 'address_line2', 'Must contain at most 200 character(s)'],
    ['a bad postcode', { postcode: 'B!' }, 'postcode', 'Must be a postcode'],
    ['a blank town', { town: '' }, 'town', 'Required'],
    ['an emergency phone with letters', { emergency_contact_phone: 'mum' }, 'emergency_contact_phone', 'Must be a phone number'],
    ['an emergency contact name without a phone', { emergency_contact_name: 'Sam Hart' }, 'emergency_contact_phone', 'An emergency contact needs a name and a phone number.'],
    ['an emergency phone without a name', { emergency_contact_phone: '07700 900789' }, 'emergency_contact_name', 'An emergency contact needs a name and a phone number.'],
    ['marketing that is not true or false', { marketing_sms: 'yes' }, 'marketing_sms', 'Must be true or false'],
    ['the email (not editable here)', { email: 'new@example.net' }, '', undefined],
  ] as const)('refuses %s (422)', async (_case, payload, field, message) => {
    const { token } = await newCustomer();
    const response = await withBearer('PATCH', '/api/dashboard/details', token, payload);
    expect(response.statusCode, response.body).toBe(422);
    if (message) expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
  });
});
