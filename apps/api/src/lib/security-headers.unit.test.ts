import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { HSTS, securityHeaders, type SecurityHeadersOptions } from './security-headers.ts';

const OPTIONS: SecurityHeadersOptions = {
  directives: { 'default-src': ["'self'"], 'script-src': ["'self'"], 'frame-src': ["'self'"] },
  tagManager: { 'script-src': ['https://www.googletagmanager.com'], 'frame-src': ['https://www.googletagmanager.com'] },
  helmet: { crossOriginEmbedderPolicy: false },
};

/** The answer's headers from an app that sets X-Powered-By before the headers are applied (helmet removes it). */
const headersFrom = async (register: (app: FastifyInstance) => Promise<void>, request: { url?: string; headers?: Record<string, string> } = {}) => {
  const app = Fastify({ trustProxy: true });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setHeader('X-Powered-By', 'something');
    done();
  });
  await register(app);
  app.get('/', () => ({ ok: true }));
  app.get('/page', (_request, reply) => reply.pagePolicy({ tagManager: true, frameAncestors: ['https://operator.example'] }).type('text/html').send('<p>page</p>'));
  const response = await app.inject({ method: 'GET', url: request.url ?? '/', headers: request.headers });
  await app.close();
  const { date: _date, ...rest } = response.headers;
  return rest;
};

describe('securityHeaders', () => {
  it("sets helmet's other headers as helmet run on each response does", async () => {
    const perRequest = await headersFrom(async (app) => {
      const apply = helmet({ contentSecurityPolicy: false, frameguard: false, strictTransportSecurity: false, crossOriginEmbedderPolicy: false });
      app.addHook('onRequest', (request, reply, done) => apply(request.raw, reply.raw, () => done()));
    });
    const { 'content-security-policy': csp, 'x-frame-options': frame, ...once } = await headersFrom(async (app) => {
      await app.register(securityHeaders, OPTIONS);
    });
    expect(once).toEqual(perRequest);
    expect(once['x-powered-by']).toBeUndefined();
    // By default: never framed, and no tag-manager host.
    expect(csp).toBe("default-src 'self';script-src 'self';frame-src 'self';frame-ancestors 'none'");
    expect(frame).toBe('DENY');
  });

  it('names the tag manager and the framing origins only on a page that asks, without X-Frame-Options', async () => {
    const headers = await headersFrom(async (app) => void (await app.register(securityHeaders, OPTIONS)), { url: '/page' });
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self' https://www.googletagmanager.com;frame-src 'self' https://www.googletagmanager.com;frame-ancestors https://operator.example",
    );
    expect(headers['x-frame-options']).toBeUndefined();
  });

  it('sends HSTS only over HTTPS', async () => {
    const register = async (app: FastifyInstance) => void (await app.register(securityHeaders, OPTIONS));
    expect((await headersFrom(register))['strict-transport-security']).toBeUndefined();
    expect((await headersFrom(register, { headers: { 'x-forwarded-proto': 'https' } }))['strict-transport-security']).toBe(HSTS);
  });

  it('refuses bad options at start', async () => {
    const app = Fastify();
    await expect(app.register(securityHeaders, { directives: { 'default-src': ["'self'"], 'bad directive!': ['x'] }, tagManager: {} }).ready()).rejects.toThrow();
    await app.close();
  });
});
