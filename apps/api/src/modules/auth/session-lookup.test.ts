import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { useTestApp } from '../../../test/app.ts';
import { statementsSentBy } from '../../../test/statements.ts';
import { cookieOf, hashOf, PASSWORD, SESSION_TEST_ENV, useSessionFixture } from '../../../test/fixtures/sessions.ts';

/* Where a session is looked up afresh on each request: on another instance of the app, and inside the basket add's own first query. */

const ctx = useTestApp(SESSION_TEST_ENV);
const { demo, newCustomer, login, browserLogin, withCookie, withBearer, sessionRow } = useSessionFixture(ctx);

type Json = Record<string, unknown>;

// Sessions are never kept in memory (auth/repository.ts findActiveSession): whatever ends one
// on one instance is refused by the very next request to another, with no wait of any kind.
describe('an ended session on another instance', () => {
  let second: App;
  beforeAll(async () => {
    second = await buildApp({
      config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent', ...SESSION_TEST_ENV }),
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
       WHERE o.client_id = ${demo.clientId} AND a.kind = 'class' AND o.cancelled_at IS NULL
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
