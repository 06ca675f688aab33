import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { clientResolver } from './service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The client (operator) this request belongs to: from the host, else the configured default. */
    clientId: number;
    /** The client's catalogue version as this request found it (lib/catalogue-cache.ts). */
    catalogueVersion: number;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    /** The client of a host name (one query, no cache); the SPA server uses it for its 404s. */
    clientIdForHost: (hostname: string) => Promise<number | undefined>;
  }
}

/**
 * Resolves the request's client from `client_domains` (DESIGN.md §4) on every API request,
 * with no per-process cache, so a changed host mapping is seen by every instance on the next
 * request. The same query reads the client's catalogue version (docs/catalogue.md, "Caching").
 */
export const tenantPlugin = fp(async (app) => {
  const resolve = clientResolver(app.db);
  app.decorate('clientIdForHost', async (hostname: string) =>
    (await resolve(hostname.replace(/:\d+$/, '').toLowerCase(), app.config.DEFAULT_CLIENT))?.id,
  );
  app.decorateRequest('clientId', 0);
  app.decorateRequest('catalogueVersion', 0);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health') || request.url.startsWith('/api/docs')) return;
    const host = (request.hostname || 'localhost').replace(/:\d+$/, '').toLowerCase();
    const client = await resolve(host, app.config.DEFAULT_CLIENT);
    if (!client) throw notFound('client_not_configured', 'No client is configured for this site.');
    request.clientId = client.id;
    request.catalogueVersion = client.catalogueVersion;
  });
});
