import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { createTestDatabase } from '../../../test/db.ts';

/**
 * /pricing and the not-found page in the route table (issue 28, docs/performance.md "Public pages:
 * pricing, not found, TBT"), with a stand-in render bundle that echoes what it was given, as in
 * server-render.test.ts. The real bundle's output is checked by the journeys e2e/ssr/pricing.spec.ts
 * and e2e/ssr/not-found.spec.ts.
 */
const INDEX = `<!doctype html>
<html lang="en-GB" data-source="bookings">
  <head>
    <title>Bookings</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const ENTRY = `
export const render = async ({ url, responses, notFound }) => ({
  html: '<p id="rendered">' + [url, Object.keys(responses).sort().join(','), notFound ?? '-'].join(' | ') + '</p>',
  htmlStyle: '',
  secondaryButton: null,
  title: notFound ? 'Bookings | Not found' : 'Bookings | Membership pricing',
  description: null,
});
`;

let app: App;
let dist: string;
let drop = async () => {};
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-public-'));
  fs.mkdirSync(path.join(dist, 'bookings'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'bookings', 'index.html'), INDEX);
  fs.mkdirSync(path.join(dist, '.server', 'bookings'), { recursive: true });
  fs.writeFileSync(path.join(dist, '.server', 'bookings', 'entry-server.js'), ENTRY);
  const database = await createTestDatabase();
  drop = database.drop;
  app = await buildApp({ config: loadConfig({ DATABASE_URL: database.url, WEB_DIST_DIR: dist, LOG_LEVEL: 'silent' }), db: database.db });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });

const remembered = (slug: string) => `selected_venue=${encodeURIComponent(JSON.stringify({ slug, selectedSlugs: [slug] }))}`;

/** What the stand-in render was given: the URL, the answers' keys, the not-found path. */
const renderedOf = (body: string) => {
  const match = /<p id="rendered">([^|]*) \| ([^|]*) \| ([^<]*)<\/p>/.exec(body);
  return match ? { url: match[1], keys: match[2]!.split(',').filter(Boolean), notFound: match[3] } : null;
};

const pageDataOf = (body: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)![1]!) as { responses: Record<string, unknown>; notFound?: string };

describe('/pricing from the route table', () => {
  it("a visitor's page carries the remembered venue's activities and the first one's classes, exactly as the screen asks", async () => {
    const response = await get('/pricing', remembered('bury-leisure-centre'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root" data-server-rendered>');
    expect(response.body.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Bookings | Membership pricing</title>']);

    // The screen's own choice: the first activity without sub-activities, its first bookable day.
    const categoriesUrl = '/api/activities/venue/bury-leisure-centre/categories';
    const categories = (await get(categoriesUrl)).json<{ data: { slug: string; has_children: boolean }[] }>().data;
    const first = (categories.filter((c) => !c.has_children)[0] ?? categories[0])!.slug;
    const datesUrl = `/api/activities/venue/bury-leisure-centre/activity-category/${first}/dates`;
    const dates = (await get(datesUrl)).json<{ data: { raw: string; bookable: boolean }[] }>().data;
    const day = (dates.find((d) => d.bookable) ?? dates[0])!.raw;
    const dayUrl = `/api/activities/venue/bury-leisure-centre/activity/${first}/v2/timetable?date=${day}`;

    expect(renderedOf(response.body)).toEqual({
      url: '/pricing',
      keys: ['/api/client', '/api/frontend/theme?venue=bury-leisure-centre', '/api/activities/footer?venue=bury-leisure-centre', categoriesUrl, datesUrl, dayUrl].sort(),
      notFound: '-',
    });
    const data = pageDataOf(response.body);
    expect(data.responses[dayUrl]).toEqual((await get(dayUrl)).json());
    expect(data.responses[datesUrl]).toEqual((await get(datesUrl)).json());
    expect(data.notFound).toBeUndefined();
  });

  it('a visitor without a remembered venue: the frame only (the screen asks them to choose one)', async () => {
    const response = await get('/pricing');
    expect(response.statusCode).toBe(200);
    expect(renderedOf(response.body)?.keys).toEqual(['/api/client', '/api/frontend/theme']);
  });

  it("a logged-in viewer's page carries nothing of the screen's (theirs may be their home venue): the screen renders its skeleton", async () => {
    const response = await get('/pricing', `logged_in_bookings=1; ${remembered('bury-leisure-centre')}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('data-server-rendered');
    // The shell's: the remembered venue's theme and footer block, as for anyone.
    expect(renderedOf(response.body)?.keys).toEqual(
      ['/api/client', '/api/frontend/theme?venue=bury-leisure-centre', '/api/activities/footer?venue=bury-leisure-centre'].sort(),
    );
  });

  it('a remembered venue that does not exist puts no answer in the page', async () => {
    const response = await get('/pricing', remembered('no-such-venue'));
    expect(response.statusCode).toBe(200);
    expect(renderedOf(response.body)?.keys).toEqual(['/api/client']);
  });
});

describe('the not-found page from the server (spec §2 "Any other path")', () => {
  it.each(['/a/b/c/d/e', '/courses/location/bury-leisure-centre/swimming-lessons/learn-to-swim-stage-1/extra', '/nosuchvenue', '/dashboard'])(
    '%s answers 404 with the not-found page rendered, and says so to the app',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(renderedOf(response.body)).toEqual({ url, keys: ['/api/client', '/api/frontend/theme'], notFound: url });
      expect(response.body.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Bookings | Not found</title>']);
      expect(pageDataOf(response.body).notFound).toBe(url);
    },
  );

  it.each([
    // Screens of their own: the venue or activity is not there (the browser renders them, as before).
    '/location/nosuchvenue',
    '/courses/location/nosuchvenue',
    '/location/bury-leisure-centre/underwater-hockey',
    // Spec §2: an unknown activity's toast, then home.
    '/nosuchvenue/yoga',
    // A file name: what robots probe costs no render.
    '/favicon.ico',
    '/wp-login.php',
  ])('%s answers 404 without a server render', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('"notFound"');
  });

  it('a page that exists never carries the not-found mark', async () => {
    const response = await get('/location/bury-leisure-centre');
    expect(response.statusCode).toBe(200);
    expect(renderedOf(response.body)?.notFound).toBe('-');
    expect(pageDataOf(response.body).notFound).toBeUndefined();
  });
});
