import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZWalkInParams, ZWalkInResponse } from '@app/contract/foh/walk-in';
import { guestCategorySlugs, walkInOfTill } from '../walk-ins/service.ts';
import { sessionFor, type Staff } from './tills.ts';

const errors = { 401: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse };

/**
 * Walk-in sales (docs/front-of-house.md "Walk-in sales"): the walk-in account of the caller's own
 * open till session's till. Its basket is then filled, changed and paid through the ordinary
 * staff basket routes and `{checkout}/pay`, which apply the walk-in rules (guests only, the
 * till's own walk-in, no emailed receipt).
 */
export const fohWalkInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/foh/sessions/:sessionId/walk-in',
    {
      preValidation: app.requireStaff,
      config: { personalData: true },
      schema: { tags: ['front of house'], summary: "The till's walk-in account (its basket is the till's walk-in basket)", params: ZWalkInParams, response: { 200: ZWalkInResponse, ...errors } },
    },
    async (request) => {
      const staff: Staff = { clientId: request.clientId, staffUserId: request.auth!.userId };
      const session = await sessionFor(app.db, staff, request.params.sessionId, { open: true });
      const [walkIn, guestCategories] = await Promise.all([walkInOfTill(app.db, staff.clientId, session.till_id), guestCategorySlugs(app.db, staff.clientId)]);
      return { data: { ...walkIn, guest_categories: guestCategories } };
    },
  );
};
