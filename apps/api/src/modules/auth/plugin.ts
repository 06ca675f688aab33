import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { noStore } from '../../lib/no-store.ts';
import { sessionForToken, type AuthSession } from './service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    /** The caller's session from the bearer token, or null for a visitor. */
    auth: AuthSession | null;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return /^[\w-]{20,200}$/.test(token) ? token : null;
};

/**
 * Resolves the bearer token to a session once per request (after the tenant hook).
 * Route groups guard with `preHandler: app.requireUser` / `app.requireStaff`.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.clientId) return;
    const token = bearer(request);
    if (!token) return;
    request.auth = await sessionForToken(app.db, request.clientId, token);
  });
  // Guarded routes answer with personal data: `no-store` (lib/no-store.ts), also on a 401/403.
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    noStore(reply);
    if (!request.auth) throw unauthorized();
  });
  app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    noStore(reply);
    if (!request.auth) throw unauthorized();
    if (request.auth.role !== 'staff') throw forbidden();
  });
});
