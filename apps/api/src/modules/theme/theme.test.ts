import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { setClientMaintenance, upsertThemeLevel } from './repository.ts';

const ctx = useTestApp();
const clientId = async () =>
  (await ctx.db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow()).id;

describe('GET /api/frontend/theme', () => {
  it('answers the client theme with every spec §3 field, snake_case, in data', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, string> }>();
    expect(Object.keys(data).sort()).toEqual([
      'header_primary_colour',
      'theme_app_body_font_style',
      'theme_app_dark_bg_colour',
      'theme_app_header_bg_colour',
      'theme_app_heading_font_style',
      'theme_app_primary_colour',
      'theme_app_secondary_button_style',
      'theme_app_secondary_colour1',
      'theme_app_secondary_colour2',
    ]);
    // Null fields are dropped: the demo client has no logo.
    expect(data).not.toHaveProperty('theme_app_logo');
  });

  it("layers a venue's overrides over the client theme", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=salford-quays-sports-village' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: Record<string, string> }>();
    expect(data.theme_app_primary_colour).toBe('0 133 124');
    const client = (await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme' })).json<{ data: Record<string, string> }>();
    expect(data.theme_app_dark_bg_colour).toBe(client.data.theme_app_dark_bg_colour);
  });

  it('answers 404 for an unknown venue so the web app retries without it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "We couldn't find that venue.", code: 'venue_not_found' });
  });

  it('rejects a venue that is not a slug with 422', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=%3Cscript%3E' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { venue: ['Must be a venue slug'] } });
  });

  it('falls back to the spec defaults for fields nobody set, and ignores invalid stored colours', async () => {
    const id = await clientId();
    const venue = await ctx.db.selectFrom('venues').select('id').where('slug', '=', 'salford-quays-sports-village').executeTakeFirstOrThrow();
    await upsertThemeLevel(ctx.db, id, venue.id, { theme_app_secondary_colour2: 'chartreuse', theme_app_logo: '/logo.svg' });
    const { data } = (
      await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=salford-quays-sports-village' })
    ).json<{ data: Record<string, string> }>();
    expect(data.theme_app_secondary_colour2).toBe('#5c6bc0');
    expect(data.theme_app_logo).toBe('/logo.svg');
  });

  it('answers 503 while the client is in maintenance, and 200 again after', async () => {
    expect(await setClientMaintenance(ctx.db, 'active-north-west', true)).toBe(true);
    const during = await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme' });
    expect(during.statusCode).toBe(503);
    // A 5xx body never carries our own text (spec §8); the code says why, the web page says the rest.
    expect(during.json()).toEqual({ message: 'Unable to access the site due to planned maintenance.', code: 'site_in_maintenance' });
    await setClientMaintenance(ctx.db, 'active-north-west', false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/frontend/theme' })).statusCode).toBe(200);
  });

  it('reports an unknown client slug to the maintenance switch', async () => {
    expect(await setClientMaintenance(ctx.db, 'no-such-client', true)).toBe(false);
  });
});
