import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZCheckoutPrepareQuery, ZCheckoutPrepareResponse, ZSavedCardParams } from '@app/contract/checkout/prepare';
import { ZCheckoutAuthoriseRequest, ZCheckoutAuthoriseResponse } from '@app/contract/checkout/authorise';
import { ZCheckoutCompleteRequest, ZCheckoutCompleteResponse, ZCheckoutPayRequest } from '@app/contract/checkout/complete';
import { ZOrderParams, ZOrderResponse } from '@app/contract/checkout/order';
import { ORDER_COMPLETED_MESSAGE, CREDIT_APPLIED_MESSAGE } from '@app/contract/checkout/payment';
import { ZCreditsApplyRequest, ZCreditsApplyResponse } from '@app/contract/credits/apply';
import { ZTermsQuery, ZTermsResponse } from '@app/contract/terms/terms';
import {
  ZAnswersParams,
  ZAnswersRequest,
  ZAnswersResponse,
  ZAnswersUuidParams,
  ZCartQuestionsParams,
  ZCartQuestionsRequest,
  ZCartQuestionsResponse,
  ZPreviousAttendeesParams,
  ZPreviousAttendeesQuery,
  ZPreviousAttendeesResponse,
  ZWaiverRequirementsResponse,
  ZWaiversQuery,
  ZWaiversRequest,
  ZWaiversResponse,
} from '@app/contract/questions/questions';
import { ZPriceParams, ZPriceRequest, ZPriceResponse } from '@app/contract/pricing/price';
import { ZAuthoriseLateFeesRequest, ZAuthoriseLateFeesResponse, ZPayLateFeesRequest, ZPayLateFeesResponse } from '@app/contract/bookings/late-fees';
import { unprocessable } from '../../lib/errors.ts';
import { CART_SOURCE } from '../cart/service.ts';
import { providerFor } from '../payments/service.ts';
import * as checkout from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

const caller = (request: FastifyRequest): checkout.Caller => ({ clientId: request.clientId, accountUserId: request.auth!.userId });
const originOf = (request: FastifyRequest) => ({ address: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });
const personQuery = (value: string | undefined) => (value === undefined || value === '' || value === 'null' ? null : Number(value));

/**
 * Checkout, credits, terms, questions and waivers (spec §7; docs/checkout.md). Every route needs
 * a login and is no-store; the cart, order, saved card and people must be the caller's.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const deps = () => ({ provider: providerFor(app.config.PAYMENT_PROVIDER), holdMinutes: app.config.HOLD_MINUTES });
  const idempotencyKey = (request: FastifyRequest, fallback: string | null) => {
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header.trim() : '';
    if (key.length > 200) throw unprocessable('validation_failed', 'The given data was invalid.', { 'Idempotency-Key': ['Must contain at most 200 character(s)'] });
    return key || fallback;
  };

  app.get(
    '/api/checkout/prepare',
    { ...guarded, schema: { tags: ['checkout'], summary: 'A payment session with the provider, and saved cards', querystring: ZCheckoutPrepareQuery, response: { 200: ZCheckoutPrepareResponse, ...errors } } },
    async (request) => {
      const data = await checkout.prepare(app.db, caller(request), deps());
      return { ...data, data };
    },
  );

  app.delete(
    '/api/checkout/saved-cards/:savedCardId',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Delete a saved card', params: ZSavedCardParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await checkout.deleteSavedCard(app.db, caller(request), request.params.savedCardId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/checkout/authorise',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Authorise the card part of the basket (3-D Secure challenge or frictionless)', body: ZCheckoutAuthoriseRequest, response: { 200: ZCheckoutAuthoriseResponse, ...errors } } },
    async (request) => {
      const data = await checkout.authorise(app.db, caller(request), request.body, { ...deps(), idempotencyKey: idempotencyKey(request, null) });
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
      const data = await checkout.complete(
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
    async (request) => ({ data: await checkout.authoriseLateFees(app.db, caller(request), request.body, deps()) }),
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
    async (request) => checkout.payLateFees(app.db, caller(request), { transactionUuid: request.body?.transaction_uuid }, originOf(request), deps()),
  );

  app.post(
    '/api/activities/cart/pay',
    {
      preHandler: app.requireStaff,
      config: { personalData: true },
      schema: { tags: ['checkout'], summary: 'Front of house: pay a customer basket with cash, offline voucher, cheque or credit (staff)', body: ZCheckoutPayRequest, response: { 200: ZCheckoutCompleteResponse, ...errors } },
    },
    async (request) => {
      const body = request.body;
      const data = await checkout.payAtDesk(
        app.db,
        { clientId: request.clientId, staffUserId: request.auth!.userId },
        { payments: body.payments, terms: body.terms, source: body.source ?? 'front-of-house', idempotencyKey: idempotencyKey(request, null), selectedUserId: body.selected_user_id },
        deps(),
      );
      return { data, complete_order_id: data.complete_order_id, reference: data.reference, message: ORDER_COMPLETED_MESSAGE };
    },
  );

  app.get(
    '/api/checkout/orders/:completeOrderId',
    { ...guarded, schema: { tags: ['checkout'], summary: 'A completed order (booking confirmed)', params: ZOrderParams, response: { 200: ZOrderResponse, ...errors } } },
    async (request) => ({ data: await checkout.orderView(app.db, caller(request), request.params.completeOrderId) }),
  );

  app.get(
    '/api/checkout/orders/:completeOrderId/calendar.ics',
    { ...guarded, schema: { tags: ['checkout'], summary: "The order's bookings as iCalendar (Add to calendar)", params: ZOrderParams } },
    async (request, reply) => {
      const file = await checkout.orderCalendar(app.db, caller(request), request.params.completeOrderId);
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );

  app.get(
    '/api/terms',
    { ...guarded, schema: { tags: ['checkout'], summary: 'The terms to accept (their ids are sent as `terms`)', querystring: ZTermsQuery, response: { 200: ZTermsResponse, ...errors } } },
    async (request) => ({ data: await checkout.listTerms(app.db, caller(request), request.query.cart_id) }),
  );

  app.post(
    '/api/credits/apply',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Reserve general or membership credit for the basket', body: ZCreditsApplyRequest, response: { 200: ZCreditsApplyResponse, ...errors } } },
    async (request) => {
      const data = await checkout.applyCredits(app.db, caller(request), request.body);
      return { ...data, data, message: CREDIT_APPLIED_MESSAGE };
    },
  );

  app.post(
    '/api/activities/cart/:cartId/questions',
    { ...guarded, schema: { tags: ['checkout'], summary: "The custom questions of the cart's items, with answers so far", params: ZCartQuestionsParams, body: ZCartQuestionsRequest, response: { 200: ZCartQuestionsResponse, ...errors } } },
    async (request) => ({ data: await checkout.cartQuestions(app.db, caller(request), request.params.cartId) }),
  );

  app.post(
    '/api/activities/:id/questions/answers',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Answer the questions for the basket items on an occurrence (numeric id)', params: ZAnswersParams, body: ZAnswersRequest, response: { 200: ZAnswersResponse, ...errors } } },
    async (request) => ({ data: await checkout.answerQuestions(app.db, caller(request), { id: request.params.id }, request.body) }),
  );

  app.post(
    '/api/activities/occurrences/:id/questions/answers',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Answer the questions for the basket items on an occurrence (uuid)', params: ZAnswersUuidParams, body: ZAnswersRequest, response: { 200: ZAnswersResponse, ...errors } } },
    async (request) => ({ data: await checkout.answerQuestions(app.db, caller(request), { uuid: request.params.id.toLowerCase() }, request.body) }),
  );

  app.get(
    '/api/activities/question-waivers',
    { ...guarded, schema: { tags: ['checkout'], summary: 'The waivers the basket needs, per person', querystring: ZWaiversQuery, response: { 200: ZWaiverRequirementsResponse, ...errors } } },
    async (request) => checkout.waiverRequirements(app.db, caller(request), personQuery(request.query.selected_user_id)),
  );

  app.post(
    '/api/activities/question-waivers',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Sign waivers for people of the account', body: ZWaiversRequest, response: { 200: ZWaiversResponse, ...errors } } },
    async (request) => ({ data: await checkout.signWaivers(app.db, caller(request), request.body) }),
  );

  app.get(
    '/api/activities/:restriction/question-waivers/previous-attendees',
    {
      ...guarded,
      schema: { tags: ['checkout'], summary: 'People of the account who signed this waiver before', params: ZPreviousAttendeesParams, querystring: ZPreviousAttendeesQuery, response: { 200: ZPreviousAttendeesResponse, ...errors } },
    },
    async (request) => ({
      data: await checkout.previousAttendees(app.db, caller(request), request.params.restriction, request.query.query ?? '', personQuery(request.query.selected_user_id)),
    }),
  );

  app.post(
    '/api/price/:venue/ticket/:activity',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Member and non-member prices of an activity (and the customer discount)', params: ZPriceParams, body: ZPriceRequest, response: { 200: ZPriceResponse, ...errors } } },
    async (request) => ({ data: await checkout.ticketPrices(app.db, caller(request), request.params.venue, request.params.activity, request.body) }),
  );
};
