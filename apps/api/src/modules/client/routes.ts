import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZGetClientResponse } from '@app/contract/client/get-client';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { getClientSettings } from './service.ts';

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client',
    {
      schema: {
        tags: ['shell'],
        summary: "Client settings (spec §3 Client): the operator's name, currency, online joining, kiosk home, guest passes, analytics",
        response: { 200: ZGetClientResponse, 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const data = await getClientSettings(app.db, request.clientId);
      reply.header('cache-control', 'no-cache');
      return { data };
    },
  );
};
