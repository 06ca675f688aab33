import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZCheckoutAuthoriseRequest, ZCheckoutAuthoriseResponse } from '@app/contract/checkout/authorise';
import { ZCheckoutCompleteRequest, ZCheckoutCompleteResponse } from '@app/contract/checkout/complete';
import { ZOrderParams, ZOrderResponse } from '@app/contract/checkout/order';
import { ORDER_COMPLETED_MESSAGE } from '@app/contract/checkout/payment';
import { ZAuthoriseLateFeesRequest, ZAuthoriseLateFeesResponse, ZPayLateFeesRequest, ZPayLateFeesResponse } from '@app/contract/bookings/late-fees';
import { unprocessable } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { Caller } from '../account/service.ts';
import { CART_SOURCE } from '../basket/service.ts';
import { providerFor } from '../payments/service.ts';
import * as orders from './service.ts';
import { publicUrlOf } from '../../lib/config.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

const caller = (request: FastifyRequest): Caller => ({ clientId: request.clientId, accountUserId: request.auth!.userId });
const originOf = (request: FastifyRequest) => ({ address: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

/**
 * Checkout's order routes (spec §7; docs/checkout.md): authorise, complete,
 * late-cancellation fees, the completed order and its calendar. Every route needs a login and is
 * no-store; the cart, order and people must be the caller's.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const deps = () => ({ provider: providerFor(app.config.PAYMENT_PROVIDER), holdMinutes: app.config.HOLD_MINUTES, publicUrl: publicUrlOf(app.config) });
  const idempotencyKey = (request: FastifyRequest, fallback: string | null) => {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header.trim() : '';
    if (key.length > 200) throw unprocessable('validation_failed', 'The given data was invalid.', { 'Idempotency-Key': ['Must contain at most 200 character(s)'] });
    return key || fallback;
  };

  app.post(
    '/api/checkout/authorise',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Authorise the card part of the basket (3-D Secure challenge or frictionless)', body: ZCheckoutAuthoriseRequest, response: { 200: ZCheckoutAuthoriseResponse, ...errors } } },
    async (request) => {
      const data = await orders.authorise(app.db, caller(request), request.body, { ...deps(), address: request.ip, idempotencyKey: idempotencyKey(request, null) });
      return { ...data, data };
    },
  );

  app.post(
    '/api/checkout/complete',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Complete the order exactly once (after authorise, or paid with credit)', body: ZCheckoutCompleteRequest, response: { 200: ZCheckoutCompleteResponse, ...errors } } },
    async (request) => {
      const body = request.body;
      const transactionUuid = body.transaction_uuid ?? null;
      const fallback = body.item_hash ? `${body.item_hash}:${transactionUuid ?? 'direct'}` : null;
      const data = await orders.complete(
        app.db,
        caller(request),
        {
          payments: body.payments ?? [],
          terms: body.terms,
          source: body.source ?? CART_SOURCE,
          transactionUuid,
          idempotencyKey: idempotencyKey(request, fallback),
          selectedUserId: body.selected_user_id,
          staffUserId: null,
          offlineAllowed: false,
        },
        deps(),
      );
      return { data, complete_order_id: data.complete_order_id, reference: data.reference, message: ORDER_COMPLETED_MESSAGE };
    },
  );

  // Late-cancellation fees (docs/account-bookings.md): by card (authorise, then pay with its
  // transaction_uuid) or from general credit (pay without one); either way an order and a receipt.
  app.post(
    '/api/dashboard/late-cancellation-fees/authorise',
    {
      ...guarded,
      schema: { tags: ['bookings'], summary: 'Authorise a card for every unpaid late-cancellation fee (3-D Secure as at checkout)', body: ZAuthoriseLateFeesRequest, response: { 200: ZAuthoriseLateFeesResponse, ...errors } },
    },
    async (request) => ({ data: await orders.authoriseLateFees(app.db, caller(request), request.body, { ...deps(), address: request.ip }) }),
  );
  app.post(
    '/api/dashboard/late-cancellation-fees/pay',
    {
      ...guarded,
      schema: {
        tags: ['bookings'],
        summary: 'Pay every unpaid late-cancellation fee from general credit, or by the card authorised for them',
        body: ZPayLateFeesRequest.optional(),
        response: { 200: ZPayLateFeesResponse, ...errors },
      },
    },
    async (request) => orders.payLateFees(app.db, caller(request), { transactionUuid: request.body?.transaction_uuid }, originOf(request), deps()),
  );

  // POST /api/activities/cart/pay ({checkout}/pay, front of house) is the foh module's: the till's tenders (docs/front-of-house.md).

  app.get(
    '/api/checkout/orders/:completeOrderId',
    { ...guarded, schema: { tags: ['checkout'], summary: 'A completed order (booking confirmed)', params: ZOrderParams, response: { 200: ZOrderResponse, ...errors } } },
    async (request) => ({ data: await orders.orderView(app.db, caller(request), request.params.completeOrderId) }),
  );

  app.get(
    '/api/checkout/orders/:completeOrderId/calendar.ics',
    { ...guarded, schema: { tags: ['checkout'], summary: "The order's bookings as iCalendar (Add to calendar)", params: ZOrderParams } },
    async (request, reply) => {
      const file = await orders.orderCalendar(app.db, caller(request), request.params.completeOrderId, requestLanguage(request));
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );
};
