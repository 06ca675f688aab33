import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", 'https://www.googletagmanager.com'], frameAncestors: ['*'] } },
  frameguard: false,
  crossOriginEmbedderPolicy: false,
};

/** The answer's headers from an app that sets X-Powered-By before the headers are applied (helmet removes it). */
const headersFrom = async (register: (app: FastifyInstance) => Promise<void>) => {
  const app = Fastify();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('X-Powered-By', 'something');
    done();
  });
  await register(app);
  app.get('/', () => ({ ok: true }));
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const { date: _date, ...rest } = response.headers;
  return rest;
};

describe('securityHeaders', () => {
  it('sets exactly what helmet run on each response sets', async () => {
    const perRequest = await headersFrom(async (app) => {
      const apply = helmet(OPTIONS);
      app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
    });
    const once = await headersFrom(async (app) => {
      await app.register(securityHeaders, OPTIONS);
    });
    expect(once).toEqual(perRequest);
    expect(once['content-security-policy']).toContain("default-src 'self'");
    expect(once['strict-transport-security']).toBeDefined();
    expect(once['x-frame-options']).toBeUndefined();
    expect(once['x-powered-by']).toBeUndefined();
  });

  it('refuses bad options at start', async () => {
    const app = Fastify();
    await expect(app.register(securityHeaders, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], 'bad directive!': ['x'] } } }).ready()).rejects.toThrow();
    await app.close();
  });
});
