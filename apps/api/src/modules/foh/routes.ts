import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import {
  ZAddEntryRequest,
  ZAddEntryResponse,
  ZCloseSessionRequest,
  ZCurrentSessionResponse,
  ZListTillsQuery,
  ZListTillsResponse,
  ZOpenSessionRequest,
  ZSessionParams,
  ZTillParams,
  ZTillSessionResponse,
  ZXReadResponse,
  ZZReportResponse,
} from '@app/contract/foh/tills';
import { ZKioskTakingsParams, ZKioskTakingsQuery, ZKioskTakingsResponse } from '@app/contract/foh/kiosk-takings';
import { ZFohPayRequest, ZFohPayResponse, ZVoucherParams, ZVoucherResponse } from '@app/contract/foh/pay';
import { unprocessable } from '../../lib/errors.ts';
import { publicUrlOf } from '../../lib/config.ts';
import { providerFor } from '../payments/service.ts';
import * as tills from './tills.ts';
import { getVoucher, payAtTill } from './tenders.ts';
import { kioskTakings, kioskTakingsCsv } from './kiosk-takings.ts';
import { fohPeopleRoutes } from './people-routes.ts';
import { fohMembershipRoutes } from './membership-sale.ts';
import { fohWalkInRoutes } from './walk-in-routes.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

const staffOf = (request: FastifyRequest): tills.Staff => ({ clientId: request.clientId, staffUserId: request.auth!.userId });

/**
 * The till's routes (docs/front-of-house.md): tills and sessions, {checkout}/pay, vouchers; the
 * customer, basket, attendance and kiosk routes are in people-routes.ts. Staff only (one
 * preHandler for the group: a customer's token → 403), no-store, personal data.
 */
export const fohRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is checked: a customer's token is refused with 403 whatever it sends, never told what a till body lacks.
  const staffOnly = { preValidation: app.requireStaff, config: { personalData: true } };
  const tags = ['front of house'];

  app.get('/api/foh/tills', { ...staffOnly, schema: { tags, summary: "The operator's tills and who has each open", querystring: ZListTillsQuery, response: { 200: ZListTillsResponse, ...errors } } }, async (request) =>
    tills.listTills(app.db, staffOf(request), request.query.venue),
  );

  app.post(
    '/api/foh/tills/:tillId/sessions',
    { ...staffOnly, schema: { tags, summary: 'Open the till with a counted float', params: ZTillParams, body: ZOpenSessionRequest, response: { 201: ZTillSessionResponse, ...errors } } },
    async (request, reply) => reply.code(201).send(await tills.openSession(app.db, staffOf(request), request.params.tillId, request.body.float_pence)),
  );

  app.get('/api/foh/sessions/current', { ...staffOnly, schema: { tags, summary: "The caller's open till session", response: { 200: ZCurrentSessionResponse, ...errors } } }, async (request) =>
    tills.currentSession(app.db, staffOf(request)),
  );

  app.get('/api/foh/sessions/:sessionId', { ...staffOnly, schema: { tags, summary: 'A till session', params: ZSessionParams, response: { 200: ZTillSessionResponse, ...errors } } }, async (request) =>
    tills.getSession(app.db, staffOf(request), request.params.sessionId),
  );

  app.post(
    '/api/foh/sessions/:sessionId/entries',
    { ...staffOnly, schema: { tags, summary: 'A pay-in, pay-out or correction (append-only)', params: ZSessionParams, body: ZAddEntryRequest, response: { 201: ZAddEntryResponse, ...errors } } },
    async (request, reply) => reply.code(201).send(await tills.addEntry(app.db, staffOf(request), request.params.sessionId, request.body)),
  );

  app.get('/api/foh/sessions/:sessionId/x-read', { ...staffOnly, schema: { tags, summary: 'X read: totals by tender since opening', params: ZSessionParams, response: { 200: ZXReadResponse, ...errors } } }, async (request) =>
    tills.xRead(app.db, staffOf(request), request.params.sessionId),
  );

  app.post(
    '/api/foh/sessions/:sessionId/close',
    { ...staffOnly, schema: { tags, summary: 'Close with a blind count per tender: the Z report', params: ZSessionParams, body: ZCloseSessionRequest, response: { 200: ZZReportResponse, ...errors } } },
    async (request) => tills.closeSession(app.db, staffOf(request), request.params.sessionId, request.body),
  );

  app.get('/api/foh/sessions/:sessionId/z-report', { ...staffOnly, schema: { tags, summary: 'The Z report of a closed session', params: ZSessionParams, response: { 200: ZZReportResponse, ...errors } } }, async (request) =>
    tills.zReport(app.db, staffOf(request), request.params.sessionId),
  );

  app.get('/api/foh/sessions/:sessionId/z-report.csv', { ...staffOnly, schema: { tags, summary: 'The Z report as CSV', params: ZSessionParams } }, async (request, reply) => {
    const file = await tills.zReportCsv(app.db, staffOf(request), request.params.sessionId);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
  });

  app.get(
    '/api/foh/venues/:venue/kiosk-takings',
    { ...staffOnly, schema: { tags, summary: "The kiosk's card takings of a day at a venue", params: ZKioskTakingsParams, querystring: ZKioskTakingsQuery, response: { 200: ZKioskTakingsResponse, ...errors } } },
    async (request) => kioskTakings(app.db, staffOf(request), request.params.venue, request.query.date),
  );

  app.get(
    '/api/foh/venues/:venue/kiosk-takings.csv',
    { ...staffOnly, schema: { tags, summary: "The kiosk's card takings of a day as CSV", params: ZKioskTakingsParams, querystring: ZKioskTakingsQuery } },
    async (request, reply) => {
      const file = await kioskTakingsCsv(app.db, staffOf(request), request.params.venue, request.query.date);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.filename}"`).send(file.body);
    },
  );

  app.get('/api/foh/vouchers/:code', { ...staffOnly, schema: { tags, summary: 'Check an offline voucher', params: ZVoucherParams, response: { 200: ZVoucherResponse, ...errors } } }, async (request) =>
    getVoucher(app.db, staffOf(request), request.params.code),
  );

  app.post(
    '/api/activities/cart/pay',
    {
      ...staffOnly,
      schema: { tags: ['checkout', ...tags], summary: "Front of house: pay a customer's basket with the till's tenders (staff)", body: ZFohPayRequest, response: { 200: ZFohPayResponse, ...errors } },
    },
    async (request) => {
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header.trim() : '';
      if (key.length > 200) throw unprocessable('validation_failed', 'The given data was invalid.', { 'Idempotency-Key': ['Must contain at most 200 character(s)'] });
      const deps = { provider: providerFor(app.config.PAYMENT_PROVIDER), holdMinutes: app.config.HOLD_MINUTES, publicUrl: publicUrlOf(app.config) };
      return payAtTill(app.db, staffOf(request), request.body, key || null, deps);
    },
  );

  await app.register(fohPeopleRoutes);
  await app.register(fohMembershipRoutes);
  await app.register(fohWalkInRoutes);
};
