import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { cookieOf, PASSWORD, SESSION_TEST_ENV, useSessionFixture } from '../../../test/fixtures/sessions.ts';
import { CURRENT_PASSWORD_WRONG, PASSWORD_CHANGED_MESSAGE } from './service.ts';
import { COMMON_PASSWORD_MESSAGE } from './password-policy.ts';
import { ADDRESS_FAILURE_LIMIT } from './login-throttle.ts';

/* A signed-in customer's own account: changing the password, and My details. */

const ctx = useTestApp(SESSION_TEST_ENV);
const { newCustomer, login, browserLogin, withCookie, withBearer } = useSessionFixture(ctx);

type Json = Record<string, unknown>;

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
    const sent = await ctx.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).where('kind', '=', 'password_changed').execute();
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain('changed from My details, and every other device');
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
    ['an address line over 200 characters', { address_line2: 'b'.repeat(201) }, 'address_line2', 'Must contain at most 200 character(s)'],
    ['a bad postcode', { postcode: 'B!' }, 'postcode', 'Must be a postcode'],
    // A blank address line or town is none since issue 21 (auth/register.test.ts saves one).
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
