import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors';
import { ZVenueIdParams, ZVenueListQuery, ZVenueListResponse, ZVenueResponse } from '@app/contract/venue';
import { venuesService } from './service.ts';

const errors = { 404: ZErrorResponse, 422: ZErrorResponse };

/** GET venues, venues/{id} and venues/online-joining/{id} (spec §7), under the activities base. */
export const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = venuesService(app.db);
  const tags = ['venues'];

  app.get(
    '/api/activities/venues',
    {
      schema: {
        tags,
        summary: 'The client’s venues; `search` filters by name, `lat`/`lng`/`radius` by distance',
        querystring: ZVenueListQuery,
        response: { 200: ZVenueListResponse, 422: ZErrorResponse },
      },
    },
    async (request) => ({ data: await service.list(request.clientId, request.query) }),
  );

  app.get(
    '/api/activities/venues/online-joining/:id',
    {
      schema: {
        tags,
        summary: 'One venue that takes online joining (online-joining source)',
        params: ZVenueIdParams,
        response: { 200: ZVenueResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.clientId, request.params.id, { onlineJoining: true }) }),
  );

  app.get(
    '/api/activities/venues/:id',
    {
      schema: {
        tags,
        summary: 'One venue by id or slug',
        params: ZVenueIdParams,
        response: { 200: ZVenueResponse, ...errors },
      },
    },
    async (request) => ({ data: await service.get(request.clientId, request.params.id) }),
  );
};
