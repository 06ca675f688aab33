import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZLoginRequest, ZLoginResponse } from '@app/contract/auth/login';
import { ZGetAuthUserResponse } from '@app/contract/auth/get-auth-user';
import { ZLogoutResponse } from '@app/contract/auth/logout';
import * as service from './service.ts';
import { LoginThrottledError } from './login-throttle.ts';
import { HashPoolBusyError } from '../../lib/hash-pool.ts';

/** Auth API of spec §7 under the auth base (`/api/auth`). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/customer/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with email or customer reference and password; returns a bearer token',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, 422: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    // Failed attempts are limited per account and per address inside the service, after the
    // body is parsed (modules/auth/login-throttle.ts, docs/security.md).
    async (request, reply) => {
      try {
        const { token } = await service.login(app.db, request.clientId, request.body.username, request.body.password, request.ip);
        // `data.token` is the spec's; `status` and top-level `token` are what the live product's clients read.
        return { status: 'success' as const, token, data: { token } };
      } catch (error) {
        if (error instanceof LoginThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
        if (error instanceof HashPoolBusyError) reply.header('retry-after', '1');
        throw error;
      }
    },
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
