import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZCheckoutPrepareQuery, ZCheckoutPrepareResponse, ZSavedCardParams, ZSimulatorCardRequest, ZSimulatorCardResponse } from '@app/contract/checkout/prepare';
import { toMoney } from '@app/contract/rules/money';
import { ZSimulatorCardReaderRequest, ZSimulatorCardReaderResponse } from '@app/contract/foh/kiosk-terminal';
import { noStore } from '../../lib/no-store.ts';
import { notFound } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/language.ts';
import { challengePage, missingChallengePage } from './challenge-page.ts';
import * as payments from './service.ts';

/**
 * The simulator provider's own endpoints (DESIGN.md §5): card tokenisation and the 3-D Secure
 * challenge page. Not API routes: the card number is posted only here and is neither logged
 * (the request log records method, URL and status) nor stored.
 */
export const simulatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post(
    '/simulator/card-identifiers',
    {
      preHandler: async (_request, reply) => noStore(reply),
      schema: {
        tags: ['simulator'],
        summary: 'Simulator provider: tokenise card fields to a card identifier (test cards in README)',
        body: ZSimulatorCardRequest,
        response: { 200: ZSimulatorCardResponse, 400: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request) => payments.tokeniseCard(app.db, request.body),
  );

  app.get(
    '/simulator/challenge',
    { schema: { tags: ['simulator'], summary: 'Simulator provider: the 3-D Secure challenge page', querystring: z.object({ token: z.string().max(100) }) } },
    async (request, reply) => {
      noStore(reply);
      reply.type('text/html; charset=utf-8');
      const payment = await payments.findChallenge(app.db, request.query.token);
      if (!payment) {
        reply.code(404);
        return missingChallengePage(requestLanguage(request));
      }
      return challengePage(requestLanguage(request), { merchant: payment.merchant, amount: toMoney(payment.amount_pence, '£').formatted, token: request.query.token });
    },
  );

  app.post(
    '/simulator/challenge',
    {
      schema: {
        tags: ['simulator'],
        summary: 'Simulator provider: Approve or Decline a challenge, back to checkout',
        body: z.object({ token: z.string().max(100), decision: z.enum(['approve', 'decline']) }),
      },
    },
    async (request, reply) => {
      noStore(reply);
      const target = await payments.decideChallenge(app.db, request.body.token, request.body.decision === 'approve');
      if (!target) {
        reply.code(404).type('text/html; charset=utf-8');
        return missingChallengePage(requestLanguage(request), false);
      }
      return reply.redirect(target, 303);
    },
  );

  // The simulated card terminal beside the kiosk (docs/kiosk.md "Paying at the card reader"): which
  // answer the venue's terminal gives its next card (approve, decline once, or wait for a card).
  app.post(
    '/simulator/card-reader',
    {
      preHandler: async (_request, reply) => noStore(reply),
      schema: {
        tags: ['simulator'],
        summary: "Simulator: the answer the venue's card terminal gives the kiosk's next card payment (README)",
        body: ZSimulatorCardReaderRequest,
        response: { 200: ZSimulatorCardReaderResponse, 400: ZErrorResponse, 404: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request) => {
      // Not under /api: the site's client from the host, as the tenant hook does for the API.
      const clientId = await app.clientIdForHost(request.hostname || 'localhost');
      if (clientId === undefined) throw notFound('client_not_configured', 'No client is configured for this site.');
      return { data: await payments.setCardReader(app.db, clientId, request.body.venue, request.body.next) };
    },
  );
};

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 402: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 422: ZErrorResponse };

/** The card step's own API routes (docs/checkout.md): a payment session with saved cards, and deleting a saved card. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { preHandler: app.requireUser, config: { personalData: true } };
  const deps = () => ({ provider: payments.providerFor(app.config.PAYMENT_PROVIDER) });

  app.get(
    '/api/checkout/prepare',
    { ...guarded, schema: { tags: ['checkout'], summary: 'A payment session with the provider, and saved cards', querystring: ZCheckoutPrepareQuery, response: { 200: ZCheckoutPrepareResponse, ...errors } } },
    async (request) => {
      const data = await payments.prepare(app.db, { clientId: request.clientId, accountUserId: request.auth!.userId }, deps());
      return { ...data, data };
    },
  );

  app.delete(
    '/api/checkout/saved-cards/:savedCardId',
    { ...guarded, schema: { tags: ['checkout'], summary: 'Delete a saved card', params: ZSavedCardParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await payments.deleteSavedCard(app.db, { clientId: request.clientId, accountUserId: request.auth!.userId }, request.params.savedCardId);
      return reply.code(204).send(null);
    },
  );
};
