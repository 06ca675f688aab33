import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@app/contract/errors';
import { ZGeocodeQuery, ZGeocodeResponse } from '@app/contract/geocode';
import { createMapboxProvider } from './mapbox-provider.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { type GeocodingProvider, withCache, withFallback } from './provider.ts';

const DEFAULT_LIMIT = 5;

type Options = { provider?: GeocodingProvider };

/** Place search for the venue map (spec §5, §7): Great Britain only. */
export const geocodingRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const offline = createOfflineProvider();
  const token = app.config.MAPBOX_TOKEN;
  const provider =
    options.provider ??
    (token
      ? withCache(
          withFallback(createMapboxProvider({ token }), offline, (error) =>
            app.log.warn({ err: error }, 'mapbox geocoding failed; using the offline place list'),
          ),
        )
      : offline);

  app.get(
    '/api/activities/geocode',
    {
      schema: {
        tags: ['geocoding'],
        summary: 'Places in Great Britain matching a search, best first',
        querystring: ZGeocodeQuery,
        response: { 200: ZGeocodeResponse, 422: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const data = await provider.search(request.query.query, request.query.limit ?? DEFAULT_LIMIT);
      reply.header('cache-control', 'public, max-age=3600');
      return { data };
    },
  );
};
