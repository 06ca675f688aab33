import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { createTestDatabase } from '../../../test/db.ts';

/**
 * The SPA server's side of server rendering (docs/performance.md "Server rendering") with a
 * stand-in render bundle: it echoes what it was given, throws for a `boom` venue cookie and
 * never finishes for a `slow` one. The real bundle's output is checked in the browser journeys.
 */
const INDEX = `<!doctype html>
<html lang="en-GB" data-source="bookings">
  <head>
    <title>Bookings</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const CSS =
  '@font-face{font-family:Roboto;font-weight:400;src:url(/assets/roboto-latin-400-normal-abc.woff2)format("woff2")}' +
  "@font-face{font-family:'Roboto Fallback';src:local('Arial')}.shell{color:red}";
const FONT_PRELOAD = '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/roboto-latin-400-normal-abc.woff2" />';

const ENTRY = `
export const render = async ({ url, href, cookie, responses, runtimeConfig, signal }) => {
  if (cookie.includes('boom')) throw new Error('render bug');
  if (cookie.includes('slow')) await new Promise((resolve) => signal.addEventListener('abort', resolve));
  return {
    html: '<p id="rendered">' + [url, href, Object.keys(responses).sort().join(','), runtimeConfig.apiBase].join(' | ') + '</p>',
    htmlStyle: '--colour-primary-500:1 2 3',
    secondaryButton: 'solid',
    title: url === '/' ? 'Bookings | Choose a venue' : 'Bookings | Fish & <Chips>',
    description: url === '/' ? null : 'Fish & "chips" <fresh>',
    trail: url === '/' ? null : { path: url.split('?')[0], crumbs: [{ label: 'Book an activity', to: '/location/x' }, { label: 'Fish </script><b>' }] },
  };
};
`;

const ACCOUNT_INDEX = INDEX.replace('data-source="bookings"', 'data-source="my-account"').replaceAll('"/assets/', '"/_/my-account/assets/');

let app: App;
let dist: string;
let drop = async () => {};
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-ssr-'));
  fs.mkdirSync(path.join(dist, 'bookings', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'bookings', 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'bookings', 'assets', 'index-abc.css'), CSS);
  fs.writeFileSync(path.join(dist, 'bookings', 'assets', 'roboto-latin-400-normal-abc.woff2'), 'font');
  fs.mkdirSync(path.join(dist, '.server', 'bookings'), { recursive: true });
  fs.writeFileSync(path.join(dist, '.server', 'bookings', 'entry-server.js'), ENTRY);
  // The account site's bundle and its render (the personal screens, issue 28 session 12).
  fs.mkdirSync(path.join(dist, 'my-account', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'my-account', 'index.html'), ACCOUNT_INDEX);
  fs.mkdirSync(path.join(dist, '.server', 'my-account'), { recursive: true });
  fs.writeFileSync(path.join(dist, '.server', 'my-account', 'entry-server.js'), ENTRY.replace('<p id="rendered">', '<p id="rendered" data-site="my-account">'));
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

/** Today at the demo venue (Europe/London), `YYYY-MM-DD`: always inside the booking window. */
const venueToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: { host: 'localhost', ...(cookie ? { cookie } : {}) } });

describe('server rendering of the first screens', () => {
  it('puts the rendered home page in the root and the theme on <html>; it paints from the HTML alone', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<div id="root" data-server-rendered><p id="rendered">/ | http://localhost/ | /api/activities/venues,/api/client,/api/frontend/theme | /api</p></div>',
    );
    expect(response.body).toContain('<html lang="en-GB" data-source="bookings" style="--colour-primary-500:1 2 3" data-secondary-button="solid">');
    // Spec §2 'Bookings | {title}': the title the screen set, in the HTML (issue 20).
    expect(response.body.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Bookings | Choose a venue</title>']);
    // The stylesheet inline and the script started after the first paint (first-paint.ts); the
    // first screen's font is still preloaded.
    expect(response.body).toContain(`<style>${CSS}</style>`);
    expect(response.body).toContain('<script defer src="/start-after-paint.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-abc.js"></script>');
    expect(response.body).not.toMatch(/<link rel="(stylesheet|modulepreload)|type="module"/);
    expect(response.body).toContain(FONT_PRELOAD);
    // Nothing executable inline (strict CSP): only the JSON page data.
    expect(response.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual(['<script type="application/json" id="page-data">']);
  });

  it('renders a venue page with its venue and categories, and hands the cookie to the render', async () => {
    const response = await get('/location/bury-leisure-centre?utm=x');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p id="rendered">/location/bury-leisure-centre?utm=x | http://localhost/location/bury-leisure-centre?utm=x | ');
    expect(response.body).toContain('/api/activities/venue/bury-leisure-centre/categories,/api/activities/venues/bury-leisure-centre');
    expect(response.body.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Bookings | Fish &amp; &lt;Chips&gt;</title>']);
    // The screen's meta description, once (issue 28); home set none and has none.
    expect(response.body.match(/<meta name="description"[^>]*>/g)).toEqual(['<meta name="description" content="Fish &amp; &quot;chips&quot; &lt;fresh&gt;" />']);
    expect((await get('/')).body).not.toContain('name="description"');
    // The trail the screen set comes after the root, for the browser's first render (nothing in it can close the script).
    const trail = /<\/div>\s*<script type="application\/json" id="page-trail">(.*?)<\/script>/s.exec(response.body)?.[1];
    expect(trail).toContain('\\u003c/script>');
    expect(JSON.parse(trail!)).toEqual({ path: '/location/bury-leisure-centre', crumbs: [{ label: 'Book an activity', to: '/location/x' }, { label: 'Fish </script><b>' }] });
    expect((await get('/')).body).not.toContain('id="page-trail"');
  });

  it("renders a visitor's timetable day with the answers its queries ask for, the day's own included", async () => {
    const day = venueToday();
    const response = await get(`/location/bury-leisure-centre/yoga/${day}`);
    expect(response.statusCode).toBe(200);
    // Spec §4: the venue's migration date picks the v2 endpoint from that day on.
    const { migration_date: migrationDate } = (await get('/api/activities/venues/bury-leisure-centre')).json<{ data: { migration_date: string | null } }>().data;
    const dayUrl = `/api/activities/venue/bury-leisure-centre/activity/yoga/${migrationDate && day >= migrationDate ? 'v2/' : ''}timetable?date=${day}`;
    const keys = /<p id="rendered">[^|]*\|[^|]*\| ([^|]*) \|/.exec(response.body)?.[1]?.split(',');
    expect(keys).toEqual(
      [
        '/api/activities/venue/bury-leisure-centre/activity-category/yoga/dates',
        '/api/activities/venue/bury-leisure-centre/categories/yoga',
        dayUrl,
        '/api/activities/footer?venue=bury-leisure-centre',
        '/api/activities/venues/bury-leisure-centre',
        '/api/client',
        '/api/frontend/theme?venue=bury-leisure-centre',
      ].sort(),
    );
    // The day in the page is exactly what the browser would have fetched.
    const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(response.body)![1]!) as { responses: Record<string, unknown> };
    expect(data.responses[dayUrl]).toEqual((await get(dayUrl)).json());
    expect(data.responses[dayUrl]).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ kind: 'class' })]) });
    // The venue's footer block (text/html) comes as its text, so the footer paints with the page
    // and does not grow at hydration under a visitor who scrolled to the end.
    const footer = (await get('/api/activities/footer?venue=bury-leisure-centre')).body;
    expect(footer).toContain('<');
    expect(data.responses['/api/activities/footer?venue=bury-leisure-centre']).toBe(footer);
  });

  it("a logged-in viewer's page carries no day (their answer is their own): the screen renders its skeleton", async () => {
    const day = venueToday();
    const response = await get(`/location/bury-leisure-centre/yoga/${day}`, 'logged_in_bookings=1');
    expect(response.body).toContain('data-server-rendered');
    expect(response.body).toContain('/api/activities/venue/bury-leisure-centre/categories/yoga');
    expect(response.body).not.toContain('/activity/yoga/timetable');
    expect(response.body).not.toContain('/activity-category/yoga/dates');
  });

  it("an activity: a course category is sent to its courses; a visitor's sub-activity renders the day the server's clock picks (a customer's is the browser's); a parent renders", async () => {
    const course = await get('/location/bury-leisure-centre/swimming-lessons?utm=x');
    expect(course.statusCode).toBe(302);
    expect(course.headers.location).toBe('/courses/location/bury-leisure-centre/swimming-lessons?utm=x');
    // Issue 21 and 28: the first day with something left, by the server's minute (the page says
    // which), rendered with the window and that day's timetable in the page.
    const yoga = await get('/location/bury-leisure-centre/yoga');
    expect(yoga.statusCode).toBe(200);
    expect(yoga.body).toContain('data-server-rendered');
    expect(yoga.body).toContain('"/api/activities/venue/bury-leisure-centre/activity-category/yoga/dates":');
    expect(yoga.body).toMatch(/"\/api\/activities\/venue\/bury-leisure-centre\/activity\/yoga\/(v2\/)?timetable\?date=\d{4}-\d{2}-\d{2}":/);
    expect(yoga.body).toMatch(/"now":\d+/);
    // A logged-in customer's window is their own: their page is the browser's.
    const customers = (await get('/location/bury-leisure-centre/yoga', 'logged_in_bookings=1')).body;
    expect(customers).not.toContain('/activity-category/yoga/dates');
    expect(customers).toContain('<div id="root"></div>');
    const parent = await get('/location/bury-leisure-centre/racket-sports');
    expect(parent.statusCode).toBe(200);
    expect(parent.body).toContain('data-server-rendered');
    expect(parent.body).toContain('/api/activities/venue/bury-leisure-centre/categories/racket-sports,');
  });

  it('renders the course list, a category of it and a course with its sessions and places', async () => {
    const keysOf = (body: string) => /<p id="rendered">[^|]*\|[^|]*\| ([^|]*) \|/.exec(body)?.[1]?.split(',');
    const common = [
      '/api/client',
      '/api/frontend/theme?venue=bury-leisure-centre',
      '/api/activities/footer?venue=bury-leisure-centre',
      '/api/activities/venues/bury-leisure-centre',
    ];
    expect(keysOf((await get('/courses/location/bury-leisure-centre')).body)).toEqual(
      [...common, '/api/activities/venue/bury-leisure-centre/categories', '/api/activities/venue/bury-leisure-centre/courses'].sort(),
    );
    expect(keysOf((await get('/courses/location/bury-leisure-centre/swimming-lessons')).body)).toEqual(
      [...common, '/api/activities/venue/bury-leisure-centre/categories', '/api/activities/venue/bury-leisure-centre/courses?category=swimming-lessons'].sort(),
    );
    const courseUrl = '/api/activities/venue/bury-leisure-centre/courses/swimming-lessons/learn-to-swim-stage-1';
    const { id } = (await get(courseUrl)).json<{ data: { id: number } }>().data;
    expect(keysOf((await get('/courses/location/bury-leisure-centre/swimming-lessons/learn-to-swim-stage-1')).body)).toEqual(
      [...common, courseUrl, `/api/activities/courses/${id}/availability`].sort(),
    );
  });

  it.each(['/bury-leisure-centre', '/?kiosk=true', '/?embedded=true', '/location/bury-leisure-centre?centre=bury-leisure-centre'])(
    '%s is left to the browser as before',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('data-server-rendered');
      // As built: the browser needs the script and the stylesheet to paint.
      expect(response.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(response.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
      expect(response.body).not.toContain('start-after-paint.js');
      expect(response.body).toContain('<title>Bookings</title>');
    },
  );

  it("renders the basket and checkout, a visitor's or a customer's, with nothing of the customer's in the page", async () => {
    for (const cookie of [undefined, 'logged_in_bookings=1']) {
      for (const url of ['/basket', '/basket/checkout']) {
        const response = await get(url, cookie);
        expect(response.statusCode).toBe(200);
        // Only the theme and the client: the screen renders its frame and skeleton, then fetches the cart.
        expect(response.body).toContain(`<p id="rendered">${url} | http://localhost${url} | /api/client,/api/frontend/theme | /api</p>`);
        expect(response.body).not.toMatch(/"\/api\/(activities\/cart|auth|dashboard)/);
      }
    }
  });

  it("renders a customer's account screens with the account site's bundle; a visitor's are the browser's, which sends them to log in", async () => {
    const customer = await get('/_/my-account/dashboard', 'logged_in_my_account=1');
    expect(customer.statusCode).toBe(200);
    expect(customer.body).toContain('<p id="rendered" data-site="my-account">/dashboard | http://localhost/_/my-account/dashboard | /api/client,/api/frontend/theme | /api</p>');
    expect(customer.body).toContain('data-source="my-account"');
    expect((await get('/_/my-account/payments/12', 'logged_in_my_account=1')).body).toContain('data-site="my-account">/payments/12 |');
    // The bookings site's cookie is not the account site's login.
    for (const cookie of [undefined, 'logged_in_bookings=1']) {
      const visitor = await get('/_/my-account/dashboard', cookie);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).toContain('<div id="root"></div>');
      expect(visitor.body).not.toContain('data-server-rendered');
    }
  });

  it('a 404 page is not rendered on the server', async () => {
    const response = await get('/location/nosuchvenue');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('a render that throws leaves the page to the browser, and the next page renders again', async () => {
    const failed = await get('/', 'boom=1');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(failed.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">');
    expect(failed.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(failed.body).toContain(FONT_PRELOAD);
    expect((await get('/')).body).toContain('data-server-rendered');
  });

  it('a render slower than the budget is abandoned: the page is sent for the browser to render', async () => {
    const started = Date.now();
    const slow = await get('/', 'slow=1');
    expect(slow.statusCode).toBe(200);
    expect(slow.body).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await get('/')).body).toContain('data-server-rendered');
  });
});
