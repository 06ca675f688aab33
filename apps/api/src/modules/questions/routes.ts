import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
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
import { resolvePeople, type Caller } from '../account/service.ts';
import * as questions from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

const caller = (request: FastifyRequest): Caller => ({ clientId: request.clientId, accountUserId: request.auth!.userId });
const personQuery = (value: string | undefined) => (value === undefined || value === '' || value === 'null' ? null : Number(value));

/**
 * Custom questions and waivers of the basket (spec §7; docs/checkout.md "Questions and
 * waivers"). Every route needs a login and is no-store; the cart and people must be the caller's.
 */
export const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };

  app.post(
    '/api/activities/cart/:cartId/questions',
    { ...guarded, schema: { tags: ['checkout'], summary: "The custom questions of the cart's items, with answers so far", params: ZCartQuestionsParams, body: ZCartQuestionsRequest, response: { 200: ZCartQuestionsResponse, ...errors } } },
    async (request) => {
      // The cart id names the basket; a selected user sent along must still be the caller's (spec §6: 403).
      await resolvePeople(app.db, caller(request), { selected_user_id: request.body.selected_user_id });
      return { data: await questions.cartQuestions(app.db, caller(request), request.params.cartId) };
    },
  );

  app.post(
    '/api/activities/:id/questions/answers',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Answer the questions for the basket items on an occurrence (numeric id)', params: ZAnswersParams, body: ZAnswersRequest, response: { 200: ZAnswersResponse, ...errors } } },
    async (request) => ({ data: await questions.answerQuestions(app.db, caller(request), { id: request.params.id }, request.body) }),
  );

  app.post(
    '/api/activities/occurrences/:id/questions/answers',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Answer the questions for the basket items on an occurrence (uuid)', params: ZAnswersUuidParams, body: ZAnswersRequest, response: { 200: ZAnswersResponse, ...errors } } },
    async (request) => ({ data: await questions.answerQuestions(app.db, caller(request), { uuid: request.params.id.toLowerCase() }, request.body) }),
  );

  app.get(
    '/api/activities/question-waivers',
    { ...guarded, schema: { tags: ['checkout'], summary: 'The waivers the basket needs, per person', querystring: ZWaiversQuery, response: { 200: ZWaiverRequirementsResponse, ...errors } } },
    async (request) => questions.waiverRequirements(app.db, caller(request), personQuery(request.query.selected_user_id)),
  );

  app.post(
    '/api/activities/question-waivers',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Sign waivers for people of the account', body: ZWaiversRequest, response: { 200: ZWaiversResponse, ...errors } } },
    async (request) => ({ data: await questions.signWaivers(app.db, caller(request), request.body) }),
  );

  app.get(
    '/api/activities/:restriction/question-waivers/previous-attendees',
    {
      ...guarded,
      schema: { tags: ['checkout'], summary: 'People of the account who signed this waiver before', params: ZPreviousAttendeesParams, querystring: ZPreviousAttendeesQuery, response: { 200: ZPreviousAttendeesResponse, ...errors } },
    },
    async (request) => ({
      data: await questions.previousAttendees(app.db, caller(request), request.params.restriction, request.query.query ?? '', personQuery(request.query.selected_user_id)),
    }),
  );
};
