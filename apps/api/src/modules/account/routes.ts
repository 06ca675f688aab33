import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import {
  ZCreateFamilyMemberRequest,
  ZFamilyMemberParams,
  ZFamilyMemberResponse,
  ZListFamilyMembersResponse,
  ZRemoveFamilyMemberResponse,
  ZUpdateFamilyMemberRequest,
} from '@app/contract/account/family-member';
import * as account from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

export const originOf = (request: FastifyRequest): account.RequestOrigin => ({
  address: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Family members under the dashboard base (docs/account.md "Family members"). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const base = '/api/dashboard/family-members';

  app.get(base, { ...guarded, schema: { tags: ['account'], summary: "The customer's family members (membership users other than themselves)", response: { 200: ZListFamilyMembersResponse, ...errors } } }, async (request) => ({
    data: await account.listFamilyMembers(app.db, request.clientId, request.auth!.userId),
  }));

  app.post(
    base,
    { ...guarded, schema: { tags: ['account'], summary: 'Add a family member (partner, child with date of birth, other)', body: ZCreateFamilyMemberRequest, response: { 201: ZFamilyMemberResponse, ...errors } } },
    async (request, reply) => {
      const member = await account.addFamilyMember(app.db, request.clientId, request.auth!.userId, request.body, originOf(request));
      return reply.code(201).send({ data: member });
    },
  );

  app.patch(
    `${base}/:id`,
    { ...guarded, schema: { tags: ['account'], summary: 'Change a family member', params: ZFamilyMemberParams, body: ZUpdateFamilyMemberRequest, response: { 200: ZFamilyMemberResponse, ...errors } } },
    async (request) => ({
      data: await account.updateFamilyMember(app.db, request.clientId, request.auth!.userId, request.params.id, request.body, originOf(request)),
    }),
  );

  app.delete(
    `${base}/:id`,
    { ...guarded, schema: { tags: ['account'], summary: 'Remove a family member without bookings', params: ZFamilyMemberParams, response: { 200: ZRemoveFamilyMemberResponse, ...errors } } },
    async (request) => {
      await account.removeFamilyMember(app.db, request.clientId, request.auth!.userId, request.params.id, originOf(request));
      return { data: { message: 'Family member removed.' } };
    },
  );
};
