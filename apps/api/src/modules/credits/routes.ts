import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { CREDIT_APPLIED_MESSAGE } from '@app/contract/checkout/payment';
import { ZCreditsApplyRequest, ZCreditsApplyResponse } from '@app/contract/credits/apply';
import { applyCredits } from '../basket/service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

/**
 * POST credits/apply (spec §7; docs/checkout.md "Credit"): reserves the customer's credit for
 * their basket. The reservation is the basket's (basket.applyCredits: the cart view's total and
 * the ledger of this module's service), so this route calls the basket's service.
 */
export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };

  app.post(
    '/api/credits/apply',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Reserve general or membership credit for the basket', body: ZCreditsApplyRequest, response: { 200: ZCreditsApplyResponse, ...errors } } },
    async (request) => {
      const data = await applyCredits(app.db, { clientId: request.clientId, accountUserId: request.auth!.userId }, request.body);
      return { ...data, data, message: CREDIT_APPLIED_MESSAGE };
    },
  );
};
