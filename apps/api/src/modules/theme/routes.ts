import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors';
import { ZThemeQuery, ZThemeResponse } from '@app/contract/theme';
import { getTheme } from './service.ts';

export const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/frontend/theme',
    {
      schema: {
        tags: ['shell'],
        summary: "The client's theme, with a venue's overrides when `venue` is given",
        querystring: ZThemeQuery,
        response: { 200: ZThemeResponse, 404: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const theme = await getTheme(app.db, request.clientId, request.query.venue);
      // Revalidate every time: a theme edit or a maintenance switch must show at once.
      reply.header('cache-control', 'no-cache');
      return { data: theme };
    },
  );
};
