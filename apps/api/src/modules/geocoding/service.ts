import type { PlaceDto } from '@app/contract/geocoding/place';
import { createMapboxProvider } from './mapbox-provider.ts';
import { createOfflineProvider } from './offline-provider.ts';
import { type GeocodingProvider, withCache, withFallback } from './provider.ts';

/** Places answered when the search gives no `limit`. */
export const DEFAULT_PLACE_LIMIT = 5;

/**
 * The provider for this server: Mapbox (cached, falling back to the offline list on any
 * failure) when a token is configured, else the offline Great Britain place list.
 */
export const createGeocodingProvider = ({
  mapboxToken,
  onFallback,
}: {
  mapboxToken: string | undefined;
  onFallback: (error: unknown) => void;
}): GeocodingProvider => {
  const offline = createOfflineProvider();
  return mapboxToken ? withCache(withFallback(createMapboxProvider({ token: mapboxToken }), offline, onFallback)) : offline;
};

/** Places in Great Britain matching `query`, best first. */
export const searchPlaces = (provider: GeocodingProvider, query: string, limit = DEFAULT_PLACE_LIMIT): Promise<PlaceDto[]> =>
  provider.search(query, limit);
