import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { createTestDatabase } from '../../../test/db.ts';

let app: App;
let drop: () => Promise<void>;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-404-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'bookings', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'bookings', 'index.html'), '<html data-source="bookings"><head></head><body></body></html>');
  const database = await createTestDatabase();
  drop = database.drop;
  app = await buildApp({ config: loadConfig({ DATABASE_URL: database.url, WEB_DIST_DIR: dist }), db: database.db });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

describe('paths without a screen (spec §2 "Any other path")', () => {
  it.each(['/a/b/c/d/e', '/courses/location/v/a/c/extra', '/favicon.ico', '/assets/gone-123.js'])(
    '%s answers 404 with the app, which shows the not-found page',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('data-source="bookings"');
    },
  );

  it.each(['/', '/basket', '/basket/checkout', '/booking-confirmed/42', '/location/v/a/2026-11-23/classes', '/some-venue'])(
    '%s answers 200',
    async (url) => {
      expect((await get(url)).statusCode).toBe(200);
    },
  );
});

describe('trailing slashes (spec §2: removed by redirect)', () => {
  it('redirects permanently to the path without it, keeping the query', async () => {
    const response = await get('/basket/?embedded=true');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/basket?embedded=true');
  });

  it('never redirects off the site', async () => {
    const response = await get('//evil.example/');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/evil.example');
  });
});
