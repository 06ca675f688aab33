import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response, its options parsed once at start.
 * `@fastify/helmet` calls `helmet(options)` again on every request, which re-parses the CSP
 * directives each time (about 6 % of a cached catalogue read's CPU, docs/performance.md).
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app, options) => {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, done) => {
      apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'security-headers' },
);
