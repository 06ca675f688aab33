import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZFeedParams, ZFeedQuery } from '@app/contract/openactive/feeds';
import { notFound } from '../../lib/errors.ts';
import { datasetPage } from './dataset-page.ts';
import * as openactive from './service.ts';

/**
 * The site of the request (scheme and host): every URL in a feed is under it. Only http or https,
 * and a host of host-name characters with an optional port: the pages are publicly cached, so a
 * forged X-Forwarded-Proto ('javascript') or Host must not write its own `next` into them.
 */
const originOf = (request: FastifyRequest) => {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const host = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(request.host) ? request.host : 'localhost';
  return `${protocol}://${host}`;
};

/**
 * OpenActive open data (issue 26; docs/openactive.md): the dataset site and the RPDE feeds, per
 * operator: the host picks the client as the tenant hook does for /api (not under /api, so
 * asked here).
 */
export const openactiveRoutes: FastifyPluginAsyncZod<{ pageSize?: number }> = async (app, { pageSize }) => {
  const clientOf = async (request: FastifyRequest) => {
    const client = await app.tenantForHost(request.hostname || 'localhost');
    if (!client) throw notFound('client_not_configured', 'No client is configured for this site.');
    return client.id;
  };

  app.get('/openactive', { schema: { hide: true } }, async (request, reply) => {
    const origin = originOf(request);
    const jsonLd = await openactive.dataset(app.db, await clientOf(request), origin);
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/html; charset=utf-8').send(
      datasetPage({
        name: jsonLd.name,
        description: jsonLd.description,
        license: jsonLd.license,
        publisher: jsonLd.publisher.name,
        feedUrl: (feed) => openactive.feedUrl(origin, feed, null),
        jsonLd,
      }),
    );
  });

  app.get(
    '/openactive/feeds/:feed',
    {
      schema: {
        tags: ['openactive'],
        summary: 'An OpenActive RPDE feed page (modified timestamp and id ordering)',
        params: ZFeedParams,
        querystring: ZFeedQuery,
        response: { 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { page, isLastPage } = await openactive.feedPage(app.db, {
        clientId: await clientOf(request),
        feed: request.params.feed,
        origin: originOf(request),
        query: request.query,
        pageSize,
      });
      // RPDE: a stale copy of a page with items loses nothing (an item changed since is further on); the last page grows soon.
      reply.header('cache-control', isLastPage ? 'public, max-age=8' : 'public, max-age=3600');
      // Written as JSON text here (no 200 schema: an item's data is open JSON-LD); a string is sent as it is.
      const body: unknown = JSON.stringify(page);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
