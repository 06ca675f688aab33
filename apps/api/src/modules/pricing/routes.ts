import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZPriceParams, ZPriceRequest, ZPriceResponse } from '@app/contract/pricing/price';
import * as pricing from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

/**
 * POST price/{venue}/ticket/{activity} (spec §7): member and non-member prices. Visitors get them
 * too (spec §2 /pricing is for visitors; nothing personal: no customer, no discount); a logged-in
 * customer also gets their own price and discount. The answer depends on who asks: no-store.
 */
export const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.allowVisitor, config: { personalData: true } };

  app.post(
    '/api/price/:venue/ticket/:activity',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Member and non-member prices of an activity (and the customer discount)', params: ZPriceParams, body: ZPriceRequest, response: { 200: ZPriceResponse, ...errors } } },
    async (request) => ({
      data: await pricing.ticketPrices(app.db, request.clientId, request.auth ? request.auth.userId : null, request.params.venue, request.params.activity, request.body),
    }),
  );
};
