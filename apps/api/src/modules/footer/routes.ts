import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZGetFooterQuery, ZGetFooterResponse } from '@app/contract/footer/get-footer';
import { requestLanguage } from '../../lib/language.ts';
import { getFooterHtml } from './service.ts';

export const footerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activities/footer',
    {
      schema: {
        tags: ['shell'],
        summary: "A venue's footer block as sanitised text/html (empty when the venue has none; 404 for an unknown venue)",
        querystring: ZGetFooterQuery,
        response: { 200: ZGetFooterResponse, 404: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const html = await getFooterHtml(app.db, request.clientId, request.query.venue, requestLanguage(request));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'cookie').send(html);
    },
  );
};
