import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import {
  ZReleaseNotOpen,
  ZReleaseOverrideBody,
  ZPublicReleaseResponse,
  ZReleaseParams,
  ZReleaseRequestAccepted,
  ZReleaseRequestBody,
  ZReleaseRequestList,
  ZReleaseResponse,
} from '@app/contract/releases/releases';
import * as releases from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

const caller = (request: FastifyRequest) => ({ clientId: request.clientId, accountUserId: request.auth!.userId });

/** A fair release (issue 25; docs/release.md): customers' requests, and staff moving a day's release. */
export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };

  app.post(
    '/api/activities/release-requests',
    {
      ...guarded,
      schema: {
        tags: ['releases'],
        summary: 'Ask for a place on a day about to be released (a cart-add item); decided by the draw',
        body: ZReleaseRequestBody,
        response: { 202: ZReleaseRequestAccepted, 422: ZReleaseNotOpen.or(ZErrorResponse), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await releases.makeRequest(app.db, caller(request), request.body);
      if (answer.kind === 'not_open') return reply.code(422).send(answer.body);
      return reply.code(202).send({ data: answer.data });
    },
  );

  app.get(
    '/api/activities/release-requests',
    { ...guarded, schema: { tags: ['releases'], summary: "The caller's release requests", response: { 200: ZReleaseRequestList, ...errors } } },
    async (request) => ({ data: await releases.listRequests(app.db, caller(request)) }),
  );

  // Public: the countdown, the committed hash and the revealed seed are for everyone to see.
  app.get(
    '/api/activities/venues/:venue/releases/:date',
    {
      schema: {
        tags: ['releases'],
        summary: "A venue's day release: when, its committed seed hash, and the seed once drawn",
        params: ZReleaseParams,
        response: { 200: ZPublicReleaseResponse, ...errors },
      },
    },
    async (request) => ({ data: await releases.publicRelease(app.db, request.clientId, request.params.venue, request.params.date) }),
  );

  app.put(
    '/api/foh/venues/:venue/releases/:date',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: ['releases'],
        summary: "Schedule or move a venue's release of a day (staff of the venue's operator)",
        params: ZReleaseParams,
        body: ZReleaseOverrideBody,
        response: { 200: ZReleaseResponse, 422: ZErrorResponse, ...errors },
      },
    },
    async (request) => ({
      data: await releases.moveRelease(app.db, caller(request), request.params.venue, request.params.date, request.body.release_at),
    }),
  );
};
