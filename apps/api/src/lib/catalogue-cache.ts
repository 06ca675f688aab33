import type { FastifyReply, FastifyRequest } from 'fastify';

/** Enough for every venue's categories of a few large operators; the oldest entry goes first. */
const MAX_ENTRIES = 5000;

type Entry = { version: number; body: ReturnType<FastifyReply['serialize']> };

/**
 * Serialised catalogue answers kept in memory, keyed by client and by what the route names
 * (`categories:<venue>`), each stamped with the client's catalogue version it was built at.
 * An answer is served only while the request's version (read by the tenant lookup in the
 * same query that resolves the client) equals the stamp: any committed change to the
 * client's venues or catalogue bumps the version in the database (migration 0007), so every
 * instance builds a fresh answer on its very next request. Nothing else is cached; errors
 * (404 for an unknown venue) are never kept. docs/catalogue.md, "Caching".
 *
 * The version is read before the rows, so an answer can be newer than its stamp (a change
 * committed in between) but never older: the worst case is one extra rebuild.
 */
export const createCatalogueCache = (maxEntries = MAX_ENTRIES) => {
  const entries = new Map<string, Entry>();

  return {
    /** Sends the kept answer for `key`, or builds it with `build`, serialises it with the route's schema and keeps it. */
    send: async (request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>) => {
      const cacheKey = `${request.clientId}:${key}`;
      const version = request.catalogueVersion;
      const hit = entries.get(cacheKey);
      if (hit?.version === version) return reply.type('application/json; charset=utf-8').send(hit.body);
      const body = reply.serialize(await build());
      entries.delete(cacheKey);
      entries.set(cacheKey, { version, body });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  };
};
