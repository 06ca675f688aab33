import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZLoginRequest, ZLoginResponse } from '@app/contract/auth/login';
import { ZGetAuthUserResponse } from '@app/contract/auth/get-auth-user';
import { ZLogoutResponse } from '@app/contract/auth/logout';
import * as service from './service.ts';
import { postgresRateLimitStore } from '../../lib/rate-limit-store.ts';

/** Login attempts allowed per minute for one address and username (DESIGN.md §7). */
export const LOGIN_ATTEMPTS_PER_MINUTE = 20;

/** Auth API of spec §7 under the auth base (`/api/auth`). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(app.db) });

  app.post(
    '/api/auth/customer/login',
    {
      config: {
        // Login attempts are limited per address and username (DESIGN.md §7).
        rateLimit: {
          max: LOGIN_ATTEMPTS_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: (request) => `${request.ip}:${String((request.body as { username?: unknown } | undefined)?.username ?? '').toLowerCase()}`,
          errorResponseBuilder: (_request, context) => ({
            statusCode: 429,
            message: `Too many login attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
          }),
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Log in with email or customer reference and password; returns a bearer token',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, 422: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => ({ data: await service.login(app.db, request.clientId, request.body.username, request.body.password) }),
  );

  app.get(
    '/api/auth/user',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'The logged-in user with their membership users', response: { 200: ZGetAuthUserResponse, 401: ZErrorResponse, 404: ZErrorResponse, 500: ZErrorResponse } },
    },
    async (request) => ({ data: await service.authUser(app.db, request.clientId, request.auth!.userId) }),
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: ZLogoutResponse, 401: ZErrorResponse } },
    },
    async (request) => {
      await service.logout(app.db, request.auth!.sessionId);
      return { data: { message: 'Logged out.' } };
    },
  );
};
