import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ok', database: 'ok', version: expect.any(String) } });
  });

  it('carries a request id on every response', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});

describe('API docs', () => {
  it('publishes OpenAPI generated from the zod schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths['/api/health']).toBeDefined();
  });
});

describe('unknown API routes', () => {
  it('answer 404 with the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/nope not found.', code: 'route_not_found' });
  });
});
