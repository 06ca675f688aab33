import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSpaTestApp } from '../../../test/spa-app.ts';

const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'];
const ctx = useSpaTestApp(SOURCES);

describe('SPA bundles by sub-domain', () => {
  it.each(SOURCES)('the %s sub-domain gets its own bundle', async (source) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: `${source}.bookings.example.com` } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`data-source="${source}"`);
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/main-abc.js', headers: { host: `${source}.localhost:3000` } });
    expect(asset.body).toBe(`console.log("${source}")`);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('a bare host gets the bookings bundle', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/location/bury', headers: { host: 'localhost:3000' } });
    expect(response.body).toContain('data-source="bookings"');
  });

  it('injects the runtime configuration without secrets', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(response.body).toContain('<meta name="app-config"');
    expect(response.body).toContain('&quot;checkoutBase&quot;:&quot;/api/activities/cart&quot;');
    expect(response.body).not.toMatch(/mapbox|SMTP|postgres/i);
  });

  it('does not serve files outside the bundle', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/../../package.json', headers: { host: 'localhost' } });
    expect(response.body).not.toContain('"workspaces"');
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('compression', () => {
  it('sends scripts gzip-compressed to browsers that accept it', async () => {
    fs.writeFileSync(path.join(ctx.dist, 'bookings', 'assets', 'big-abc.js'), `console.log(${JSON.stringify('x'.repeat(20_000))})`);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/big-abc.js',
      headers: { host: 'localhost', 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(2_000);
  });
});
