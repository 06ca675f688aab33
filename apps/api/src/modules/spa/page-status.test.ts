import { describe, expect, it } from 'vitest';
import { useSpaTestApp } from '../../../test/spa-app.ts';

const ctx = useSpaTestApp(['bookings', 'my-account']);
const behindProxy = useSpaTestApp(['bookings', 'my-account'], { TRUST_PROXY: '127.0.0.1' });

const get = (url: string, host = 'localhost') => ctx.app.inject({ method: 'GET', url, headers: { host } });

describe('page URLs naming a venue, activity or course the client does not have answer 404 (spec §2)', () => {
  it.each([
    '/nosuchvenue',
    '/location/nosuchvenue',
    '/courses/location/nosuchvenue',
    '/nosuchvenue/yoga',
    '/bury-leisure-centre/underwater-hockey',
    '/bury-leisure-centre/underwater-hockey/2026-11-23/classes', // fixed-date: a date inside a path that is only parsed
    '/location/bury-leisure-centre/underwater-hockey',
    '/location/nosuchvenue/yoga/2026-11-23', // fixed-date: a date inside a path that is only parsed
    '/courses/location/bury-leisure-centre/underwater-hockey',
    '/courses/location/bury-leisure-centre/swimming-lessons/no-such-course',
    '/courses/location/bury-leisure-centre/yoga/learn-to-swim-stage-1',
    '/basket/nonsense',
    '/dashboard',
    // A segment longer than any file name (ENAMETOOLONG when looking for a built file answered 500).
    `/${'a'.repeat(300)}`,
    `/bury-leisure-centre/${'y'.repeat(300)}`,
  ])('%s answers 404 with the app (which shows the not-found page)', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('data-source="bookings"');
  });

  it.each([
    '/bury-leisure-centre',
    '/location/bury-leisure-centre',
    '/courses/location/bury-leisure-centre',
    '/bury-leisure-centre/yoga',
    '/bury-leisure-centre/yoga/2026-11-23/classes', // fixed-date: a date inside a path that is only parsed
    '/location/bury-leisure-centre/yoga',
    '/location/bury-leisure-centre/yoga/2026-11-23/classes', // fixed-date: a date inside a path that is only parsed
    '/courses/location/bury-leisure-centre/swimming-lessons',
    '/courses/location/bury-leisure-centre/swimming-lessons/learn-to-swim-stage-1',
    '/basket',
    '/booking-confirmed/42',
  ])('%s answers 200', async (url) => {
    expect((await get(url)).statusCode).toBe(200);
  });

  it('knows the account routes of the my-account site', async () => {
    expect((await get('/dashboard', 'my-account.localhost')).statusCode).toBe(200);
    expect((await get('/login', 'my-account.localhost')).statusCode).toBe(200);
    expect((await get('/login')).statusCode).toBe(404);
  });

  it("answers 404 for another client's venue", async () => {
    const other = await ctx.app.db.insertInto('clients').values({ slug: 'spa-other', name: 'Spa Other' }).returning('id').executeTakeFirstOrThrow();
    await ctx.app.db.insertInto('client_domains').values({ client_id: other.id, host: 'other.example.com' }).execute();
    await ctx.app.db
      .insertInto('venues')
      .values({ client_id: other.id, slug: 'other-pool', name: 'Other Pool', address_line1: '1 Road', town: 'Leeds', postcode: 'LS1 1AA', lat: 53.8, lng: -1.55 })
      .execute();
    expect((await get('/other-pool', 'other.example.com')).statusCode).toBe(200);
    expect((await get('/bury-leisure-centre', 'other.example.com')).statusCode).toBe(404);
    expect((await get('/other-pool')).statusCode).toBe(404);
  });
});

describe('sources on a host without sub-domains (docs/shell.md "Hosts and sources")', () => {
  it('serves a source under /_/<source> on an IP address, its pages and its assets', async () => {
    const page = await get('/_/my-account/dashboard', '127.0.0.1:3000');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-source="my-account"');
    expect((await get('/_/my-account', '127.0.0.1:3000')).body).toContain('data-source="my-account"');
    const asset = await get('/_/my-account/assets/main-abc.js', '127.0.0.1:3000');
    expect(asset.body).toBe('console.log("my-account")');
    expect((await get('/_/my-account/nosuchvenue', '127.0.0.1:3000')).statusCode).toBe(404);
  });

  it('serves the same prefixed assets on the source sub-domain', async () => {
    const asset = await get('/_/my-account/assets/main-abc.js', 'my-account.localhost:3000');
    expect(asset.body).toBe('console.log("my-account")');
  });

  it('answers 404 for a prefix that names no source', async () => {
    expect((await get('/_/nosuch/dashboard', '127.0.0.1')).statusCode).toBe(404);
    expect((await get('/_/bookings', '127.0.0.1')).statusCode).toBe(404);
  });

  it('serves bookings on a bare IP address', async () => {
    const response = await get('/', '127.0.0.1:3000');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-source="bookings"');
  });

  const forwarded = (app: typeof ctx.app) =>
    app.inject({
      method: 'GET',
      url: '/',
      // inject's connection comes from 127.0.0.1: the proxy is trusted only when TRUST_PROXY names it.
      headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'my-account.bookings.example.com', 'x-forwarded-proto': 'https' },
    });

  it('ignores X-Forwarded-Host when no proxy is trusted (the default)', async () => {
    const response = await forwarded(ctx.app);
    expect(response.body).toContain('data-source="bookings"');
  });

  it('picks the source from X-Forwarded-Host of a trusted proxy', async () => {
    const response = await forwarded(behindProxy.app);
    expect(response.body).toContain('data-source="my-account"');
  });

  it('does not fail on a malformed percent escape', async () => {
    expect((await get('/%E0%A4%A')).statusCode).toBe(400);
  });
});

describe('the first screen’s data in the page (docs/performance.md "Lighthouse")', () => {
  const pageData = (body: string) => {
    const match = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body);
    expect(match).not.toBeNull();
    return JSON.parse(match![1]!) as { responses: Record<string, { data: unknown }> };
  };

  it('puts the theme, client settings and venues of the home page in it, keyed by the URL the app asks', async () => {
    const { responses } = pageData((await get('/')).body);
    expect(Object.keys(responses).sort()).toEqual(['/api/activities/venues', '/api/client', '/api/frontend/theme']);
    expect((responses['/api/activities/venues']!.data as { slug: string }[]).map((v) => v.slug)).toContain('bury-leisure-centre');
  });

  it('puts the venue, its categories and its theme in a venue page', async () => {
    const { responses } = pageData((await get('/location/bury-leisure-centre')).body);
    expect(Object.keys(responses).sort()).toEqual([
      '/api/activities/footer?venue=bury-leisure-centre',
      '/api/activities/venue/bury-leisure-centre/categories',
      '/api/activities/venues/bury-leisure-centre',
      '/api/client',
      '/api/frontend/theme?venue=bury-leisure-centre',
    ]);
  });

  it('puts nothing in a 404 page with a screen of its own; the not-found page carries only the theme and client, and says it is one', async () => {
    expect((await get('/location/nosuchvenue')).body).not.toContain('id="page-data"');
    // Issue 28: rendered on the server (not-found-page.ts); no screen data, no venue of the address.
    const notFound = pageData((await get('/nosuchvenue')).body) as { responses: Record<string, unknown>; notFound?: string };
    expect(Object.keys(notFound.responses).sort()).toEqual(['/api/client', '/api/frontend/theme']);
    expect(notFound.notFound).toBe('/nosuchvenue');
  });

  it('escapes < so a stored value cannot close the script element', async () => {
    const client = await ctx.app.db.selectFrom('venues').select('client_id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
    await ctx.app.db
      .insertInto('venues')
      .values({ client_id: client.client_id, slug: 'hostile-venue', name: '</script><script>alert(1)</script>', address_line1: '1 Road', town: 'Bury', postcode: 'BL9 0SW', lat: 53.59, lng: -2.29 })
      .execute();
    const { body } = await get('/location/hostile-venue');
    expect(body).not.toContain('</script><script>alert(1)');
    expect(JSON.stringify(pageData(body).responses['/api/activities/venues/hostile-venue'])).toContain('</script><script>alert(1)</script>');
  });
});
