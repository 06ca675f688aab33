import { describe, expect, it } from 'vitest';
import { useSpaTestApp } from '../../../test/spa-app.ts';

const ctx = useSpaTestApp(['bookings']);

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

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

  it.each(['/', '/basket', '/basket/checkout', '/booking-confirmed/42', '/location/bury-leisure-centre/yoga/2026-11-23/classes', '/bury-leisure-centre'])( // fixed-date: a date inside a path that is only parsed
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
