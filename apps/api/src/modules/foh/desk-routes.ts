import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZCartResponse } from '@app/contract/cart/cart';
import { ZCustomerParams, ZCustomerPanelResponse } from '@app/contract/foh/customers';
import { ZStaffCartAddRequest, ZStaffCartItemParams, ZStaffCartParams, ZStaffCartRemoveRequest, ZStaffCartUpdateRequest, ZStaffDiscountRequest } from '@app/contract/foh/cart';
import { ZBookingParams, ZCheckInRequest, ZCheckInResponse, ZRosterParams, ZRosterResponse, ZScanRequest } from '@app/contract/foh/attendance';
import { customerPanel } from './panel.ts';
import { staffAdd, staffDiscount, staffGetCart, staffRemove, staffUpdate } from './on-behalf.ts';
import { checkInByScan, checkInByTap, roster } from '../attendance/service.ts';
import type { Staff } from './tills.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };
const staffOf = (request: FastifyRequest): Staff => ({ clientId: request.clientId, staffUserId: request.auth!.userId });
const ZStaffCartQuery = z.object({ selected_user_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/**
 * The desk's customer panel, basket on behalf and attendance (docs/front-of-house.md). Staff
 * only: a customer's token → 403; another operator's customer, booking or venue → 403.
 */
export const fohDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is checked: a customer's token is refused with 403 whatever it sends, never told what a till body lacks.
  const staffOnly = { preValidation: app.requireStaff, config: { personalData: true } };
  const tags = ['front of house'];
  const hold = app.config.HOLD_MINUTES;

  app.get('/api/foh/customers/:accountUserId', { ...staffOnly, schema: { tags, summary: 'The customer panel', params: ZCustomerParams, response: { 200: ZCustomerPanelResponse, ...errors } } }, async (request) =>
    customerPanel(app.db, staffOf(request), request.params.accountUserId),
  );

  app.get(
    '/api/foh/customers/:accountUserId/cart',
    { ...staffOnly, schema: { tags, summary: "The customer's own basket", params: ZStaffCartParams, querystring: ZStaffCartQuery, response: { 200: ZCartResponse, ...errors } } },
    async (request) => staffGetCart(app.db, staffOf(request), request.params.accountUserId, request.query.selected_user_id),
  );

  app.post(
    '/api/foh/customers/:accountUserId/cart/add',
    { ...staffOnly, schema: { tags, summary: "Hold places in the customer's basket (past the release time; ahead of the waitlist with a reason)", params: ZStaffCartParams, body: ZStaffCartAddRequest, response: { 200: ZCartResponse, ...errors } } },
    async (request) => staffAdd(app.db, staffOf(request), request.params.accountUserId, request.body, hold),
  );

  app.post(
    '/api/foh/customers/:accountUserId/cart/remove',
    { ...staffOnly, schema: { tags, summary: "Remove items from the customer's basket", params: ZStaffCartParams, body: ZStaffCartRemoveRequest, response: { 200: ZCartResponse, ...errors } } },
    async (request) => staffRemove(app.db, staffOf(request), request.params.accountUserId, request.body),
  );

  app.put(
    '/api/foh/customers/:accountUserId/cart/:cartItemId',
    { ...staffOnly, schema: { tags, summary: 'Change the ticket type or person of an item', params: ZStaffCartItemParams, body: ZStaffCartUpdateRequest, response: { 200: ZCartResponse, ...errors } } },
    async (request) => staffUpdate(app.db, staffOf(request), request.params.accountUserId, request.params.cartItemId, request.body, hold),
  );

  app.post(
    '/api/foh/customers/:accountUserId/cart/:cartItemId/discount',
    { ...staffOnly, schema: { tags, summary: "Lower an item's price with a reason (recorded)", params: ZStaffCartItemParams, body: ZStaffDiscountRequest, response: { 200: ZCartResponse, ...errors } } },
    async (request) => staffDiscount(app.db, staffOf(request), request.params.accountUserId, request.params.cartItemId, request.body),
  );

  app.get('/api/foh/venues/:venue/roster', { ...staffOnly, schema: { tags, summary: "Today's roster at a venue", params: ZRosterParams, response: { 200: ZRosterResponse, ...errors } } }, async (request) =>
    roster(app.db, staffOf(request), request.params.venue),
  );

  app.post(
    '/api/foh/bookings/:bookingId/check-in',
    { ...staffOnly, schema: { tags, summary: 'Check a booking in (tap a name)', params: ZBookingParams, body: ZCheckInRequest, response: { 200: ZCheckInResponse, ...errors } } },
    async (request) => checkInByTap(app.db, staffOf(request), request.params.bookingId, request.body.till_session_id),
  );

  app.post('/api/foh/check-in/scan', { ...staffOnly, schema: { tags, summary: "Check in by the booking's QR token", body: ZScanRequest, response: { 200: ZCheckInResponse, ...errors } } }, async (request) =>
    checkInByScan(app.db, staffOf(request), request.body.token, request.body.till_session_id),
  );
};
