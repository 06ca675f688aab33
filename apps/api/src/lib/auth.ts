import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { findActiveSession } from '../modules/auth/repository.ts';
import { hashToken } from '../modules/auth/service.ts';

export type AuthSession = { sessionId: number; userId: number; role: 'customer' | 'staff' };

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
    const session = await findActiveSession(app.db, request.clientId, hashToken(token));
    request.auth = session ? { sessionId: session.sessionId, userId: session.userId, role: session.role } : null;
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.auth) throw new AppError(401, 'Unauthenticated.');
  });
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    if (!request.auth) throw new AppError(401, 'Unauthenticated.');
    if (request.auth.role !== 'staff') throw new AppError(403, 'Unauthorised.');
  });
});
