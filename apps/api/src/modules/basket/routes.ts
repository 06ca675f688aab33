import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import {
  ZCartAddRequest,
  ZCartExtraRemoveQuery,
  ZCartQuery,
  ZCartRemoveQuery,
  ZCartRemoveRequest,
  ZCartResponse,
  ZCartUpdateParams,
  ZCartUpdateRequest,
} from '@app/contract/cart/cart';
import { ZAddCourseRequest } from '@app/contract/courses/course-booking';
import { ZCartDiscountRequest } from '@app/contract/cart/discount';
import type { FastifyRequest } from 'fastify';
import { sessionForTokenHash } from '../auth/service.ts';
import type { Caller } from '../account/service.ts';
import { createFullMarks, type UnsettledCaller } from '../holds/service.ts';
import * as cart from './service.ts';

const errors = { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse, 400: ZErrorResponse };

const caller = (request: FastifyRequest): Caller => ({ clientId: request.clientId, accountUserId: request.auth!.userId });

/**
 * The basket (spec §7 "Cart", base `/api/activities/cart`): every route needs a login and answers
 * the whole cart of the selected person (docs/holds.md).
 */
export const basketRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  // Occurrences found full, refused from memory until a note of their day (docs/holds.md
  // "Refusing from memory"): dropped by the instance's availability listener, used only while it listens.
  const marks = createFullMarks(() => app.availabilityHub.listening((error) => app.log.warn({ err: error }, 'availability listener not ready')));
  app.addHook('onReady', async () => void app.availabilityHub.watch(marks.cache));

  app.post(
    '/api/activities/cart/courses',
    {
      ...guarded,
      schema: {
        tags: ['cart'],
        summary: 'Hold one place on every session of a course and add it to the basket (409 when full, 422 outside the age range)',
        body: ZAddCourseRequest,
        response: { 200: ZCartResponse, ...errors },
      },
    },
    async (request) => ({ data: await cart.addCourseToCart(app.db, caller(request), request.body, app.config.HOLD_MINUTES) }),
  );

  app.get(
    '/api/activities/cart',
    {
      ...guarded,
      schema: { tags: ['cart'], summary: "The selected person's basket", querystring: ZCartQuery, response: { 200: ZCartResponse, ...errors } },
    },
    async (request) => ({ data: await cart.getCart(app.db, caller(request), request.query) }),
  );

  app.delete(
    '/api/activities/cart',
    {
      ...guarded,
      schema: { tags: ['cart'], summary: 'Clear the basket (releases every hold)', querystring: ZCartQuery, response: { 200: ZCartResponse, ...errors } },
    },
    async (request) => ({ data: await cart.clearCart(app.db, caller(request), request.query) }),
  );

  app.post(
    '/api/activities/cart/add',
    {
      ...guarded,
      // The add's first query finds the session too: a refusal is one round trip (docs/holds.md).
      config: { ...guarded.config, sessionInHandler: true },
      schema: {
        tags: ['cart'],
        summary: 'Hold places and add them to the basket (all items or none; 409 when full)',
        body: ZCartAddRequest,
        response: { 200: ZCartResponse, ...errors },
      },
    },
    async (request, reply) => {
      const deferred = request.deferredSession;
      const who: Caller | UnsettledCaller = deferred
        ? {
            clientId: request.clientId,
            token: { hash: deferred.tokenHash, idleMinutes: app.config.SESSION_IDLE_MINUTES },
            settle: (session) => {
              app.settleSession(request, reply, session);
              return caller(request);
            },
            lookUp: () => sessionForTokenHash(app.db, request.clientId, deferred.tokenHash, app.config.SESSION_IDLE_MINUTES),
          }
        : caller(request);
      return { data: await cart.addToCart(app.db, who, request.body, app.config.HOLD_MINUTES, marks) };
    },
  );

  app.post(
    '/api/activities/cart/remove',
    {
      ...guarded,
      schema: {
        tags: ['cart'],
        summary: 'Remove items from the basket (releases their holds)',
        querystring: ZCartRemoveQuery,
        body: ZCartRemoveRequest,
        response: { 200: ZCartResponse, ...errors },
      },
    },
    async (request) =>
      ({
        data: await cart.removeFromCart(app.db, caller(request), request.body.cart_item_ids, {
          selected_user_id: request.query.selected_user_id ?? request.body.selected_user_id,
          membership_user_id: request.query.membership_user_id ?? request.body.membership_user_id,
        }),
      }),
  );

  app.put(
    '/api/activities/cart/:cartItemId',
    {
      ...guarded,
      schema: {
        tags: ['cart'],
        summary: 'Change an item (ticket type, person) or hold an expired item again',
        params: ZCartUpdateParams,
        body: ZCartUpdateRequest,
        response: { 200: ZCartResponse, ...errors },
      },
    },
    async (request) =>
      ({
        data: await cart.updateItem(app.db, caller(request), request.params.cartItemId, request.body, request.body, app.config.HOLD_MINUTES),
      }),
  );

  // Discount codes (docs/discounts.md): every refusal is a 400 whose message the basket shows.
  app.post(
    '/api/activities/cart/discount',
    {
      ...guarded,
      schema: {
        tags: ['cart'],
        summary: "Apply a discount code to the selected person's basket (replaces one applied before; 400 with the reason when it can't be used)",
        body: ZCartDiscountRequest,
        response: { 200: ZCartResponse, ...errors },
      },
    },
    async (request) => ({ data: await cart.applyDiscount(app.db, caller(request), request.body.code, { selected_user_id: request.body.selected_user_id }) }),
  );

  app.delete(
    '/api/activities/cart/discount',
    {
      ...guarded,
      schema: { tags: ['cart'], summary: "Remove the discount code from the selected person's basket", querystring: ZCartQuery, response: { 200: ZCartResponse, ...errors } },
    },
    async (request) => ({ data: await cart.removeDiscount(app.db, caller(request), request.query) }),
  );

  for (const extra of ['benefit', 'package'] as const) {
    app.delete(
      `/api/activities/${extra}/remove/:cartItemId`,
      {
        ...guarded,
        schema: {
          tags: ['cart'],
          summary: extra === 'benefit' ? 'Remove the membership cover of a basket item (back to the full price)' : 'Remove the package visit used by a basket item (back to the full price)',
          params: ZCartUpdateParams,
          querystring: ZCartExtraRemoveQuery,
          response: { 200: ZCartResponse, ...errors },
        },
      },
      async (request) => ({ data: await cart.removeAppliedExtra(app.db, caller(request), request.params.cartItemId, request.query, extra) }),
    );
  }
};
