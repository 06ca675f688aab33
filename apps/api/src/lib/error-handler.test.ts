import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from './config.ts';
import { AppError, conflict, internalError } from './errors.ts';
import { createTestDatabase } from '../../test/db.ts';

let app: App;
let drop: () => Promise<void>;
/** Every JSON log line the app wrote. */
const logLines: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  app = await buildApp({
    config: loadConfig({ DATABASE_URL: database.url }),
    db: database.db,
    serveWeb: false,
    logger: pino({ level: 'error' }, logSink),
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    { schema: { body: z.object({ email: z.email('Must be a valid email'), quantity: z.int().gt(0, 'Must be at least 1') }).strict() } },
    async (request) => ({ data: request.body }),
  );
  typed.get('/api/test/sold-out', async () => {
    throw conflict('class_full', 'This class is full');
  });
  typed.get('/api/test/slow-down', async () => {
    throw new AppError({ code: 'too_many_requests', status: 429, message: 'Try again in 30 seconds.', retryAfterSeconds: 30 });
  });
  typed.get('/api/test/broken-invariant', async () => {
    throw internalError('ledger_out_of_balance', 'ledger 42 is out of balance by 300 pence');
  });
  typed.get('/api/test/crash', async () => {
    throw new Error('relation "secret_table" does not exist');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
});

describe('error handler', () => {
  it('answers 422 with a field → messages map for invalid input', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { email: 'nope', quantity: 0 } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      code: 'validation_failed',
      errors: { email: ['Must be a valid email'], quantity: ['Must be at least 1'] },
    });
  });

  it('keeps the real status of an application error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/sold-out' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This class is full', code: 'class_full' });
  });

  it("sends an application error's retryAfterSeconds as Retry-After, and no Retry-After otherwise", async () => {
    const slowDown = await app.inject({ method: 'GET', url: '/api/test/slow-down' });
    expect(slowDown.statusCode).toBe(429);
    expect(slowDown.headers['retry-after']).toBe('30');
    expect(slowDown.json()).toEqual({ message: 'Try again in 30 seconds.', code: 'too_many_requests' });
    const full = await app.inject({ method: 'GET', url: '/api/test/sold-out' });
    expect(full.headers['retry-after']).toBeUndefined();
  });

  it('hides internals of unexpected failures', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something has gone wrong, please try again.', code: 'internal_error' });
    expect(response.body).not.toContain('secret_table');
  });

  it("sends only the generic message for an application error of status 500, and logs the detail with the request id", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/broken-invariant', headers: { 'x-request-id': 'req-broken-1' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something has gone wrong, please try again.', code: 'ledger_out_of_balance' });
    expect(response.body).not.toContain('ledger 42');
    const logged = logLines.filter((line) => line.includes('req-broken-1'));
    expect(logged.join('\n')).toContain('ledger 42 is out of balance by 300 pence');
  });

  it('answers an unknown route with 404 and the route_not_found code', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/test/nowhere not found.', code: 'route_not_found' });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String), code: 'bad_request' });
  });
});
