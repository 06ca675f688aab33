import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import {
  ZJoinAuthoriseRequest,
  ZJoinAuthoriseResponse,
  ZJoinCompleteRequest,
  ZJoinConfirmationResponse,
  ZJoinMandateRequest,
  ZJoinParams,
  ZJoinQuoteRequest,
  ZJoinQuoteResponse,
  ZJoinResponse,
  ZListPlansParams,
  ZListPlansResponse,
  ZStartJoinRequest,
} from '@app/contract/memberships/online-joining';
import {
  ZArrearsAuthoriseRequest,
  ZArrearsAuthoriseResponse,
  ZArrearsPayRequest,
  ZArrearsPayResponse,
  ZCancelMembershipRequest,
  ZCancelMembershipResponse,
  ZCancelPreviewResponse,
  ZMembershipAgreementResponse,
  ZMembershipDetailResponse,
  ZMembershipParams,
} from '@app/contract/memberships/membership-account';
import { ZMandateLinkDoneResponse, ZMandateLinkParams, ZMandateLinkRequest, ZMandateLinkResponse } from '@app/contract/memberships/mandate-link';
import { publicUrlOf } from '../../lib/config.ts';
import { requestLanguage } from '../../lib/language.ts';
import type { Caller } from '../account/service.ts';
import { directDebitProviderFor, providerFor } from '../payments/service.ts';
import * as memberships from './service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 410: ZErrorResponse, 422: ZErrorResponse };
const caller = (request: FastifyRequest): Caller => ({ clientId: request.clientId, accountUserId: request.auth!.userId });

/** Online joining and a membership in My account (docs/memberships.md "API"). */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const tags = ['memberships'];
  const deps = (request: FastifyRequest): memberships.JoinDeps => ({
    provider: providerFor(app.config.PAYMENT_PROVIDER),
    directDebit: directDebitProviderFor(app.config.DIRECT_DEBIT_PROVIDER),
    publicUrl: publicUrlOf(app.config),
    address: request.ip,
  });

  app.get(
    '/api/online-joining/venues/:venue/plans',
    { schema: { tags, summary: 'The membership plans sold online at a venue', params: ZListPlansParams, response: { 200: ZListPlansResponse, ...errors } } },
    async (request) => ({ data: await memberships.listPlans(app.db, request.clientId, request.params.venue) }),
  );
  app.post(
    '/api/online-joining/quote',
    { schema: { tags, summary: "The join quote: today's payment, the first Direct Debit, minimum term, cooling-off, notice", body: ZJoinQuoteRequest, response: { 200: ZJoinQuoteResponse, ...errors } } },
    async (request) => ({ data: await memberships.quote(app.db, request.clientId, request.body) }),
  );
  app.post(
    '/api/online-joining/joins',
    { ...guarded, schema: { tags, summary: 'Start a join (plan, person, start date, date of birth)', body: ZStartJoinRequest, response: { 200: ZJoinResponse, ...errors } } },
    async (request) => ({ data: await memberships.startJoin(app.db, caller(request), request.body) }),
  );
  app.get(
    '/api/online-joining/joins/:joinId',
    { ...guarded, schema: { tags, summary: 'A join in progress', params: ZJoinParams, response: { 200: ZJoinResponse, ...errors } } },
    async (request) => ({ data: await memberships.getJoin(app.db, caller(request), request.params.joinId) }),
  );
  app.put(
    '/api/online-joining/joins/:joinId/mandate',
    { ...guarded, schema: { tags, summary: 'The Direct Debit mandate of a join (modulus-checked bank details)', params: ZJoinParams, body: ZJoinMandateRequest, response: { 200: ZJoinResponse, ...errors } } },
    async (request) => ({ data: await memberships.setMandate(app.db, caller(request), request.params.joinId, request.body, deps(request)) }),
  );
  app.post(
    '/api/online-joining/joins/:joinId/authorise',
    { ...guarded, schema: { tags, summary: "Authorise today's payment of a join by card (3-D Secure as at checkout)", params: ZJoinParams, body: ZJoinAuthoriseRequest, response: { 200: ZJoinAuthoriseResponse, ...errors } } },
    async (request) => ({ data: await memberships.authoriseJoin(app.db, caller(request), request.params.joinId, request.body, deps(request)) }),
  );
  app.post(
    '/api/online-joining/joins/:joinId/complete',
    { ...guarded, schema: { tags, summary: 'Complete a join exactly once: the membership, its Direct Debits, the order and the agreement email', params: ZJoinParams, body: ZJoinCompleteRequest, response: { 200: ZJoinConfirmationResponse, ...errors } } },
    async (request) => {
      const data = await memberships.completeJoin(app.db, caller(request), request.params.joinId, { transactionUuid: request.body.transaction_uuid ?? null, language: requestLanguage(request) }, deps(request));
      return { data, message: `Welcome! Your membership number is ${data.membership_number}.` };
    },
  );
  app.get(
    '/api/online-joining/joins/:joinId/confirmation',
    { ...guarded, schema: { tags, summary: 'The confirmation of a completed join', params: ZJoinParams, response: { 200: ZJoinConfirmationResponse, ...errors } } },
    async (request) => {
      const data = await memberships.joinConfirmation(app.db, caller(request), request.params.joinId, {}, requestLanguage(request));
      return { data, message: `Welcome! Your membership number is ${data.membership_number}.` };
    },
  );

  // A till sale's Direct Debit step (issue 24): the emailed token is the credential; a logged-in
  // customer of another account is refused.
  const linkOpen = { preHandler: app.allowVisitor, config: { personalData: true } };
  const viewer = (request: FastifyRequest) => request.auth?.userId ?? null;
  app.get(
    '/api/online-joining/mandate-links/:token',
    { ...linkOpen, schema: { tags, summary: 'The Direct Debit link of a membership sold at the till', params: ZMandateLinkParams, response: { 200: ZMandateLinkResponse, ...errors } } },
    async (request) => ({ data: await memberships.getMandateLink(app.db, request.clientId, request.params.token, viewer(request)) }),
  );
  app.post(
    '/api/online-joining/mandate-links/:token/mandate',
    { ...linkOpen, schema: { tags, summary: 'Give the bank details from the link: the mandate, and the membership active', params: ZMandateLinkParams, body: ZMandateLinkRequest, response: { 200: ZMandateLinkDoneResponse, ...errors } } },
    async (request) => {
      const data = await memberships.completeMandateLink(app.db, request.clientId, request.params.token, viewer(request), request.body, deps(request));
      return { data, message: `Your Direct Debit is set up: membership ${data.membership_number} is active.` };
    },
  );

  app.get(
    '/api/dashboard/memberships/:membershipId',
    { ...guarded, schema: { tags, summary: 'One membership: mandate, schedule, collections, arrears', params: ZMembershipParams, response: { 200: ZMembershipDetailResponse, ...errors } } },
    async (request) => ({ data: await memberships.membershipDetail(app.db, caller(request), request.params.membershipId, requestLanguage(request)) }),
  );
  app.get(
    '/api/dashboard/memberships/:membershipId/agreement',
    { ...guarded, schema: { tags, summary: 'The membership agreement (with the Direct Debit Guarantee and the cooling-off notice)', params: ZMembershipParams, response: { 200: ZMembershipAgreementResponse, ...errors } } },
    async (request) => ({ data: await memberships.membershipAgreement(app.db, caller(request), request.params.membershipId, requestLanguage(request)) }),
  );
  app.get(
    '/api/dashboard/memberships/:membershipId/cancel',
    { ...guarded, schema: { tags, summary: 'What cancelling today does (preview)', params: ZMembershipParams, response: { 200: ZCancelPreviewResponse, ...errors } } },
    async (request) => ({ data: await memberships.cancelPreview(app.db, caller(request), request.params.membershipId, requestLanguage(request)) }),
  );
  app.post(
    '/api/dashboard/memberships/:membershipId/cancel',
    { ...guarded, schema: { tags, summary: 'Cancel a membership (the end date shown in the preview)', params: ZMembershipParams, body: ZCancelMembershipRequest, response: { 200: ZCancelMembershipResponse, ...errors } } },
    async (request) => memberships.cancelMembership(app.db, caller(request), request.params.membershipId, request.body.ends_on, deps(request), requestLanguage(request)),
  );
  app.post(
    '/api/dashboard/memberships/:membershipId/arrears/authorise',
    { ...guarded, schema: { tags, summary: 'Authorise a card for the arrears of a membership', params: ZMembershipParams, body: ZArrearsAuthoriseRequest, response: { 200: ZArrearsAuthoriseResponse, ...errors } } },
    async (request) => ({ data: await memberships.authoriseArrears(app.db, caller(request), request.params.membershipId, request.body, deps(request)) }),
  );
  app.post(
    '/api/dashboard/memberships/:membershipId/arrears/pay',
    { ...guarded, schema: { tags, summary: 'Pay the arrears by the card authorised for them', params: ZMembershipParams, body: ZArrearsPayRequest, response: { 200: ZArrearsPayResponse, ...errors } } },
    async (request) => memberships.payArrears(app.db, caller(request), request.params.membershipId, request.body.transaction_uuid, deps(request), requestLanguage(request)),
  );
};
