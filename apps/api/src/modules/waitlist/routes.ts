import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import {
  ZWaitlistActionResponse,
  ZWaitlistAddRequest,
  ZWaitlistMemberParams,
  ZWaitlistMembersParams,
  ZWaitlistMembersRequest,
  ZWaitlistRemoveParams,
} from '@app/contract/waitlist/waitlist';
import * as waitlist from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

const caller = (request: FastifyRequest) => ({ clientId: request.clientId, accountUserId: request.auth!.userId });

/**
 * Waitlists (spec §7): numeric occurrence ids on the activities service, uuids on the v1
 * activities occurrences path (spec §5). Join and leave answer the entry and the toast text.
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };

  app.post(
    '/api/activities/waitlist/add',
    {
      ...guarded,
      schema: { tags: ['waitlist'], summary: 'Join the waitlist of a full session (numeric id)', body: ZWaitlistAddRequest, response: { 200: ZWaitlistActionResponse, ...errors } },
    },
    async (request) =>
      waitlist.join(app.db, caller(request), { id: request.body.item.id }, request.body.selected_user_id, request.body.item.type),
  );

  app.delete(
    '/api/activities/waitlist/remove/:waitlistId',
    {
      ...guarded,
      schema: { tags: ['waitlist'], summary: 'Leave a waitlist (numeric entry id)', params: ZWaitlistRemoveParams, response: { 200: ZWaitlistActionResponse, ...errors } },
    },
    async (request) => waitlist.leaveById(app.db, caller(request), request.params.waitlistId),
  );

  app.post(
    '/api/v1/activities/occurrences/:id/waitlist/members',
    {
      ...guarded,
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waitlist of a full session (v2 occurrence uuid)',
        params: ZWaitlistMembersParams,
        body: ZWaitlistMembersRequest,
        response: { 200: ZWaitlistActionResponse, ...errors },
      },
    },
    async (request) => waitlist.join(app.db, caller(request), { uuid: request.params.id.toLowerCase() }, request.body.data.user_id),
  );

  app.delete(
    '/api/v1/activities/occurrences/:occurrenceId/waitlist/members/:userId',
    {
      ...guarded,
      schema: { tags: ['waitlist'], summary: 'Leave the waitlist of a session (v2 occurrence uuid, membership user id)', params: ZWaitlistMemberParams, response: { 200: ZWaitlistActionResponse, ...errors } },
    },
    async (request) => waitlist.leaveByMember(app.db, caller(request), request.params.occurrenceId.toLowerCase(), request.params.userId),
  );
};
