import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from './config.ts';
import { createTestDatabase } from '../../test/db.ts';
import { completionLevel, redactUrl, SLOW_REQUEST_MS } from './request-log.ts';

type Line = { level: number; msg: string; reqId?: string; status?: number; ms?: number; url?: string };

const lines: Line[] = [];
let app: App;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  // The server's default level.
  const logger = pino({ level: 'info' }, sink);
  app = await buildApp({ config: loadConfig({ DATABASE_URL: database.url }), db: database.db, logger, serveWeb: false });
  app.get('/api/test/crash', async () => {
    throw new Error('boom');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
});

const linesFor = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe('request logging at the default level (info)', () => {
  it('writes nothing for a successful request unless it was slow', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/activities/venues', headers: { 'x-request-id': 'ok-request' } });
    expect(response.statusCode).toBe(200);
    // A loaded test machine may make it slow, which is the one reason to log it.
    for (const line of linesFor('ok-request')) expect(line).toMatchObject({ level: 40, status: 200, ms: expect.any(Number) as number });
    expect(linesFor('ok-request').filter((l) => l.level !== 40 || l.ms! < SLOW_REQUEST_MS)).toEqual([]);
  });

  it('writes one completion line with request id, status and time for a 4xx', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/activities/venues/no-such-venue', headers: { 'x-request-id': 'not-found-request' } });
    expect(response.statusCode).toBe(404);
    const logged = linesFor('not-found-request');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, msg: 'request completed', status: 404, url: '/api/activities/venues/no-such-venue' });
    expect(typeof logged[0]!.ms).toBe('number');
  });

  it('never writes a one-time token from the query string (issue 22)', async () => {
    const secret = 'tok_3f9a8c1e5b7d2f4a6c8e0b1d3f5a7c9e';
    for (const [id, url] of [
      ['token-user', `/api/auth/user?token=${secret}`],
      ['token-challenge', `/simulator/challenge?token=${secret}&mode=x`],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { 'x-request-id': id } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      const logged = linesFor(id);
      expect(logged.length).toBeGreaterThan(0);
      expect(JSON.stringify(logged)).not.toContain(secret);
      expect(logged.at(-1)!.url).toContain('token=[redacted]');
    }
  });

  it('logs a 5xx at error level: the failure and its completion line', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash', headers: { 'x-request-id': 'crash-request' } });
    expect(response.statusCode).toBe(500);
    const logged = linesFor('crash-request');
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      [50, 'request failed'],
      [50, 'request completed'],
    ]);
  });
});

describe('completionLevel', () => {
  it.each([
    [200, 5, 'debug'],
    [304, 5, 'debug'],
    [200, SLOW_REQUEST_MS, 'warn'],
    [404, 5, 'info'],
    [422, SLOW_REQUEST_MS + 1, 'warn'],
    [500, 5, 'error'],
    [503, SLOW_REQUEST_MS * 2, 'error'],
  ])('status %i in %i ms → %s', (status, ms, level) => {
    expect(completionLevel(status, ms)).toBe(level);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/activities/venues', '/api/activities/venues'],
    ['/x?date=today&token=abc', '/x?date=today&token=[redacted]'],
    ['/x?reset_token=abc&page=2', '/x?reset_token=[redacted]&page=2'],
    ['/x?Session_Key=abc&sig=zz&code=1', '/x?Session_Key=[redacted]&sig=[redacted]&code=[redacted]'],
    ['/x?token', '/x?token'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    ['/x?%E0%A4%A=1', '/x?[unreadable query]'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
