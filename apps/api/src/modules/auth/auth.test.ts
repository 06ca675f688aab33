import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { useTestApp } from '../../../test/app.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, FAILURE_WINDOW_MINUTES } from './login-throttle.ts';

const ctx = useTestApp();

const login = (username: string, password: string, ip = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: { username, password }, remoteAddress: ip });

const tokenFor = async (username: string, password: string) => {
  const response = await login(username, password);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
};

describe('POST /api/auth/customer/login', () => {
  it('returns data.token for the demo customer', async () => {
    const token = await tokenFor(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    expect(token).toMatch(/^[\w-]{43}$/);
  });

  it('accepts the email in any case, and the customer reference', async () => {
    await tokenFor(DEMO_ACCOUNTS.customer.email.toUpperCase(), DEMO_ACCOUNTS.customer.password);
    await tokenFor('ANW100001', DEMO_ACCOUNTS.customer.password);
  });

  it('stores the SHA-256 of the token, and the token itself nowhere', async () => {
    const before = await ctx.db.selectFrom('sessions').select('id').execute();
    const token = await tokenFor(DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
    const added = await ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('id', 'not in', before.length ? before.map((row) => row.id) : [0])
      .execute();
    expect(added).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    const { rows: tables } = await sql<{ name: string }>`
      SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(ctx.db);
    expect(tables.length).toBeGreaterThan(5);
    for (const { name } of tables) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(name)} t WHERE t::text LIKE ${`%${token}%`}`.execute(ctx.db);
      expect({ table: name, rows: rows[0]!.n }).toEqual({ table: name, rows: 0 });
    }
  });

  it('answers 422 with one message for a wrong password or an unknown user (a 401 would log the browser out)', async () => {
    for (const [username, password] of [
      [DEMO_ACCOUNTS.customer.email, 'wrong-password'],
      ['nobody@example.com', 'whatever1'],
    ] as const) {
      const response = await login(username, password, '10.0.0.2');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'These credentials do not match our records.',
        code: 'invalid_credentials',
        errors: { username: ['These credentials do not match our records.'] },
      });
    }
  });

  it('answers 422 naming the missing fields', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: {} });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      code: 'validation_failed',
      errors: { username: [expect.any(String)], password: [expect.any(String)] },
    });
  });

  it('answers 429 with Retry-After once an address has failed too often', { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
      statuses.push((await login(`limit${i}@example.com`, 'bad-password', '10.0.0.9')).statusCode);
    }
    expect(statuses.every((s) => s === 422)).toBe(true);
    const limited = await login(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many login attempts\. Try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(FAILURE_WINDOW_MINUTES * 60 - 60);
  });
});

describe('login limit across instances', () => {
  it('is shared by every API instance on the same database', { timeout: 120_000 }, async () => {
    const second = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url }), db: ctx.db, serveWeb: false });
    await second.ready();
    try {
      const attempt = (app: typeof ctx.app) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: 'shared@example.com', password: 'bad-password' },
          remoteAddress: '10.0.0.7',
        });
      const statuses: number[] = [];
      // Alternate between the two instances: together they allow the limit once, not twice.
      for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i += 1) statuses.push((await attempt(i % 2 === 0 ? ctx.app : second)).statusCode);
      expect(statuses.slice(0, ACCOUNT_FAILURE_LIMIT).every((s) => s === 422)).toBe(true);
      expect(statuses[ACCOUNT_FAILURE_LIMIT]).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('GET /api/auth/user', () => {
  it('returns the user with their membership user and family members', async () => {
    const token = await tokenFor(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown> & { membership_user: { relationship: string; home_venue_slug: string }; membership_users: unknown[] } }>();
    expect(data).toMatchObject({ first_name: 'Alex', last_name: 'Morgan', email: DEMO_ACCOUNTS.customer.email, role: 'customer' });
    expect(data.membership_user.relationship).toBe('self');
    expect(data.membership_user.home_venue_slug).toBe('bury-leisure-centre');
    expect(data.home_venue_slug).toBe('bury-leisure-centre');
    expect(data.membership_users.length).toBeGreaterThanOrEqual(3);
    expect(data).not.toHaveProperty('password_hash');
  });

  it('answers 401 without a token or with an unknown one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${'x'.repeat(43)}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
  });
});

describe('a service failure of status 500', () => {
  it("never sends the service's own message: an account without its 'self' membership user answers the generic text", async () => {
    const token = await tokenFor(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    const user = await ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.customer.email).executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('membership_users')
      .set({ relationship: 'other' })
      .where('account_user_id', '=', user.id)
      .where('relationship', '=', 'self')
      .execute();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something has gone wrong, please try again.', code: 'account_without_membership_user' });
    expect(response.body).not.toMatch(/membership user|User \d+/);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token', async () => {
    const token = await tokenFor(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    const headers = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers })).statusCode).toBe(401);
  });
});
