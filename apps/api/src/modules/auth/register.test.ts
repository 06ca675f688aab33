import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

/*
 * Issue 21 "Sign-up that asks only what it needs": a name, email, password and the terms are
 * enough; date of birth, phone, address and home venue are optional on the wire (still accepted
 * and checked when sent), and an account without them works (auth user, My details).
 */
const ctx = useTestApp();

type Json = Record<string, unknown>;
let clientId = 0;
let venueId = 0;
let counter = 0;

beforeAll(async () => {
  clientId = (await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow()).id;
  venueId = (await ctx.db.selectFrom('venues').select('id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow()).id;
});

const minimal = (overrides: Json = {}) => ({
  client_id: clientId,
  source: 'bookings',
  first_name: 'Sam',
  last_name: 'Ley',
  email: `light.${++counter}.${Date.now()}@example.net`,
  password: 'a quiet lake at dawn',
  terms: true,
  ...overrides,
});

const post = (payload: Json, query = '?onboarding_type=customer_account_online') =>
  ctx.app.inject({ method: 'POST', url: `/api/auth/customer/register${query}`, payload, remoteAddress: `10.21.${Math.floor(counter / 200)}.${(counter % 200) + 1}` });
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const patch = (url: string, token: string, payload: Json) => ctx.app.inject({ method: 'PATCH', url, headers: { authorization: `Bearer ${token}` }, payload });

describe('POST /api/auth/customer/register with only what sign-up asks', () => {
  it('creates a logged-in customer from name, email, password and terms; the rest is none', async () => {
    const body = minimal();
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json<{ token: string }>().token;
    const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ phone: null, date_of_birth: null, address_line1: null, town: null, postcode: null, onboarding_type: 'customer_account_online' });
    const self = await ctx.db.selectFrom('membership_users').selectAll().where('account_user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(self).toMatchObject({ relationship: 'self', date_of_birth: null, home_venue_id: null });
    const audit = await ctx.db.selectFrom('account_audit').select(['action', 'detail']).where('user_id', '=', user.id).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'registered', detail: expect.objectContaining({ terms_accepted: true, onboarding_type: 'customer_account_online' }) })]);

    // The account works without them: the auth user and My details answer.
    const authUser = await get('/api/auth/user', token);
    expect(authUser.statusCode, authUser.body).toBe(200);
    expect(authUser.json<{ data: Json }>().data).toMatchObject({ home_venue_slug: null, membership_user: expect.objectContaining({ date_of_birth: null }) });
    const details = await get('/api/dashboard/details', token);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json<{ data: Json }>().data).toMatchObject({ phone: null, address_line1: null, town: null, postcode: null });
    // …and My details saves a change while the address is still empty.
    const saved = await patch('/api/dashboard/details', token, { first_name: 'Samantha', phone: null, address_line1: null, town: null, postcode: null, marketing_sms: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: Json }>().data).toMatchObject({ first_name: 'Samantha', address_line1: null, marketing_sms: true });
  });

  it('takes null and blank for every optional field (older clients send the full body)', async () => {
    const response = await post(minimal({ date_of_birth: '', phone: ' ', address_line1: null, address_line2: null, town: '', postcode: null, home_venue_id: null }));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('keeps the home venue sent (the venue the visitor was on)', async () => {
    const body = minimal({ home_venue_id: venueId });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    const authUser = await get('/api/auth/user', response.json<{ token: string }>().token);
    expect(authUser.json<{ data: Json }>().data).toMatchObject({ home_venue_slug: 'bury-leisure-centre' });
  });

  it.each([
    ['a date of birth in the future', { date_of_birth: '2999-01-01' }, 'date_of_birth', 'Must not be in the future'], // fixed-date: far future, never reached
    ['a date of birth that is not a date', { date_of_birth: '31/12/1990' }, 'date_of_birth', 'Must be a date (YYYY-MM-DD)'],
    ['a phone number of letters', { phone: 'call me' }, 'phone', 'Must be a phone number'],
    ['a postcode that is not one', { postcode: 'x!' }, 'postcode', 'Must be a postcode'],
    ['an unknown home venue', { home_venue_id: 999_999 }, 'home_venue_id', 'Must be one of our venues'],
    ['a home venue that is not a number', { home_venue_id: 'bury' }, 'home_venue_id', 'Must be one of our venues'],
    ['terms that are not true or false', { terms: 'yes' }, 'terms', 'Must be true or false'],
    ['no first name', { first_name: '' }, 'first_name', 'Required'],
  ] as const)('still refuses %s when sent (422 naming the field)', async (_case, overrides, field, message) => {
    const body = minimal(overrides);
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst()).toBeUndefined();
  });
});

describe('POST /api/dashboard/date-of-birth (asked when an age rule needs it)', () => {
  const setDob = (token: string | null, payload: Json) =>
    ctx.app.inject({ method: 'POST', url: '/api/dashboard/date-of-birth', headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
  const signUpLight = async () => {
    const body = minimal();
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    return { token: response.json<{ token: string }>().token, email: body.email };
  };
  // An adult's date of birth, computed from the clock: 30 years ago today.
  const born = () => {
    const date = new Date();
    date.setUTCFullYear(date.getUTCFullYear() - 30);
    return date.toISOString().slice(0, 10);
  };

  it('sets it once on the account holder and their own membership user; a second time is 409 and changes nothing', async () => {
    const { token, email } = await signUpLight();
    const first = await setDob(token, { date_of_birth: born() });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { date_of_birth: born(), message: 'Your date of birth has been saved.' } });
    const authUser = await get('/api/auth/user', token);
    expect(authUser.json<{ data: { membership_user: Json } }>().data.membership_user).toMatchObject({ date_of_birth: born() });

    const again = await setDob(token, { date_of_birth: '2000-01-01' }); // fixed-date: any valid date, refused because one is set
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Your date of birth is already on your account. Ask the venue to correct it.' });
    const user = await ctx.db.selectFrom('users').select(['id', 'date_of_birth']).where('email', '=', email).executeTakeFirstOrThrow();
    const self = await ctx.db.selectFrom('membership_users').select('date_of_birth').where('account_user_id', '=', user.id).where('relationship', '=', 'self').executeTakeFirstOrThrow();
    expect([user.date_of_birth, self.date_of_birth]).toEqual([born(), born()]);
  });

  it('refuses a date that is not one, a future date, an unknown key (422) and a visitor (401)', async () => {
    const { token } = await signUpLight();
    expect((await setDob(token, { date_of_birth: 'yesterday' })).json<{ errors: Record<string, string[]> }>().errors.date_of_birth).toEqual(['Must be a date (YYYY-MM-DD)']);
    expect((await setDob(token, { date_of_birth: '2999-01-01' })).statusCode).toBe(422); // fixed-date: far future
    expect((await setDob(token, { date_of_birth: born(), user_id: 1 })).statusCode).toBe(422);
    expect((await setDob(null, { date_of_birth: born() })).statusCode).toBe(401);
  });
});

describe('names without control characters (issue 22)', () => {
  it('stores a name typed with CR/LF as one line, so the welcome email has no extra lines, and refuses one of nothing else', async () => {
    const body = minimal({ first_name: 'Sam\r\nBcc: victim@example.com', last_name: 'Ley\u0007' });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(201);
    const user = await ctx.db.selectFrom('users').select(['first_name', 'last_name']).where('email', '=', body.email).executeTakeFirstOrThrow();
    expect(user).toEqual({ first_name: 'SamBcc: victim@example.com', last_name: 'Ley' });
    const welcome = await ctx.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', body.email).where('kind', '=', 'welcome').executeTakeFirstOrThrow();
    expect(welcome.text_body.split('\n')[0]).toBe('Hello SamBcc: victim@example.com,');

    const refused = await post(minimal({ first_name: '\r\n\t' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { first_name: ['Required'] } });
  });
});
