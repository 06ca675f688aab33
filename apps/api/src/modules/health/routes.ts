import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGetHealthResponse } from '@app/contract/health/get-health';
import { checkHealth } from './service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: { 200: ZGetHealthResponse, 503: ZGetHealthResponse },
      },
    },
    async (_request, reply) => {
      const data = await checkHealth(app.db, app.appVersion);
      return reply.status(data.status === 'ok' ? 200 : 503).send({ data });
    },
  );
};
