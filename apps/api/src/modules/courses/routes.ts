import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import {
  ZCancelCourseBookingParams,
  ZCancelCourseBookingQuery,
  ZCancelCourseBookingResponse,
  ZCourseAvailabilityResponse,
  ZCourseIdParams,
  ZCoursePeopleResponse,
  ZCourseWaitlistActionResponse,
  ZCourseWaitlistEntryParams,
  ZJoinCourseWaitlistRequest,
  ZListCourseBookingsResponse,
} from '@app/contract/courses/course-booking';
import * as courses from './service.ts';
import * as waitlist from './waitlist.ts';
import { publicUrlOf } from '../../lib/config.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

const caller = (request: FastifyRequest) => ({ clientId: request.clientId, accountUserId: request.auth!.userId });
const originOf = (request: FastifyRequest) => ({ address: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null });

/**
 * Booking a course as a whole (docs/courses.md): what the course page needs (places left, the
 * price now, who of the account may join), and the account's course bookings with cancellation.
 * Adding a course to the basket is the basket's route (POST cart/courses). Places change with
 * every hold, so every answer is no-store.
 */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const symbol = (clientId: number) => courses.currencySymbol(app.db, clientId);
  const publicUrl = () => publicUrlOf(app.config);

  app.get(
    '/api/activities/courses/:courseId/availability',
    {
      config: { personalData: true },
      schema: { tags: ['courses'], summary: 'Sessions, places left and the price of a course now', params: ZCourseIdParams, response: { 200: ZCourseAvailabilityResponse, ...errors } },
    },
    async (request) => ({ data: await courses.availability(app.db, request.clientId, request.params.courseId, await symbol(request.clientId)) }),
  );

  app.get(
    '/api/activities/courses/:courseId/people',
    {
      ...guarded,
      schema: { tags: ['courses'], summary: "The account's people for a course: who fits its age range", params: ZCourseIdParams, response: { 200: ZCoursePeopleResponse, ...errors } },
    },
    async (request) => ({ data: await courses.peopleFor(app.db, caller(request), request.params.courseId) }),
  );

  app.post(
    '/api/activities/courses/:courseId/waitlist',
    {
      ...guarded,
      schema: {
        tags: ['courses'],
        summary: "Join a full course's waitlist (a person of the account); answers the entry and its position",
        params: ZCourseIdParams,
        body: ZJoinCourseWaitlistRequest,
        response: { 200: ZCourseWaitlistActionResponse, ...errors },
      },
    },
    async (request) => waitlist.join(app.db, caller(request), request.params.courseId, request.body),
  );

  app.delete(
    '/api/activities/courses/waitlist/:entryId',
    {
      ...guarded,
      schema: { tags: ['courses'], summary: "Leave a course's waitlist (an offered place goes to the next waiter)", params: ZCourseWaitlistEntryParams, response: { 200: ZCourseWaitlistActionResponse, ...errors } },
    },
    async (request) => waitlist.leave(app.db, caller(request), request.params.entryId),
  );

  app.get(
    '/api/dashboard/course-bookings',
    { ...guarded, schema: { tags: ['courses'], summary: "The account's course bookings with their sessions", response: { 200: ZListCourseBookingsResponse, ...errors } } },
    async (request) => ({ data: await courses.listBookings(app.db, caller(request), await symbol(request.clientId)) }),
  );

  app.delete(
    '/api/activities/course-bookings/:id',
    {
      ...guarded,
      schema: {
        tags: ['courses'],
        summary: 'Cancel a course booking (before the first session: full credit; after: not online)',
        params: ZCancelCourseBookingParams,
        querystring: ZCancelCourseBookingQuery,
        response: { 200: ZCancelCourseBookingResponse, ...errors },
      },
    },
    async (request) => courses.cancelBooking(app.db, caller(request), request.params.id, request.query.source, await symbol(request.clientId), originOf(request), publicUrl()),
  );
};
