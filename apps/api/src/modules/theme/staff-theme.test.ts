import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';

const ctx = useTestApp();

const tokenFor = async ({ email, password }: { email: string; password: string }) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload: { username: email, password } });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { token: string } }>().data.token;
};
const asStaff = async () => ({ authorization: `Bearer ${await tokenFor(DEMO_ACCOUNTS.staff)}` });
const asManager = async () => ({ authorization: `Bearer ${await tokenFor(DEMO_ACCOUNTS.manager)}` });

describe('staff theme editing', () => {
  it('refuses visitors with 401 and customers with 403', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/theme' })).statusCode).toBe(401);
    const customer = { authorization: `Bearer ${await tokenFor(DEMO_ACCOUNTS.customer)}` };
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/staff/theme', headers: customer, payload: { theme_app_primary_colour: '#000' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Unauthorised.', code: 'forbidden' });
  });

  it('lets any staff member read, but only a manager change the theme or the switch: 403 whatever is sent, nothing changed', async () => {
    const staff = await asStaff();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/theme', headers: staff })).statusCode).toBe(200);
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/staff/theme', headers: staff })).json();
    for (const [method, url, payload] of [
      ['PATCH', '/api/staff/theme', { theme_app_primary_colour: '1 2 3' }],
      ['PATCH', '/api/staff/theme?venue=bury-leisure-centre', { theme_app_primary_colour: '1 2 3' }],
      ['PATCH', '/api/staff/theme', { unknown_field: 'x'.repeat(5000) }],
      ['PUT', '/api/staff/maintenance', { enabled: true }],
      ['PUT', '/api/staff/maintenance', { enabled: 'yes' }],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: staff, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ message: 'Unauthorised.', code: 'forbidden' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/staff/theme', headers: staff })).json()).toEqual(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme' })).statusCode).toBe(200);
  });

  it("changes a venue's theme, which the public theme then serves, and null hands a field back to the client level", async () => {
    const headers = await asManager();
    const url = '/api/staff/theme?venue=bury-leisure-centre';
    const before = await ctx.app.inject({ method: 'GET', url, headers });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ data: { venue: 'bury-leisure-centre', theme: { theme_app_primary_colour: null } } });

    const changed = await ctx.app.inject({ method: 'PATCH', url, headers, payload: { theme_app_primary_colour: '200 30 40', theme_app_body_font_style: 'lato' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ data: { theme: { theme_app_primary_colour: '200 30 40', theme_app_body_font_style: 'lato' } } });

    const served = await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=bury-leisure-centre' });
    expect(served.json()).toMatchObject({ data: { theme_app_primary_colour: '200 30 40', theme_app_body_font_style: 'lato' } });

    await ctx.app.inject({ method: 'PATCH', url, headers, payload: { theme_app_primary_colour: null } });
    const client = (await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme' })).json<{ data: Record<string, string> }>();
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=bury-leisure-centre' })).json<{ data: Record<string, string> }>();
    expect(after.data.theme_app_primary_colour).toBe(client.data.theme_app_primary_colour);
    expect(after.data.theme_app_body_font_style).toBe('lato');
  });

  it.each([
    [{ theme_app_primary_colour: '#12345' }, 'theme_app_primary_colour'],
    [{ theme_app_primary_colour: '256 0 0' }, 'theme_app_primary_colour'],
    [{ theme_app_body_font_style: 'comic_sans' }, 'theme_app_body_font_style'],
    [{ theme_app_logo: 'javascript:alert(1)' }, 'theme_app_logo'],
    [{ unknown_field: 'x' }, ''],
  ])('rejects %j with 422 and the error shape', async (payload, field) => {
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/staff/theme', headers: await asManager(), payload });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('The given data was invalid.');
    if (field) expect(Object.keys(body.errors)).toContain(field);
  });

  it('answers 404 for an unknown venue', async () => {
    const response = await ctx.app.inject({ method: 'PATCH', url: '/api/staff/theme?venue=nowhere', headers: await asManager(), payload: {} });
    expect(response.statusCode).toBe(404);
  });

  it('puts the site into maintenance and takes it out again', async () => {
    const headers = await asManager();
    const on = await ctx.app.inject({ method: 'PUT', url: '/api/staff/maintenance', headers, payload: { enabled: true } });
    expect(on.json()).toEqual({ data: { enabled: true } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme' })).statusCode).toBe(503);
    await ctx.app.inject({ method: 'PUT', url: '/api/staff/maintenance', headers, payload: { enabled: false } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/staff/maintenance', headers, payload: { enabled: 'yes' } })).statusCode).toBe(422);
  });

  it('records every theme and maintenance change with who made it, on the console\'s changes page; a switch sent twice at once is one change', async () => {
    const manager = await asManager();
    const headers = manager;
    const changes = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/manage/venues/bury-leisure-centre/changes', headers: manager })).json<{
        data: { action: string; summary: string; by: { name: string } }[];
      }>().data;
    await ctx.app.inject({ method: 'PATCH', url: '/api/staff/theme?venue=bury-leisure-centre', headers, payload: { theme_app_primary_colour: '10 20 30' } });
    await ctx.app.inject({ method: 'PATCH', url: '/api/staff/theme', headers, payload: { theme_app_body_font_style: 'lato' } });
    const [a, b] = await Promise.all([0, 1].map(() => ctx.app.inject({ method: 'PUT', url: '/api/staff/maintenance', headers, payload: { enabled: true } })));
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    await ctx.app.inject({ method: 'PUT', url: '/api/staff/maintenance', headers, payload: { enabled: false } });
    // Radcliffe's theme is not Bury's: it stays off Bury's page.
    await ctx.app.inject({ method: 'PATCH', url: '/api/staff/theme?venue=radcliffe-leisure-centre', headers, payload: { theme_app_primary_colour: '40 50 60' } });

    expect((await changes()).slice(0, 4)).toEqual([
      expect.objectContaining({ action: 'maintenance_changed', summary: 'Maintenance mode: switched off', by: expect.objectContaining({ name: DEMO_ACCOUNTS.manager.name }) }),
      expect.objectContaining({ action: 'maintenance_changed', summary: 'Maintenance mode: switched on' }),
      expect.objectContaining({ action: 'theme_changed', summary: 'Theme changed: every venue: theme_app_body_font_style' }),
      expect.objectContaining({ action: 'theme_changed', summary: 'Theme changed: this venue: theme_app_primary_colour' }),
    ]);
  });
});
