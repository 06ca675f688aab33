import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZCheckoutPrepareQuery, ZCheckoutPrepareResponse, ZSavedCardParams, ZSimulatorCardRequest, ZSimulatorCardResponse } from '@app/contract/checkout/prepare';
import { toMoney } from '@app/contract/rules/money';
import { ZSimulatorCardReaderRequest, ZSimulatorCardReaderResponse } from '@app/contract/foh/kiosk-terminal';
import { noStore } from '../../lib/no-store.ts';
import { notFound } from '../../lib/errors.ts';
import * as payments from './service.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f6; color: #1a1a1a; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border: 1px solid #c8c8d0; border-radius: 8px; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { font-weight: 600; }
  .actions { display: flex; gap: 1rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; min-height: 44px; min-width: 8rem; padding: .5rem 1rem; border-radius: 6px; cursor: pointer; }
  .approve { background: #1d6b2f; color: #fff; border: 2px solid #1d6b2f; }
  .decline { background: #fff; color: #9b1c1c; border: 2px solid #9b1c1c; }
  button:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 3px; box-shadow: 0 0 0 6px #fff; }
  p.note { color: #444; font-size: .9rem; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;

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
        return page('Payment check not found', '<h1>Payment check not found</h1><p>This payment check has finished or does not exist. Return to the basket and try again.</p><p><a href="/basket/checkout">Back to checkout</a></p>');
      }
      const amount = toMoney(payment.amount_pence, '£').formatted;
      return page(
        'Confirm your payment',
        `<h1>Confirm your payment</h1>
<p>Your bank asks you to confirm this payment (simulated 3-D Secure check).</p>
<dl><dt>Merchant</dt><dd>${escapeHtml(payment.merchant)}</dd><dt>Amount</dt><dd>${escapeHtml(amount)}</dd></dl>
<form method="post" action="/simulator/challenge">
<input type="hidden" name="token" value="${escapeHtml(request.query.token)}">
<div class="actions">
<button type="submit" name="decision" value="approve" class="approve">Approve</button>
<button type="submit" name="decision" value="decline" class="decline">Decline</button>
</div>
</form>
<p class="note">Test mode: no real money moves.</p>`,
      );
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
        return page('Payment check not found', '<h1>Payment check not found</h1><p><a href="/basket/checkout">Back to checkout</a></p>');
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
