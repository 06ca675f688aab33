import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { DEMO_ACCOUNTS } from '../db/seed/demo-accounts.ts';

const ctx = useTestApp();

const tokenFor = async (username: string, password: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: { username, password } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<{ data: { token: string } }>().data.token;
};

describe('Cache-Control: no-store on personal data', () => {
  it('is on GET /api/auth/user and a staff route, and not on public reads', async () => {
    const customer = await tokenFor(DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.customer.password);
    const user = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${customer}` } });
    expect(user.statusCode).toBe(200);
    expect(user.headers['cache-control']).toBe('no-store');
    expect(user.headers.pragma).toBe('no-cache');

    const staff = await tokenFor(DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
    const theme = await ctx.app.inject({ method: 'GET', url: '/api/staff/theme', headers: { authorization: `Bearer ${staff}` } });
    expect(theme.statusCode).toBe(200);
    expect(theme.headers['cache-control']).toBe('no-store');

    const venues = await ctx.app.inject({ method: 'GET', url: '/api/activities/venues' });
    expect(venues.statusCode).toBe(200);
    expect(venues.headers['cache-control']).not.toBe('no-store');
  });

  it('is on every route that asks for a login (driven by the route list)', async () => {
    const guarded: string[] = [];
    for (const route of ctx.app.guardedRoutes) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || route.url.includes('*')) continue;
        const url = route.url.replace(/:(\w+)/g, '1');
        const response = await ctx.app.inject({ method, url });
        if (response.statusCode !== 401) continue;
        guarded.push(`${method} ${route.url}`);
        expect({ route: `${method} ${route.url}`, cacheControl: response.headers['cache-control'] }).toEqual({
          route: `${method} ${route.url}`,
          cacheControl: 'no-store',
        });
      }
    }
    expect(guarded).toEqual(expect.arrayContaining(['GET /api/auth/user', 'POST /api/auth/logout', 'GET /api/staff/theme']));
  });
});
