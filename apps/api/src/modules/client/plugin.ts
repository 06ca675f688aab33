import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { clientResolver } from './service.ts';
import { createTenantCache, type Tenant, type TenantCache } from './tenant-cache.ts';

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
    /** The client of a host name (the tenant lookup); the SPA server uses it for its 404s. */
    clientIdForHost: (hostname: string) => Promise<number | undefined>;
    /** The tenant of a host name, with what its pages' headers need (the SPA server). */
    tenantForHost: (hostname: string) => Promise<Tenant | undefined>;
    /** The tenant lookup's answers kept in memory (tenant-cache.ts); tests wait on its drops. */
    tenantCache: TenantCache;
  }
}

/**
 * Resolves the request's client from `client_domains` (DESIGN.md §4) on every API request, with
 * the client's catalogue version (docs/catalogue.md, "Caching"). The answers are kept in memory
 * (tenant-cache.ts) while this instance listens for changes: a changed host mapping, client or
 * catalogue version is heard by every instance at commit (migration 0041) and read afresh.
 * It needs the availability hub (plugins/availability-hub.ts), which app.ts registers first.
 */
export const tenantPlugin = fp(async (app) => {
  const read = clientResolver(app.db);
  const listening = () => app.config.TENANT_CACHE && app.availabilityHub.listening((error) => app.log.warn({ err: error }, 'tenant listener not ready'));
  const cache = createTenantCache(listening);
  app.decorate('tenantCache', cache);
  app.addHook('onReady', async () => void app.availabilityHub.watchTenants(cache.drop));
  const resolve = async (host: string, defaultSlug: string) => {
    const key = `${host}\u0000${defaultSlug}`;
    const kept = cache.get(key);
    if (kept !== undefined) return kept ?? undefined;
    const stamp = cache.stamp();
    const found = await read(host, defaultSlug);
    cache.set(key, stamp, found ?? null);
    return found;
  };
  const tenantForHost = (hostname: string) => resolve(hostname.replace(/:\d+$/, '').toLowerCase(), app.config.DEFAULT_CLIENT);
  app.decorate('tenantForHost', tenantForHost);
  app.decorate('clientIdForHost', async (hostname: string) => (await tenantForHost(hostname))?.id);
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
}, { name: 'tenant', dependencies: ['availability-hub'] });
