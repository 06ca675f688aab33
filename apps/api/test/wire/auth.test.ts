import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';
import { DEMO_ACCOUNTS } from '../../src/db/seed/demo-accounts.ts';
import { shapeMismatches } from './shape.ts';

/** Wire notes, "Auth" and "What public clients read": login and auth/user as the live product's clients read them. */
const ctx = useTestApp();

const { email, password } = DEMO_ACCOUNTS.customer;
const login = (payload: unknown, remoteAddress = '10.13.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: payload as object, remoteAddress });

describe('wire: POST /api/auth/customer/login', () => {
  it('answers status "success" and a top-level token beside the spec’s data.token', async () => {
    const response = await login({ username: email, password });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; token: string; data: { token: string } }>();
    expect(shapeMismatches(body, { status: 'string', token: 'string', data: { token: 'string' } })).toEqual([]);
    expect(body.status).toBe('success');
    expect(body.token).toBe(body.data.token);
  });

  it('accepts the extra keys a script sends instead of answering 422', async () => {
    const response = await login({ username: email, password, remember: true, device_name: 'booking-script', source: 'activity-booking' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ status: string }>().status).toBe('success');
  });

  it('answers a failed login with a message', async () => {
    const wrong = await login({ username: email, password: 'not-the-password' }, '10.13.0.2');
    expect(wrong.statusCode).toBe(422);
    expect(shapeMismatches(wrong.json(), { message: 'string' })).toEqual([]);
    const invalid = await login({ username: '' }, '10.13.0.3');
    expect(invalid.statusCode).toBe(422);
    expect(shapeMismatches(invalid.json(), { message: 'string' })).toEqual([]);
  });
});

describe('wire: GET /api/auth/user', () => {
  it('answers data with first_name, last_name and membership_user.id', async () => {
    const token = (await login({ username: email, password })).json<{ token: string }>().token;
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { first_name: string; last_name: string } }>();
    expect(shapeMismatches(body, { data: { first_name: 'string', last_name: 'string', membership_user: { id: 'integer' } } })).toEqual([]);
    expect(`${body.data.first_name} ${body.data.last_name}`).toBe(DEMO_ACCOUNTS.customer.name);
  });
});
