import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZAddNoteRequest, ZAddNoteResponse, ZCustomerParams, ZCustomerSearchQuery, ZCustomerSearchResponse } from '@app/contract/foh/customers';
import { addNote, searchCustomers } from './lookup.ts';
import type { Staff } from './tills.ts';
import { fohDeskRoutes } from './desk-routes.ts';
import { fohKioskRoutes } from './kiosk-routes.ts';
import { configureCheckInSecret } from '../../lib/check-in-token.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };
const staffOf = (request: FastifyRequest): Staff => ({ clientId: request.clientId, staffUserId: request.auth!.userId });

/** The till's customer routes (docs/front-of-house.md "Customer lookup"). Staff only. */
export const fohPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is checked: a customer's token is refused with 403 whatever it sends, never told what a till body lacks.
  const staffOnly = { preValidation: app.requireStaff, config: { personalData: true } };
  const tags = ['front of house'];

  app.get(
    '/api/foh/customers',
    { ...staffOnly, schema: { tags, summary: 'Find a customer as you type: name, email, phone, membership number, reference', querystring: ZCustomerSearchQuery, response: { 200: ZCustomerSearchResponse, ...errors } } },
    async (request) => searchCustomers(app.db, staffOf(request), request.query.q),
  );

  app.post(
    '/api/foh/customers/:accountUserId/notes',
    { ...staffOnly, schema: { tags, summary: 'Add a staff note to a customer', params: ZCustomerParams, body: ZAddNoteRequest, response: { 201: ZAddNoteResponse, ...errors } } },
    async (request, reply) => reply.code(201).send(await addNote(app.db, staffOf(request), request.params.accountUserId, request.body.text)),
  );

  configureCheckInSecret(app.config);
  await app.register(fohDeskRoutes);
  await app.register(fohKioskRoutes);
};
