import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors';
import { ZThemeLevelResponse, ZThemeQuery, ZThemeUpdate } from '@app/contract/theme';
import { getThemeLevel, setMaintenance, updateThemeLevel } from './service.ts';

const ZMaintenance = z.object({ enabled: z.boolean() }).strict();
const ZMaintenanceResponse = z.object({ data: ZMaintenance });

const errors = { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 422: ZErrorResponse };

/**
 * Staff editing of themes (client level, or one venue with `?venue=`) and the maintenance
 * switch. One hook guards the whole group: a staff session's bearer token.
 */
export const staffThemeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireStaff);

  app.get(
    '/api/staff/theme',
    {
      schema: {
        tags: ['staff'],
        summary: 'The stored theme of the client, or of one venue; null fields inherit',
        querystring: ZThemeQuery,
        response: { 200: ZThemeLevelResponse, ...errors },
      },
    },
    async (request) => ({ data: await getThemeLevel(app.db, request.clientId, request.query.venue) }),
  );

  app.patch(
    '/api/staff/theme',
    {
      schema: {
        tags: ['staff'],
        summary: 'Change theme fields of the client, or of one venue; null clears a field',
        querystring: ZThemeQuery,
        body: ZThemeUpdate,
        response: { 200: ZThemeLevelResponse, ...errors },
      },
    },
    async (request) => ({ data: await updateThemeLevel(app.db, request.clientId, request.query.venue, request.body) }),
  );

  app.put(
    '/api/staff/maintenance',
    {
      schema: {
        tags: ['staff'],
        summary: 'Put the site into maintenance (the theme answers 503) or take it out',
        body: ZMaintenance,
        response: { 200: ZMaintenanceResponse, ...errors },
      },
    },
    async (request) => {
      await setMaintenance(app.db, request.clientId, request.body.enabled);
      return { data: { enabled: request.body.enabled } };
    },
  );
};
