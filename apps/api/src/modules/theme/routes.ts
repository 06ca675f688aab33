import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZGetThemeQuery, ZGetThemeResponse } from '@app/contract/theme/get-theme';
import { ZGetThemeLevelQuery, ZGetThemeLevelResponse } from '@app/contract/staff/get-theme-level';
import {
  ZUpdateThemeLevelQuery,
  ZUpdateThemeLevelRequest,
  ZUpdateThemeLevelResponse,
} from '@app/contract/staff/update-theme-level';
import { ZSetMaintenanceRequest, ZSetMaintenanceResponse } from '@app/contract/staff/set-maintenance';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as manage from '../manage/service.ts';
import * as theme from './service.ts';

const staffErrors = { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 422: ZErrorResponse };

/**
 * Staff editing of themes (client level, or one venue with `?venue=`) and the maintenance
 * switch. One hook guards the whole group: a staff session's bearer token. Reading is open to
 * any staff member; changing the theme or the switch is the operator console's (issue 26): staff
 * with the manager role only, checked before the body is read (403 whatever is sent).
 */
const staffThemeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireStaff);
  const requireManager = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireStaff(request, reply);
    await manage.assertManager(app.db, { clientId: request.clientId, userId: request.auth!.userId });
  };

  app.get(
    '/api/staff/theme',
    {
      schema: {
        tags: ['staff'],
        summary: 'The stored theme of the client, or of one venue; null fields inherit',
        querystring: ZGetThemeLevelQuery,
        response: { 200: ZGetThemeLevelResponse, ...staffErrors },
      },
    },
    async (request) => ({ data: await theme.getThemeLevel(app.db, request.clientId, request.query.venue) }),
  );

  app.patch(
    '/api/staff/theme',
    {
      preValidation: requireManager,
      schema: {
        tags: ['staff'],
        summary: 'Change theme fields of the client, or of one venue; null clears a field',
        querystring: ZUpdateThemeLevelQuery,
        body: ZUpdateThemeLevelRequest,
        response: { 200: ZUpdateThemeLevelResponse, ...staffErrors },
      },
    },
    async (request) => ({
      data: await theme.updateThemeLevel(app.db, request.clientId, request.query.venue, request.body, request.auth!.userId),
    }),
  );

  app.put(
    '/api/staff/maintenance',
    {
      preValidation: requireManager,
      schema: {
        tags: ['staff'],
        summary: 'Put the site into maintenance (the theme answers 503) or take it out',
        body: ZSetMaintenanceRequest,
        response: { 200: ZSetMaintenanceResponse, ...staffErrors },
      },
    },
    async (request) => {
      await theme.setMaintenance(app.db, request.clientId, request.body.enabled, request.auth!.userId);
      return { data: { enabled: request.body.enabled } };
    },
  );
};

/** The public theme (spec §3) and, in their own guarded group, the staff theme routes. */
export const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/frontend/theme',
    {
      schema: {
        tags: ['shell'],
        summary: "The client's theme, with a venue's overrides when `venue` is given",
        querystring: ZGetThemeQuery,
        response: { 200: ZGetThemeResponse, 404: ZErrorResponse, 422: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const data = await theme.getTheme(app.db, request.clientId, request.query.venue);
      // Revalidate every time: a theme edit or a maintenance switch must show at once.
      reply.header('cache-control', 'no-cache');
      return { data };
    },
  );

  await app.register(staffThemeRoutes);
};
