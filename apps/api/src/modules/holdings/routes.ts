import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZListMembershipsResponse } from '@app/contract/memberships/list-memberships';
import { ZListPackagesResponse } from '@app/contract/packages/list-packages';
import { ZListGuestPassesResponse } from '@app/contract/guest-passes/list-guest-passes';
import { ZAccountOrderParams, ZAccountOrdersQuery, ZListAccountOrdersResponse, ZReceiptResponse } from '@app/contract/orders/account-orders';
import * as holdings from './service.ts';

const errors = { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 422: ZErrorResponse };
const caller = (request: FastifyRequest): holdings.HoldingsCaller => ({ clientId: request.clientId, accountUserId: request.auth!.userId });

/**
 * What the account holds, under the dashboard base (docs/account-holdings.md): memberships,
 * packages, guest passes, and the account's orders with their receipts. Customer only, no-store.
 */
export const holdingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const tags = ['account'];

  app.get(
    '/api/dashboard/memberships',
    { ...guarded, schema: { tags, summary: "The memberships of the account's people (plan, status, start and renewal dates, price)", response: { 200: ZListMembershipsResponse, ...errors } } },
    async (request) => ({ data: await holdings.listMemberships(app.db, caller(request)) }),
  );

  app.get(
    '/api/dashboard/packages',
    { ...guarded, schema: { tags, summary: 'Visit packages held, with uses left and expiry', response: { 200: ZListPackagesResponse, ...errors } } },
    async (request) => ({ data: await holdings.listPackages(app.db, caller(request)) }),
  );

  app.get(
    '/api/dashboard/guest-passes',
    { ...guarded, schema: { tags, summary: 'Guest passes held and used (404 when the operator has online guest passes off)', response: { 200: ZListGuestPassesResponse, ...errors } } },
    async (request) => holdings.listGuestPasses(app.db, caller(request)),
  );

  app.get(
    '/api/dashboard/orders',
    { ...guarded, schema: { tags, summary: "The account's orders (every family member's), newest first: lines, tenders, card brand and last four", querystring: ZAccountOrdersQuery, response: { 200: ZListAccountOrdersResponse, ...errors } } },
    async (request) => ({ data: await holdings.listOrders(app.db, caller(request), request.query.limit) }),
  );

  app.get(
    '/api/dashboard/orders/:orderId',
    { ...guarded, schema: { tags, summary: "One order's receipt (another account's order: 403, unknown: 404)", params: ZAccountOrderParams, response: { 200: ZReceiptResponse, ...errors } } },
    async (request) => ({ data: await holdings.receipt(app.db, caller(request), request.params.orderId) }),
  );
};
