import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors/error-response';
import { ZSearchPlacesQuery, ZSearchPlacesResponse } from '@app/contract/geocoding/search-places';
import type { GeocodingProvider } from './provider.ts';
import { createGeocodingProvider, searchPlaces } from './service.ts';

type Options = { provider?: GeocodingProvider };

/** Place search for the venue map (spec §5, §7): Great Britain only. */
export const geocodingRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const provider =
    options.provider ??
    createGeocodingProvider({
      mapboxToken: app.config.MAPBOX_TOKEN,
      onFallback: (error) => app.log.warn({ err: error }, 'mapbox geocoding failed; using the offline place list'),
    });

  app.get(
    '/api/activities/geocode',
    {
      schema: {
        tags: ['geocoding'],
        summary: 'Places in Great Britain matching a search, best first',
        querystring: ZSearchPlacesQuery,
        response: { 200: ZSearchPlacesResponse, 422: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const data = await searchPlaces(provider, request.query.query, request.query.limit);
      reply.header('cache-control', 'public, max-age=3600');
      return { data };
    },
  );
};
