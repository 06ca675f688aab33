import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '@app/contract/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const database = await sql`SELECT 1`
        .execute(app.db)
        .then(() => 'ok' as const)
        .catch(() => 'unreachable' as const);
      const body = {
        data: { status: database === 'ok' ? ('ok' as const) : ('degraded' as const), database, version: app.appVersion },
      };
      return reply.status(database === 'ok' ? 200 : 503).send(body);
    },
  );
};
