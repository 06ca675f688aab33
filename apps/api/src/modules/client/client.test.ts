import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

const ctx = useTestApp();

describe('GET /api/client', () => {
  it('answers the client settings of spec §3 in snake_case', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/client' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, unknown> }>();
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Active North West',
      currency: { symbol: '£' },
      online_joining_enabled: true,
      kiosk_home_url: '/kiosk?kiosk=true',
      online_guest_passes_enabled: true,
      analytics: null,
    });
  });

  it("names the operator by clients.name, the name its emails come from and its 3-D Secure page shows (issue 21)", async () => {
    const rename = (name: string) => ctx.db.updateTable('clients').set({ name }).where('slug', '=', 'active-north-west').execute();
    await rename('Salford Leisure Trust');
    try {
      const { data } = (await ctx.app.inject({ method: 'GET', url: '/api/client' })).json<{ data: Record<string, unknown> }>();
      expect(data.name).toBe('Salford Leisure Trust');
    } finally {
      await rename('Active North West');
    }
  });

  it('includes the tag manager container with its auth and preview values when configured', async () => {
    await ctx.db
      .updateTable('clients')
      .set({ gtm_id: 'GTM-ABC123', gtm_auth: 'auth-token', gtm_preview: 'env-4' })
      .where('slug', '=', 'active-north-west')
      .execute();
    const { data } = (await ctx.app.inject({ method: 'GET', url: '/api/client' })).json<{ data: Record<string, unknown> }>();
    expect(data.analytics).toEqual({ container_id: 'GTM-ABC123', auth: 'auth-token', preview: 'env-4' });
  });

  it('answers 404 for a host with no client', async () => {
    await ctx.db.updateTable('clients').set({ slug: 'renamed' }).where('slug', '=', 'active-north-west').execute();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/client', headers: { host: 'unknown.example.org' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No client is configured for this site.', code: 'client_not_configured' });
  });
});
