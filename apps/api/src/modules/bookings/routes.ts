import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZListBookingsQuery, ZListBookingsResponse } from '@app/contract/bookings/list-bookings';
import { ZCancelBookingParams, ZCancelBookingQuery, ZCancelBookingsResponse, ZUpdateBookingsRequest } from '@app/contract/bookings/cancel-booking';
import { ZListLateFeesResponse } from '@app/contract/bookings/late-fees';
import { ZCreditSummaryResponse } from '@app/contract/bookings/credit';
import * as bookings from './service.ts';
import { publicUrlOf } from '../../lib/config.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

const caller = (request: FastifyRequest) => ({ clientId: request.clientId, accountUserId: request.auth!.userId });
const originOf = (request: FastifyRequest) => ({ address: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

/**
 * The account's bookings, cancellation (spec §7 DELETE, the wire notes' PATCH), late-cancellation
 * fees and the credit explained (docs/account-bookings.md). Every route needs a login, no-store.
 */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const publicUrl = () => publicUrlOf(app.config);
  const list = { ...guarded, schema: { tags: ['bookings'], summary: "The account's future or past bookings (every family member)", querystring: ZListBookingsQuery, response: { 200: ZListBookingsResponse, ...errors } } };

  // The live product's path (wire notes) and the same list under the dashboard base.
  app.get('/api/my-account/bookings', list, async (request) => bookings.listBookings(app.db, caller(request), request.query));
  app.get('/api/dashboard/bookings', list, async (request) => bookings.listBookings(app.db, caller(request), request.query));

  const cancelOne = {
    ...guarded,
    schema: {
      tags: ['bookings'],
      summary: 'Cancel a booking (credit at least 4 hours ahead, a late-cancellation fee after)',
      params: ZCancelBookingParams,
      querystring: ZCancelBookingQuery,
      response: { 200: ZCancelBookingsResponse, ...errors },
    },
  };
  // Spec §7 writes it with a trailing slash; the server does not fold slashes, so both answer.
  for (const url of ['/api/activities/bookings/:id', '/api/activities/bookings/:id/']) {
    app.delete(url, cancelOne, async (request) => bookings.cancelBookings(app.db, caller(request), [request.params.id], request.query.source, originOf(request), publicUrl()));
  }

  app.patch(
    '/api/v1/activities/bookings',
    {
      ...guarded,
      schema: { tags: ['bookings'], summary: 'Cancel several bookings, all or none (wire notes)', body: ZUpdateBookingsRequest, response: { 200: ZCancelBookingsResponse, ...errors } },
    },
    async (request) => bookings.cancelBookings(app.db, caller(request), request.body.data.booking_ids, request.body.data.cancellation_source, originOf(request), publicUrl()),
  );

  app.get(
    '/api/dashboard/late-cancellation-fees',
    { ...guarded, schema: { tags: ['bookings'], summary: 'Unpaid late-cancellation fees', response: { 200: ZListLateFeesResponse, ...errors } } },
    async (request) => bookings.listUnpaidFees(app.db, caller(request)),
  );

  app.get(
    '/api/dashboard/credit',
    { ...guarded, schema: { tags: ['bookings'], summary: 'General credit: balance, what expires when, latest ledger rows', response: { 200: ZCreditSummaryResponse, ...errors } } },
    async (request) => bookings.creditSummary(app.db, caller(request)),
  );
};
