import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from './config.ts';
import { conflict } from './errors.ts';
import { createTestDatabase } from '../../test/db.ts';

let app: App;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  app = await buildApp({ config: loadConfig({ DATABASE_URL: database.url }), db: database.db, serveWeb: false });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    { schema: { body: z.object({ email: z.email('Must be a valid email'), quantity: z.int().gt(0, 'Must be at least 1') }).strict() } },
    async (request) => ({ data: request.body }),
  );
  typed.get('/api/test/sold-out', async () => {
    throw conflict('This class is full');
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
      errors: { email: ['Must be a valid email'], quantity: ['Must be at least 1'] },
    });
  });

  it('keeps the real status of an application error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/sold-out' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This class is full' });
  });

  it('hides internals of unexpected failures', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something has gone wrong, please try again.' });
    expect(response.body).not.toContain('secret_table');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });
});
