import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZTermsQuery, ZTermsResponse } from '@app/contract/terms/terms';
import * as terms from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

/** GET terms (spec §7; docs/checkout.md): needs a login, no-store. */
export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };

  app.get(
    '/api/terms',
    { ...guarded, schema: { tags: ['checkout'], summary: 'The terms to accept (their ids are sent as `terms`)', querystring: ZTermsQuery, response: { 200: ZTermsResponse, ...errors } } },
    async (request) => ({ data: await terms.listTerms(app.db, { clientId: request.clientId, accountUserId: request.auth!.userId }, request.query.cart_id) }),
  );
};
