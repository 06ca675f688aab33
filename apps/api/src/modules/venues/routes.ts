import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZListVenuesQuery, ZListVenuesResponse } from '@app/contract/venues/list-venues';
import { ZGetVenueParams, ZGetVenueResponse } from '@app/contract/venues/get-venue';
import * as venues from './service.ts';
import { createCatalogueCache } from '../../lib/catalogue-cache.ts';

const errors = { 404: ZErrorResponse, 422: ZErrorResponse };

/** GET venues, venues/{id} and venues/online-joining/{id} (spec §7), under the activities base. */
export const venueRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createCatalogueCache();
  const tags = ['venues'];

  app.get(
    '/api/activities/venues',
    {
      schema: {
        tags,
        summary: 'The client’s venues; `search` filters by name, `lat`/`lng`/`radius` by distance',
        querystring: ZListVenuesQuery,
        response: { 200: ZListVenuesResponse, 422: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { search, lat, lng, radius } = request.query;
      const build = async () => ({ data: await venues.listVenues(app.db, request.clientId, request.query) });
      // The whole list (what the web app fetches) is kept; searches and distances are worked out per request.
      if (search || lat !== undefined || lng !== undefined || radius !== undefined) return build();
      return cache.send(request, reply, 'venues', build);
    },
  );

  app.get(
    '/api/activities/venues/online-joining/:id',
    {
      schema: {
        tags,
        summary: 'One venue that takes online joining (online-joining source)',
        params: ZGetVenueParams,
        response: { 200: ZGetVenueResponse, ...errors },
      },
    },
    async (request) => ({
      data: await venues.getVenue(app.db, request.clientId, request.params.id, { onlineJoining: true }),
    }),
  );

  app.get(
    '/api/activities/venues/:id',
    {
      schema: {
        tags,
        summary: 'One venue by id or slug',
        params: ZGetVenueParams,
        response: { 200: ZGetVenueResponse, ...errors },
      },
    },
    async (request) => ({ data: await venues.getVenue(app.db, request.clientId, request.params.id) }),
  );
};
