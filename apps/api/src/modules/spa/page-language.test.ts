import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { createTestDatabase } from '../../../test/db.ts';

/**
 * The page's language (issue 27, docs/languages.md): the `lang` cookie decides `<html lang>`, the
 * title, the translations the page carries and the language the server render uses; the switch's
 * link `?lang=` sets the cookie and comes back to the same address. A stand-in render bundle
 * echoes what it was given; the real one is checked in e2e/language/welsh.spec.ts.
 */
const INDEX = `<!doctype html>
<html lang="en-GB" data-source="SOURCE">
  <head>
    <title>Bookings</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const ENTRY = `
export const render = async ({ url, responses, language }) => ({
  html: '<p id="rendered">' + [url, language, Object.keys(responses).filter((k) => k.startsWith('/locales/')).sort().join(',')].join(' | ') + '</p>',
  htmlStyle: '',
  secondaryButton: null,
  title: language === 'cy' ? 'Archebion | Dewis canolfan' : 'Bookings | Choose a venue',
  description: null,
  trail: null,
});
`;

let app: App;
let dist: string;
let drop = async () => {};
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-lang-'));
  for (const source of ['bookings', 'my-account']) {
    fs.mkdirSync(path.join(dist, source, 'locales', 'en-GB'), { recursive: true });
    fs.mkdirSync(path.join(dist, source, 'locales', 'cy'), { recursive: true });
    fs.writeFileSync(path.join(dist, source, 'index.html'), INDEX.replace('SOURCE', source));
    fs.writeFileSync(path.join(dist, source, 'locales', 'en-GB', 'common.json'), JSON.stringify({ siteName: 'Bookings' }));
    fs.writeFileSync(path.join(dist, source, 'locales', 'cy', 'common.json'), JSON.stringify({ siteName: 'Archebion' }));
  }
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

const get = (url: string, { cookie, host = 'localhost' }: { cookie?: string; host?: string } = {}) =>
  app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

const pageData = (body: string) =>
  JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)![1]!) as { responses: Record<string, unknown> };

describe("a page in the visitor's language", () => {
  it('is English without a choice: <html lang="en-GB">, English translations, the render in English', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<html lang="en-GB" data-source="bookings"/);
    expect(response.body).toContain('<p id="rendered">/ | en-GB | /locales/en-GB/common.json</p>');
    expect(response.body.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Bookings | Choose a venue</title>']);
  });

  it('is Welsh with lang=cy: <html lang="cy">, the Welsh title, Welsh translations with English beside them for fallback', async () => {
    const response = await get('/', { cookie: 'lang=cy' });
    expect(response.body).toMatch(/<html lang="cy" data-source="bookings"/);
    expect(response.body).toContain('<p id="rendered">/ | cy | /locales/cy/common.json,/locales/en-GB/common.json</p>');
    expect(response.body.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Archebion | Dewis canolfan</title>']);
    expect(pageData(response.body).responses['/locales/cy/common.json']).toEqual({ siteName: 'Archebion' });
  });

  it("names the site in Welsh on a page the server does not render (the account site here), and the 404's page too", async () => {
    const page = await get('/_/my-account/dashboard', { cookie: 'lang=cy' });
    expect(page.body).toMatch(/<html lang="cy" data-source="my-account"/);
    expect(page.body).toContain('<title>Archebion</title>');
    const missing = await get('/no/such/page/here/at/all/x', { cookie: 'lang=cy' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<html lang="cy"/);
    // An address no site serves (an unknown /_/ prefix): a page of its own, in the chosen language.
    for (const [cookie, lang, title, home] of [
      ['lang=cy', 'cy', "Heb ddod o hyd i'r dudalen", "Mynd i'r hafan"],
      [undefined, 'en-GB', 'Page not found', 'Go to the home page'],
    ] as const) {
      const nowhere = await get('/_/no-such-site/page', { cookie });
      expect([nowhere.statusCode, nowhere.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
      expect(nowhere.body).toContain(`<html lang="${lang}">`);
      expect(nowhere.body).toContain(`<title>${title}</title>`);
      expect(nowhere.body).toContain(`<a href="/">${home}</a>`);
    }
  });

  it('reads a language that is not ours as English', async () => {
    const response = await get('/', { cookie: 'lang=fr' });
    expect(response.body).toMatch(/<html lang="en-GB"/);
  });

  it('says the page differs by cookie, so no cache hands one language to the other', async () => {
    for (const cookie of [undefined, 'lang=cy']) {
      const response = await get('/', { cookie });
      expect(String(response.headers.vary)).toMatch(/\bCookie\b/i);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe("the switch's link without JavaScript: ?lang=", () => {
  it('sets the cookie for a year and sees the same address again without the parameter (303), other parameters kept', async () => {
    const response = await get('/location/bury-leisure-centre?utm=x&lang=cy&b=2');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/location/bury-leisure-centre?utm=x&b=2');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=cy; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const english = await get('/_/my-account/dashboard?lang=en-GB');
    expect(english.headers.location).toBe('/_/my-account/dashboard');
    expect(String(english.headers['set-cookie'])).toMatch(/^lang=en-GB;/);
  });

  it("shares the cookie with the sources' sub-domains: Domain is the bookings host", async () => {
    for (const host of ['my-account.leisure.example', 'leisure.example', 'foh.leisure.example:8080']) {
      const response = await get('/?lang=cy', { host });
      expect(String(response.headers['set-cookie'])).toContain('; Domain=leisure.example;');
    }
    // `localhost` and IP hosts: host-only (Chromium refuses Domain=localhost from a sub-domain).
    for (const host of ['my-account.localhost:3000', '127.0.0.1:3000']) {
      expect(String((await get('/?lang=cy', { host })).headers['set-cookie'])).not.toContain('Domain');
    }
  });

  it('never leaves the site: a path a browser would read as another host goes home', async () => {
    for (const url of ['//evil.example/?lang=cy', '/%2Fevil.example/?lang=cy', '/\\evil.example?lang=cy']) {
      const response = await get(url);
      if (response.statusCode === 303) expect(response.headers.location).toMatch(/^\/(?![/\\])/);
    }
    expect((await get('//evil.example/?lang=cy')).headers.location).toBe('/');
  });

  it('a language that is not ours changes nothing but still drops the parameter', async () => {
    const response = await get('/?lang=fr&x=1');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/?x=1');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
