import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { CREDIT_APPLIED_MESSAGE } from '@app/contract/checkout/payment';
import { ZCreditsApplyRequest, ZCreditsApplyResponse, type CreditsApplyDto } from '@app/contract/credits/apply';
import type { Db } from '../../db/connect.ts';
import type { Caller } from '../account/service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

/** What POST credits/apply does with the request: the basket's reservation (basket.applyCredits). */
export type CreditsRoutesOptions = {
  applyCredits: (
    db: Db,
    caller: Caller,
    body: { credits_to_reserve: readonly { amount: number; type: 'general' | 'membership' }[]; selected_user_id?: number | null | undefined },
  ) => Promise<CreditsApplyDto>;
};

/**
 * POST credits/apply (spec §7; docs/checkout.md "Credit"): reserves the customer's credit for
 * their basket. The basket reads this module's ledger (its view shows the balances), so the
 * reservation is the basket's service and app.ts hands it to these routes: credits never
 * imports basket.
 */
export const creditsRoutes: FastifyPluginAsyncZod<CreditsRoutesOptions> = async (app, options) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };

  app.post(
    '/api/credits/apply',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Reserve general or membership credit for the basket', body: ZCreditsApplyRequest, response: { 200: ZCreditsApplyResponse, ...errors } } },
    async (request) => {
      const data = await options.applyCredits(app.db, { clientId: request.clientId, accountUserId: request.auth!.userId }, request.body);
      return { ...data, data, message: CREDIT_APPLIED_MESSAGE };
    },
  );
};
