import { describe, expect, it } from 'vitest';
import { useSpaTestApp } from '../../../test/spa-app.ts';

const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'];
// Forwarded headers from the test's own address are trusted, as behind a named TLS proxy.
const ctx = useSpaTestApp(SOURCES, { TRUST_PROXY: '127.0.0.1' });
const dev = useSpaTestApp(SOURCES, { NODE_ENV: 'development' });

let hosts = 0;
/** A host not yet in the tenant cache (every host falls back to the demo client). */
const freshHost = () => `fresh${++hosts}.bookings.example.com`;
const get = (url: string, host: string, app = ctx.app, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host, ...headers } });
const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];
const setClient = async (db: typeof ctx.app.db, changes: { frame_ancestors?: string[]; gtm_id?: string | null }) => {
  await db.updateTable('clients').set(changes).where('slug', '=', 'active-north-west').execute();
};

describe('framing (issue 22)', () => {
  it("the bookings site may be framed only by the client's own origins", async () => {
    await setClient(ctx.app.db, { frame_ancestors: ['https://www.operator.example', 'https://*.council.example'] });
    const host = freshHost();
    const page = await get('/basket', host);
    expect(page.statusCode).toBe(200);
    expect(frameAncestors(page.headers['content-security-policy'])).toBe('https://www.operator.example https://*.council.example');
    expect(page.headers['x-frame-options']).toBeUndefined();
    // A missing page of the bookings site is the same page.
    expect(frameAncestors((await get('/no-such-page', host)).headers['content-security-policy'])).toBe('https://www.operator.example https://*.council.example');
  });

  it('with no origins configured nobody may frame the bookings site', async () => {
    await setClient(ctx.app.db, { frame_ancestors: [] });
    const page = await get('/', freshHost());
    expect(frameAncestors(page.headers['content-security-policy'])).toBe("'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it.each(['my-account', 'online-joining', 'foh'])('the %s site is never framed', async (source) => {
    await setClient(ctx.app.db, { frame_ancestors: ['https://www.operator.example'] });
    for (const [url, host] of [['/', `${source}.${freshHost()}`], [`/_/${source}`, freshHost()]] as const) {
      const page = await get(url, host);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`data-source="${source}"`);
      expect(frameAncestors(page.headers['content-security-policy'])).toBe("'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('the card challenge page and the API are never framed', async () => {
    await setClient(ctx.app.db, { frame_ancestors: ['https://www.operator.example'] });
    for (const url of ['/simulator/challenge?token=acs_unknown', '/api/client']) {
      const response = await get(url, freshHost());
      expect(frameAncestors(response.headers['content-security-policy'])).toBe("'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('the database refuses an origin that is not one', async () => {
    for (const bad of ['*', "'self'", 'https://a.example; script-src *', 'javascript:alert(1)', 'https://a.example/path']) {
      await expect(setClient(ctx.app.db, { frame_ancestors: [bad] })).rejects.toThrow(/check constraint/);
    }
  });

  it('in development the demo bookings site may be framed by any origin, the account site still not', async () => {
    await setClient(dev.app.db, { frame_ancestors: [] });
    expect(frameAncestors((await get('/', freshHost(), dev.app)).headers['content-security-policy'])).toBe('*');
    expect(frameAncestors((await get('/_/my-account', freshHost(), dev.app)).headers['content-security-policy'])).toBe("'none'");
  });
});

describe('headers (issue 22)', () => {
  it("names the tag manager's host only when the client has a container", async () => {
    await setClient(ctx.app.db, { gtm_id: null });
    const without = String((await get('/', freshHost())).headers['content-security-policy']);
    expect(without).not.toContain('googletagmanager');
    expect(without).not.toContain('google-analytics');
    await setClient(ctx.app.db, { gtm_id: 'GTM-TEST1' });
    const host = freshHost();
    const withContainer = String((await get('/', host)).headers['content-security-policy']);
    expect(withContainer).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/);
    expect(withContainer).toMatch(/connect-src [^;]*https:\/\/www\.google-analytics\.com/);
    // A JSON answer loads no scripts: it keeps the plain policy.
    expect(String((await get('/api/client', host)).headers['content-security-policy'])).not.toContain('googletagmanager');
    await setClient(ctx.app.db, { gtm_id: null });
  });

  it('sends HSTS only over HTTPS, as said by a proxy named in TRUST_PROXY', async () => {
    expect((await get('/', freshHost())).headers['strict-transport-security']).toBeUndefined();
    expect((await get('/', freshHost(), ctx.app, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Not trusted: a client cannot claim HTTPS for itself.
    expect((await get('/', freshHost(), dev.app, { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBeUndefined();
  });
});
