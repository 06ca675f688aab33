import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from '../auth/password-policy.ts';
import { FORGOTTEN_PASSWORD_MESSAGE, INVALID_LOGIN_LINK, INVALID_RESET_LINK, REQUEST_LIMITS } from '../auth/service.ts';
import { assertOwnMembershipUser } from './service.ts';

const ctx = useTestApp();

type Json = Record<string, unknown>;
let clientId = 0;
let venueId = 0;
let ipCounter = 0;
/** A fresh client address per call, so the per-address limits of one test do not reach the next. */
const nextIp = () => `10.11.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  clientId = (await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow()).id;
  venueId = (await ctx.db.selectFrom('venues').select('id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow()).id;
});

let emailCounter = 0;
const signUp = (overrides: Json = {}) => ({
  client_id: clientId,
  source: 'bookings',
  first_name: 'Jamie',
  last_name: 'Rivers',
  email: `jamie.${++emailCounter}.${Date.now()}@example.net`,
  date_of_birth: '1990-04-12', // fixed-date: a date of birth, only stored and echoed
  phone: '07700 900123',
  address_line1: '1 Market Street',
  address_line2: null,
  town: 'Bury',
  postcode: 'BL9 0AA',
  home_venue_id: venueId,
  password: 'correct horse battery staple',
  marketing_consent: true,
  ...overrides,
});

const post = (url: string, payload: Json | undefined, { token, ip = nextIp(), host }: { token?: string; ip?: string; host?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'user-agent': 'account-test/1.0', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(host ? { host } : {}) },
    ...(payload ? { payload } : {}),
  });
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: Json) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'user-agent': 'account-test/1.0' }, remoteAddress: '10.99.0.1', ...(payload ? { payload } : {}) });

const register = async (overrides: Json = {}) => {
  const body = signUp(overrides);
  const response = await post('/api/auth/customer/register?onboarding_type=customer_account_online', body);
  expect(response.statusCode, response.body).toBe(201);
  const token = response.json<{ data: { token: string } }>().data.token;
  expect(token).toMatch(/^[\w-]{43}$/);
  return { token, email: body.email as string, password: body.password as string };
};
const authUser = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
const login = (username: string, password: string) => post('/api/auth/customer/login', { username, password });
// Sent (or to be sent): an email over its recipient's cap is kept but never sent (email/caps.ts).
const emailsTo = (to: string) => ctx.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).where('suppressed_at', 'is', null).orderBy('id').execute();
/** A forgotten-password request, and its job run (the lookup, token and email happen there: auth/service.ts sendPasswordReset). */
const forgot = async (name: string) => {
  const response = await post('/api/auth/customer/forgotten-password', { email_or_reference: name });
  await runDueJobs({ url: ctx.url, db: ctx.db });
  return response;
};
const auditOf = (userId: number) => ctx.db.selectFrom('account_audit').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('POST /api/auth/customer/register', () => {
  it('creates the customer and their own membership user, logs them in, emails a welcome and audits it', async () => {
    const { token, email } = await register();
    const user = await authUser(token);
    expect(user.statusCode).toBe(200);
    const data = user.json<{ data: Json & { membership_users: Json[] } }>().data;
    expect(data).toMatchObject({ first_name: 'Jamie', last_name: 'Rivers', email, role: 'customer', home_venue_slug: 'bury-leisure-centre' });
    expect(data.reference).toMatch(/^ANW\d{7}$/);
    expect(data.membership_users).toEqual([expect.objectContaining({ relationship: 'self', date_of_birth: '1990-04-12', home_venue_slug: 'bury-leisure-centre' })]); // fixed-date: a date of birth, only stored and echoed
    const row = await ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ phone: '07700 900123', town: 'Bury', postcode: 'BL9 0AA', marketing_consent: true, onboarding_type: 'customer_account_online' });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await emailsTo(email)).map((m) => m.kind)).toEqual(['welcome']);
    expect(await auditOf(row.id)).toEqual([
      expect.objectContaining({ action: 'registered', actor_user_id: row.id, address: expect.stringMatching(/^10\.11\./), user_agent: 'account-test/1.0' }),
    ]);
  });

  it('answers an email already registered like a sign-up, without a session, and tells the owner by email', async () => {
    const before = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const sessions = await ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const response = await post('/api/auth/customer/register', signUp({ email: DEMO_ACCOUNTS.customer.email.toUpperCase() }));
    expect(response.statusCode).toBe(201);
    const fresh = await post('/api/auth/customer/register', signUp());
    // Same status, same keys, same message: only the token differs.
    expect(Object.keys(response.json<Json>())).toEqual(Object.keys(fresh.json<Json>()));
    expect(response.json<{ data: Json }>().data.message).toBe(fresh.json<{ data: Json }>().data.message);
    expect(response.json()).toMatchObject({ status: 'success', token: null, data: { token: null } });
    const after = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1); // only the fresh one
    const sessionsAfter = await ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(sessionsAfter.n)).toBe(Number(sessions.n) + 1);
    expect((await emailsTo(DEMO_ACCOUNTS.customer.email)).map((m) => m.kind)).toContain('register_existing');
  });

  it('accepts any characters, spaces and up to 128 characters, with no composition rules', async () => {
    await register({ password: 'ünïcödé pässwörd wïth späces' });
    await register({ password: 'x7'.repeat(3) + 'q'.repeat(122) });
    await register({ password: 'plainlowercasewords' });
  });

  it.each([
    ['a missing first name', { first_name: undefined }, 'first_name', 'Required'],
    ['a blank last name', { last_name: '   ' }, 'last_name', 'Required'],
    ['a first name over 100 characters', { first_name: 'a'.repeat(101) }, 'first_name', 'Must contain at most 100 character(s)'],
    ['an email without @', { email: 'jamie.example.net' }, 'email', 'Must be a valid email address'],
    ['a missing email', { email: undefined }, 'email', 'Required'],
    ['a date of birth in the future', { date_of_birth: '2999-01-01' }, 'date_of_birth', 'Must not be in the future'],
    ['an impossible date of birth', { date_of_birth: '1990-02-30' }, 'date_of_birth', 'Must be a date (YYYY-MM-DD)'], // fixed-date: an impossible date, only parsed
    ['a date of birth in another format', { date_of_birth: '12/04/1990' }, 'date_of_birth', 'Must be a date (YYYY-MM-DD)'],
    ['a phone number with letters', { phone: '0161 CALL ME' }, 'phone', 'Must be a phone number'],
    ['a phone number too short', { phone: '12345' }, 'phone', 'Must be a phone number'],
    ['a postcode that is not one', { postcode: 'BL9-0AA!' }, 'postcode', 'Must be a postcode'],
    // Address and home venue are optional since issue 21 (auth/register.test.ts); sent, they are checked.
    ['a venue of no operator', { home_venue_id: 999999 }, 'home_venue_id', 'Must be one of our venues'],
    ['another operator\u2019s client id', { client_id: 999999 }, 'client_id', 'Must be the id of this site\u2019s operator'],
    ['an unknown source', { source: 'elsewhere' }, 'source', 'Must be a source of this product'],
    ['marketing consent that is not a boolean', { marketing_consent: 'yes' }, 'marketing_consent', 'Must be true or false'],
    ['a missing password', { password: undefined }, 'password', 'Required'],
    ['a password of 7 characters', { password: 'abc1234' }, 'password', 'Must contain at least 8 character(s)'],
    ['7 characters counted as code points, not UTF-16 units', { password: '😀😀😀😀😀😀😀' }, 'password', 'Must contain at least 8 character(s)'],
    ['a password of 129 characters', { password: 'p'.repeat(64) + 'q'.repeat(65) }, 'password', 'Must contain at most 128 character(s)'],
    ['a common password', { password: 'password1' }, 'password', COMMON_PASSWORD_MESSAGE],
    ['a common password in other case', { password: 'QWERTY123' }, 'password', COMMON_PASSWORD_MESSAGE],
    ['a breached password', { password: 'iloveyou2' }, 'password', COMMON_PASSWORD_MESSAGE],
    ['one character repeated', { password: 'zzzzzzzzzz' }, 'password', COMMON_PASSWORD_MESSAGE],
    ['the customer\u2019s own name', { password: 'riversriversrivers' }, 'password', PERSONAL_PASSWORD_MESSAGE],
  ])('refuses %s (422)', async (_case, overrides, field, message) => {
    const body = Object.fromEntries(Object.entries(signUp(overrides)).filter(([, value]) => value !== undefined));
    const response = await post('/api/auth/customer/register', body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toContain(message);
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', body.email as string).execute()).toEqual([]);
  });

  it('refuses keys it does not know, and a NUL anywhere', async () => {
    expect((await post('/api/auth/customer/register', { ...signUp(), is_admin: true })).statusCode).toBe(422);
    expect((await post('/api/auth/customer/register', signUp({ first_name: 'Ja\u0000mie' }))).statusCode).toBe(422);
    expect((await post('/api/auth/customer/register?onboarding_type=DROP%20TABLE', signUp())).statusCode).toBe(422);
    // Spec §7/§9: onboarding_type is one of the product's (customer_account_online from the bookings site).
    const unknownType = await post('/api/auth/customer/register?onboarding_type=bookings', signUp());
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json().errors).toEqual({ onboarding_type: ['Must be an onboarding type of this product'] });
  });

  it(`limits sign-ups to ${REQUEST_LIMITS.registerPerAddress} per address per window, in PostgreSQL (429 with Retry-After)`, async () => {
    const ip = '10.12.0.1';
    for (let i = 0; i < REQUEST_LIMITS.registerPerAddress; i++) {
      expect((await post('/api/auth/customer/register', signUp({ password: 'password1' }), { ip })).statusCode).toBe(422);
    }
    const limited = await post('/api/auth/customer/register', signUp(), { ip });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/api/auth/customer/register', signUp({ password: 'password1' }), { ip: '10.12.0.2' })).statusCode).toBe(422);
  });
});

/** The token of the last reset email sent to `to`, checked to be stored only as its SHA-256. */
const resetTokenFor = async (to: string) => {
  const mails = (await emailsTo(to)).filter((m) => m.kind === 'password_reset');
  const token = /reset-password\?token=([\w-]+)/.exec(mails.at(-1)!.text_body)![1]!;
  const stored = await ctx.db.selectFrom('password_reset_tokens').select('token_hash').where('token_hash', '=', createHash('sha256').update(token).digest('hex')).execute();
  expect(stored).toHaveLength(1);
  return token;
};

describe('forgotten password and reset', () => {
  it('answers the same whether the account exists (email or reference) or not, and emails only a real account', async () => {
    const { email } = await register();
    const reference = (await ctx.db.selectFrom('users').select('reference').where('email', '=', email).executeTakeFirstOrThrow()).reference;
    const answers = [];
    for (const name of [email, reference.toLowerCase(), 'nobody-here@example.net', 'ANW0000000']) {
      const response = await forgot(name);
      answers.push({ status: response.statusCode, body: response.json<Json>() });
    }
    expect(answers).toEqual(Array(4).fill({ status: 200, body: { data: { message: FORGOTTEN_PASSWORD_MESSAGE } } }));
    expect((await emailsTo(email)).filter((m) => m.kind === 'password_reset')).toHaveLength(2);
    expect(await emailsTo('nobody-here@example.net')).toEqual([]);
    const tokens = await ctx.db.selectFrom('password_reset_tokens').innerJoin('users', 'users.id', 'user_id').select(['expires_at', 'password_reset_tokens.created_at']).where('users.email', '=', email).execute();
    const lifetimes = tokens.map((t) => (t.expires_at as unknown as Date).getTime() - (t.created_at as unknown as Date).getTime());
    for (const ms of lifetimes) expect(ms).toBeGreaterThan(59 * 60_000);
    for (const ms of lifetimes) expect(ms).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });

  it('answers before any account is looked up: a known name and an unknown one do the same work (issue 22)', async () => {
    const { email } = await register();
    const tokensOf = () => ctx.db.selectFrom('password_reset_tokens').innerJoin('users', 'users.id', 'user_id').select('token_hash').where('users.email', '=', email).execute();
    const response = await post('/api/auth/customer/forgotten-password', { email_or_reference: email });
    expect(response.statusCode).toBe(200);
    // Nothing of the account was touched while the request ran: no token, no email yet.
    expect(await tokensOf()).toEqual([]);
    expect((await emailsTo(email)).filter((m) => m.kind === 'password_reset')).toEqual([]);
    await runDueJobs({ url: ctx.url, db: ctx.db });
    expect(await tokensOf()).toHaveLength(1);
    expect((await emailsTo(email)).filter((m) => m.kind === 'password_reset')).toHaveLength(1);
  });

  it('limits requests per named account whether or not it exists (429), across instances', async () => {
    for (const name of ['limit-me@example.net', DEMO_ACCOUNTS.staff.email]) {
      for (let i = 0; i < REQUEST_LIMITS.forgottenPerAccount; i++)
        expect((await post('/api/auth/customer/forgotten-password', { email_or_reference: name })).statusCode).toBe(200);
      const limited = await post('/api/auth/customer/forgotten-password', { email_or_reference: name.toUpperCase() });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
  });

  it('resets once with the emailed link, ends every session, and the new password logs in', async () => {
    const { email, password, token: signUpSession } = await register();
    const other = (await login(email, password)).json<{ data: { token: string } }>().data.token;
    await forgot(email);
    const token = await resetTokenFor(email);
    // A refused password does not use the link up.
    const weak = await post('/api/auth/customer/reset-password', { token, password: 'password123' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json<{ errors: Json }>().errors.password).toEqual([COMMON_PASSWORD_MESSAGE]);
    const reset = await post('/api/auth/customer/reset-password', { token, password: 'a brand new secret' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await authUser(signUpSession)).statusCode).toBe(401);
    expect((await authUser(other)).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(422);
    expect((await login(email, 'a brand new secret')).statusCode).toBe(200);
    const again = await post('/api/auth/customer/reset-password', { token, password: 'another new secret' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'invalid_reset_token', message: INVALID_RESET_LINK });
    expect((await emailsTo(email)).map((m) => m.kind)).toContain('password_changed');
    const userId = (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    expect((await auditOf(userId)).map((a) => a.action)).toEqual(['registered', 'password_reset_requested', 'password_reset']);
  });

  it('refuses a link after its hour, an unknown link, and an older link once a newer one was used', async () => {
    const { email } = await register();
    await forgot(email);
    const older = await resetTokenFor(email);
    await forgot(email);
    const newer = await resetTokenFor(email);
    await ctx.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', createHash('sha256').update(newer).digest('hex'))
      .execute();
    expect((await post('/api/auth/customer/reset-password', { token: newer, password: 'a brand new secret' })).statusCode).toBe(422);
    expect((await post('/api/auth/customer/reset-password', { token: 'x'.repeat(43), password: 'a brand new secret' })).statusCode).toBe(422);
    expect((await post('/api/auth/customer/reset-password', { token: older, password: 'a brand new secret' })).statusCode).toBe(200);
    // An hour on: the reset-link cap (3 an hour to one address, email/caps.ts) starts again.
    await sql`UPDATE outbox_emails SET created_at = now() - interval '61 minutes' WHERE to_address = ${email}`.execute(ctx.db);
    await forgot(email);
    const third = await resetTokenFor(email);
    await forgot(email);
    const fourth = await resetTokenFor(email);
    expect(fourth).not.toBe(third);
    expect((await post('/api/auth/customer/reset-password', { token: fourth, password: 'yet another secret' })).statusCode).toBe(200);
    expect((await post('/api/auth/customer/reset-password', { token: third, password: 'one more secret!' })).statusCode).toBe(422);
  });

  it.each([
    ['a missing email_or_reference', '/api/auth/customer/forgotten-password', {}, 'email_or_reference'],
    ['a blank email_or_reference', '/api/auth/customer/forgotten-password', { email_or_reference: ' ' }, 'email_or_reference'],
    ['a token with other characters', '/api/auth/customer/reset-password', { token: 'not a token!', password: 'a brand new secret' }, 'token'],
    ['a short new password', '/api/auth/customer/reset-password', { token: 'x'.repeat(43), password: 'short' }, 'password'],
  ])('refuses %s (422)', async (_case, url, body, field) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Json }>().errors[field]).toBeDefined();
  });
});

describe('one login across the sites', () => {
  it('needs a login to make a token, and exchanges it once for a new session', async () => {
    expect((await post('/api/auth/token', undefined)).statusCode).toBe(401);
    const { token: session } = await register();
    const made = await post('/api/auth/token', undefined, { token: session });
    expect(made.statusCode).toBe(200);
    const { token, expires_in } = made.json<{ data: { token: string; expires_in: number } }>().data;
    expect(expires_in).toBe(60);
    const exchanged = await post('/api/auth/token/exchange', { token });
    expect(exchanged.statusCode).toBe(200);
    // The new session arrives only as the HttpOnly cookie, never in the body (docs/security.md).
    expect(exchanged.body).not.toMatch(/"token"/);
    const next = exchanged.cookies.find((c) => c.name === 'auth_token_bookings')!;
    expect(next).toMatchObject({ httpOnly: true });
    expect(next.value).not.toBe(session);
    expect((await authUser(next.value)).statusCode).toBe(200);
    const again = await post('/api/auth/token/exchange', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'invalid_login_token', message: INVALID_LOGIN_LINK });
  });

  it('refuses a token after 60 seconds, and a token of another operator', async () => {
    const { token: session } = await register();
    const late = (await post('/api/auth/token', undefined, { token: session })).json<{ data: { token: string } }>().data.token;
    await ctx.db.updateTable('login_tokens').set({ expires_at: new Date(Date.now() - 1) }).where('token_hash', '=', createHash('sha256').update(late).digest('hex')).execute();
    expect((await post('/api/auth/token/exchange', { token: late })).statusCode).toBe(422);

    const other = await ctx.db.insertInto('clients').values({ slug: 'accounts-other', name: 'Other Leisure' }).returning('id').executeTakeFirstOrThrow();
    await ctx.db.insertInto('client_domains').values({ client_id: other.id, host: 'other-leisure.example' }).execute();
    const foreign = (await post('/api/auth/token', undefined, { token: session })).json<{ data: { token: string } }>().data.token;
    expect((await post('/api/auth/token/exchange', { token: foreign }, { host: 'other-leisure.example' })).statusCode).toBe(422);
    // Refused there, still good here.
    expect((await post('/api/auth/token/exchange', { token: foreign })).statusCode).toBe(200);
  });

  it('logs out of this site only, or everywhere', async () => {
    const { token: a, email, password } = await register();
    const b = (await login(email, password)).json<{ data: { token: string } }>().data.token;
    const c = (await login(email, password)).json<{ data: { token: string } }>().data.token;
    expect((await post('/api/auth/logout', undefined, { token: a })).statusCode).toBe(200);
    expect((await authUser(a)).statusCode).toBe(401);
    expect((await authUser(b)).statusCode).toBe(200);
    const link = (await post('/api/auth/token', undefined, { token: b })).json<{ data: { token: string } }>().data.token;
    const everywhere = await post('/api/auth/logout-everywhere', undefined, { token: b });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.headers['cache-control']).toContain('no-store');
    expect((await authUser(b)).statusCode).toBe(401);
    expect((await authUser(c)).statusCode).toBe(401);
    expect((await post('/api/auth/token/exchange', { token: link })).statusCode).toBe(422);
    expect((await post('/api/auth/logout-everywhere', undefined, { token: b })).statusCode).toBe(401);
    const userId = (await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    expect((await auditOf(userId)).at(-1)).toMatchObject({ action: 'logged_out_everywhere', detail: { sessions_ended: 2 } });
  });
});

describe('family members (/api/dashboard/family-members)', () => {
  const base = '/api/dashboard/family-members';

  it('adds, lists, changes and removes a partner and a child, each change audited', async () => {
    const { token } = await register();
    expect((await call('GET', base, token)).json()).toEqual({ data: [] });
    const child = await call('POST', base, token, { first_name: 'Robin', last_name: 'Rivers', relationship: 'child', date_of_birth: '2016-09-01' }); // fixed-date: a child's date of birth, only stored and echoed
    expect(child.statusCode, child.body).toBe(201);
    const childId = child.json<{ data: { id: number } }>().data.id;
    expect(child.json()).toEqual({
      data: { id: childId, first_name: 'Robin', last_name: 'Rivers', relationship: 'child', date_of_birth: '2016-09-01', home_venue_id: venueId, home_venue_slug: 'bury-leisure-centre' }, // fixed-date: a child's date of birth, only stored and echoed
    });
    const partner = await call('POST', base, token, { first_name: 'Sam', last_name: 'Rivers', relationship: 'partner' });
    expect(partner.statusCode).toBe(201);
    const partnerId = partner.json<{ data: { id: number } }>().data.id;
    const members = (await authUser(token)).json<{ data: { membership_users: { id: number }[] } }>().data.membership_users.map((m) => m.id);
    expect(members).toEqual(expect.arrayContaining([childId, partnerId]));
    expect(members).toHaveLength(3);

    const renamed = await call('PATCH', `${base}/${childId}`, token, { first_name: 'Robyn' });
    expect(renamed.json()).toMatchObject({ data: { id: childId, first_name: 'Robyn', date_of_birth: '2016-09-01' } }); // fixed-date: a child's date of birth, only stored and echoed
    // A partner becoming a child needs a date of birth.
    const noBirth = await call('PATCH', `${base}/${partnerId}`, token, { relationship: 'child' });
    expect(noBirth.statusCode).toBe(400);
    expect(noBirth.json<{ errors: Json }>().errors.date_of_birth).toEqual(['Required']);
    expect((await call('DELETE', `${base}/${partnerId}`, token)).statusCode).toBe(200);
    expect((await call('GET', base, token)).json<{ data: { id: number }[] }>().data.map((m) => m.id)).toEqual([childId]);

    const userId = (await ctx.db.selectFrom('sessions').select('user_id').where('token_hash', '=', createHash('sha256').update(token).digest('hex')).executeTakeFirstOrThrow()).user_id;
    expect((await auditOf(userId)).map((a) => a.action)).toEqual(['registered', 'family_member_added', 'family_member_added', 'family_member_updated', 'family_member_removed']);
  });

  it.each([
    ['a child without a date of birth', { first_name: 'Robin', last_name: 'Rivers', relationship: 'child' }, 'date_of_birth'],
    ['a second self', { first_name: 'Robin', last_name: 'Rivers', relationship: 'self' }, 'relationship'],
    ['a missing first name', { last_name: 'Rivers', relationship: 'partner' }, 'first_name'],
    ['a birth date in the future', { first_name: 'Robin', last_name: 'Rivers', relationship: 'child', date_of_birth: '2999-01-01' }, 'date_of_birth'],
    ['an unknown key', { first_name: 'Robin', last_name: 'Rivers', relationship: 'partner', account_user_id: 1 }, ''],
  ])('refuses %s (422)', async (_case, body, field) => {
    const { token } = await register();
    const response = await call('POST', base, token, body);
    expect(response.statusCode).toBe(422);
    if (field) expect(response.json<{ errors: Json }>().errors[field]).toBeDefined();
  });

  it("refuses another customer's family member (403), the customer themselves (400), an unknown id (404), a visitor (401)", async () => {
    const owner = await register();
    const intruder = await register();
    const child = (await call('POST', base, owner.token, { first_name: 'Robin', last_name: 'Rivers', relationship: 'child', date_of_birth: '2016-09-01' })).json<{ data: { id: number } }>().data.id; // fixed-date: a child's date of birth, only stored and echoed
    const patch = await call('PATCH', `${base}/${child}`, intruder.token, { first_name: 'Stolen' });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toMatchObject({ message: 'Unauthorised.' });
    expect((await call('DELETE', `${base}/${child}`, intruder.token)).statusCode).toBe(403);
    expect((await call('GET', base, intruder.token)).json()).toEqual({ data: [] });
    const self = (await authUser(owner.token)).json<{ data: { membership_user: { id: number } } }>().data.membership_user.id;
    expect((await call('DELETE', `${base}/${self}`, owner.token)).statusCode).toBe(400);
    expect((await call('PATCH', `${base}/999999`, owner.token, { first_name: 'X' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await call('GET', `${base.replace('family-members', 'family-members')}`, owner.token)).json<{ data: { first_name: string }[] }>().data[0]!.first_name).toBe('Robin');
  });

  it('assertOwnMembershipUser accepts the customer and their family, refuses anyone else with 403', async () => {
    const owner = await register();
    const intruder = await register();
    const ownerUser = (await authUser(owner.token)).json<{ data: { id: number; membership_user: { id: number } } }>().data;
    const intruderSelf = (await authUser(intruder.token)).json<{ data: { membership_user: { id: number } } }>().data.membership_user.id;
    await expect(assertOwnMembershipUser(ctx.db, ownerUser.id, ownerUser.membership_user.id)).resolves.toMatchObject({ id: ownerUser.membership_user.id });
    await expect(assertOwnMembershipUser(ctx.db, ownerUser.id, intruderSelf)).rejects.toMatchObject({ status: 403 });
    await expect(assertOwnMembershipUser(ctx.db, ownerUser.id, 987654)).rejects.toMatchObject({ status: 403 });
  });
});
