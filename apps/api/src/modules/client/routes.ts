import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_CURRENCY_SYMBOL } from '@app/contract/money';
import { ZClientResponse } from '@app/contract/client';
import { ZErrorResponse } from '@app/contract/errors';
import { notFound } from '../../lib/errors.ts';
import { findClientSettings } from './repository.ts';

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/client',
    {
      schema: {
        tags: ['shell'],
        summary: 'Client settings (spec §3 Client): currency, online joining, kiosk home, guest passes, analytics',
        response: { 200: ZClientResponse, 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const row = await findClientSettings(app.db, request.clientId);
      if (!row) throw notFound();
      reply.header('cache-control', 'no-cache');
      return {
        data: {
          id: row.id,
          currency: { symbol: row.currency_symbol || DEFAULT_CURRENCY_SYMBOL },
          online_joining_enabled: row.online_joining_enabled,
          kiosk_home_url: row.kiosk_home_url,
          online_guest_passes_enabled: row.online_guest_passes_enabled,
          analytics: row.gtm_id ? { container_id: row.gtm_id, auth: row.gtm_auth, preview: row.gtm_preview } : null,
        },
      };
    },
  );
};
