import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { useTestApp } from '../../../test/app.ts';
import { createTimetableFixture } from '../../../test/fixtures/timetable.ts';
import { TOO_MANY_STREAMS_MESSAGE } from './routes.ts';

// The demo limits (20 per address); forwarded addresses from the test's own address are trusted.
const ctx = useTestApp({ TRUST_PROXY: '127.0.0.1' });
let small: App;
let path = '';

beforeAll(async () => {
  // A second instance with a total of 5 streams.
  small = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1', LIVE_STREAMS_MAX: '5' }), db: ctx.db, serveWeb: false });
  await small.ready();
  const fixture = await createTimetableFixture(ctx.db);
  path = `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}/live?date=${fixture.occurrences[0]!.date}`;
});
afterAll(async () => {
  await small?.close();
});

type Opened = { status: number; body: Promise<string>; retryAfter: string | undefined; close: () => void };

/** Opens a stream over real HTTP from `address`: resolves at ': connected', or with the refusal's body. */
const open = async (app: App, address: string, url = path): Promise<Opened> => {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, headers: { 'x-forwarded-for': address } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      const ended = new Promise<string>((done) => response.on('end', () => done(text)));
      const opened = { status: response.statusCode ?? 0, body: ended, retryAfter: response.headers['retry-after'] as string | undefined, close: () => request.destroy() };
      response.on('data', (chunk: string) => {
        text += chunk;
        if (opened.status === 200 && text.includes(': connected')) resolve(opened);
      });
      if (opened.status !== 200) resolve(opened);
    });
    request.on('error', reject);
  });
};

describe('live stream caps (issue 22)', () => {
  it('20 streams at once from one address are served, the 21st is 429; a closed stream frees its slot; other addresses are not affected', async () => {
    const streams = await Promise.all(Array.from({ length: 20 }, () => open(ctx.app, '203.0.113.1')));
    try {
      expect(streams.map((s) => s.status)).toEqual(Array(20).fill(200));
      const refused = await open(ctx.app, '203.0.113.1');
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe('60');
      expect(JSON.parse(await refused.body)).toEqual({ message: TOO_MANY_STREAMS_MESSAGE, code: 'too_many_streams' });
      const elsewhere = await open(ctx.app, '203.0.113.2');
      expect(elsewhere.status).toBe(200);
      elsewhere.close();
      // Closing one gives its slot back.
      const before = ctx.app.liveStreamCount();
      streams.pop()!.close();
      await expect.poll(() => ctx.app.liveStreamCount()).toBeLessThan(before);
      const again = await open(ctx.app, '203.0.113.1');
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      for (const stream of streams) stream.close();
    }
    await expect.poll(() => ctx.app.liveStreamCount()).toBe(0);
  });

  it('a stream refused by its route (unknown activity) takes no slot', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < 25; i++) {
      const missing = await open(ctx.app, '203.0.113.3', `/api/activities/venue/bury-leisure-centre/activity/nothing/live?date=${today}`);
      expect(missing.status).toBe(404);
    }
    expect(ctx.app.liveStreamCount()).toBe(0);
    const stream = await open(ctx.app, '203.0.113.3');
    expect(stream.status).toBe(200);
    stream.close();
  });

  it('LIVE_STREAMS_MAX caps the streams of an instance from all addresses', async () => {
    const streams = await Promise.all(Array.from({ length: 5 }, (_, i) => open(small, `203.0.113.${10 + i}`)));
    try {
      expect(streams.map((s) => s.status)).toEqual(Array(5).fill(200));
      expect((await open(small, '203.0.113.99')).status).toBe(429);
      streams.shift()!.close();
      await expect.poll(() => small.liveStreamCount()).toBe(4);
      const next = await open(small, '203.0.113.99');
      expect(next.status).toBe(200);
      streams.push(next);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
