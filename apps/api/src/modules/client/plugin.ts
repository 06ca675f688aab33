import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { resolveClientId } from './service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The client (operator) this request belongs to: from the host, else the configured default. */
    clientId: number;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    /** The client of a host name (cached briefly); the SPA server uses it for its 404s. */
    clientIdForHost: (hostname: string) => Promise<number | undefined>;
  }
}

const TTL_MS = 60_000;

/** Resolves the request's client from `client_domains` (DESIGN.md §4), cached briefly per host. */
export const tenantPlugin = fp(async (app) => {
  const cache = new Map<string, { clientId: number; expires: number }>();

  const resolve = async (host: string): Promise<number | undefined> => {
    const hit = cache.get(host);
    if (hit && hit.expires > Date.now()) return hit.clientId;
    const clientId = await resolveClientId(app.db, host, app.config.DEFAULT_CLIENT);
    if (clientId !== undefined) cache.set(host, { clientId, expires: Date.now() + TTL_MS });
    return clientId;
  };

  app.decorate('clientIdForHost', (hostname: string) => resolve(hostname.replace(/:\d+$/, '').toLowerCase()));
  app.decorateRequest('clientId', 0);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health') || request.url.startsWith('/api/docs')) return;
    const host = (request.hostname || 'localhost').replace(/:\d+$/, '').toLowerCase();
    const clientId = await resolve(host);
    if (clientId === undefined) throw notFound('client_not_configured', 'No client is configured for this site.');
    request.clientId = clientId;
  });
});
