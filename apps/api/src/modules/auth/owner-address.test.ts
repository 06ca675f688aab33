import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { legacyScryptHash, needsRehash } from '../../lib/password.ts';
import { ACCOUNT_FAILURE_LIMIT } from './login-throttle.ts';

// Issue 22: the per-account limit must not lock out an owner whose address we have good reason to
// trust (sign-up, a password reset), and hashes of earlier versions are replaced at login.
const ctx = useTestApp();

let emailCounter = 0;
const post = (url: string, payload: Record<string, unknown>, ip: string) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const login = (username: string, password: string, ip: string) => post('/api/auth/customer/login', { username, password }, ip);

const signUp = async (ip: string) => {
  const client = await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow();
  const venue = await ctx.db.selectFrom('venues').select('id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
  const email = `owner.${++emailCounter}.${Date.now()}@example.net`;
  const password = 'a quiet lake at dawn';
  const response = await post(
    '/api/auth/customer/register',
    {
      client_id: client.id, source: 'bookings', first_name: 'Robin', last_name: 'Hale', email,
      date_of_birth: '1985-03-03', // fixed-date: a date of birth, only stored
      phone: '07700 900555', address_line1: '2 Bank Street', address_line2: null, town: 'Bury', postcode: 'BL9 0BB',
      home_venue_id: venue.id, password, marketing_consent: false,
    },
    ip,
  );
  expect(response.statusCode, response.body).toBe(201);
  return { email, password };
};

/** An attacker spends the account's failed-login allowance from addresses of their own. */
const lockAccount = async (email: string) => {
  for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) expect((await login(email, `wrong-${i}`, `10.60.1.${i + 1}`)).statusCode).toBe(422);
  expect((await login(email, 'wrong-again', '10.60.2.1')).statusCode).toBe(429);
};

describe("owners' addresses (issue 22)", () => {
  it('lets a customer who has just signed up in from the address they signed up from, after the account was locked elsewhere', { timeout: 120_000 }, async () => {
    const { email, password } = await signUp('10.61.0.1');
    await lockAccount(email);
    // Anyone else waits out the account's window; the owner, at home, gets in.
    expect((await login(email, password, '10.61.0.2')).statusCode).toBe(429);
    expect((await login(email, password, '10.61.0.1')).statusCode).toBe(200);
  });

  it("lifts the account's limit with a successful password reset, and trusts the address it was made from", { timeout: 120_000 }, async () => {
    const { email } = await signUp('10.62.0.1');
    await lockAccount(email);
    expect((await post('/api/auth/customer/forgotten-password', { email_or_reference: email }, '10.62.0.9')).statusCode).toBe(200);
    // The lookup, token and email are the request's job (auth/service.ts sendPasswordReset).
    await runDueJobs({ url: ctx.url, db: ctx.db });
    const mail = await ctx.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', email).where('kind', '=', 'password_reset').executeTakeFirstOrThrow();
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text_body)![1]!;
    expect((await post('/api/auth/customer/reset-password', { token, password: 'a brand new secret' }, '10.62.0.9')).statusCode).toBe(200);
    expect((await login(email, 'a brand new secret', '10.62.0.9')).statusCode).toBe(200);
    // The limit is lifted for every address, not only the reset's.
    expect((await login(email, 'a brand new secret', '10.62.0.10')).statusCode).toBe(200);
  });
});

describe('hashes of earlier versions', () => {
  it('logs in with a scrypt hash and replaces it with argon2id; the new hash logs in too', { timeout: 120_000 }, async () => {
    const { customer } = DEMO_ACCOUNTS;
    const user = await ctx.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', customer.email).executeTakeFirstOrThrow();
    await ctx.db.updateTable('users').set({ password_hash: await legacyScryptHash(customer.password, { n: 2 ** 12 }) }).where('id', '=', user.id).execute();
    expect((await login(customer.email, customer.password, '10.63.0.1')).statusCode).toBe(200);
    const upgraded = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(upgraded.password_hash).toMatch(/^\$argon2id\$/);
    expect(needsRehash(upgraded.password_hash)).toBe(false);
    expect((await login(customer.email, customer.password, '10.63.0.1')).statusCode).toBe(200);
    expect((await login(customer.email, 'not the password', '10.63.0.1')).statusCode).toBe(422);
  });
});
