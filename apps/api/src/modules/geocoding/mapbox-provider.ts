import type { PlaceDto } from '@app/contract/geocoding/place';
import { MAP_DEFAULTS } from '@app/contract/rules/geo';
import type { GeocodingProvider } from './provider.ts';

type MapboxFeature = { text?: unknown; place_name?: unknown; center?: unknown };

const isPlace = (value: PlaceDto | null): value is PlaceDto => value !== null;

const toPlace = (feature: MapboxFeature): PlaceDto | null => {
  const center = feature.center;
  if (!Array.isArray(center) || typeof center[0] !== 'number' || typeof center[1] !== 'number') return null;
  const name = typeof feature.text === 'string' ? feature.text : '';
  const label = typeof feature.place_name === 'string' ? feature.place_name : name;
  if (!name) return null;
  return { name, label, lng: center[0], lat: center[1] };
};

export type MapboxOptions = {
  token: string;
  fetch?: typeof fetch;
  baseUrl?: string;
  timeoutMs?: number;
};

/**
 * Mapbox-compatible forward geocoding (`/geocoding/v5/mapbox.places/{query}.json`), limited to
 * country gb (spec §7, §9). The token stays on the server.
 */
export const createMapboxProvider = ({
  token,
  fetch: doFetch = fetch,
  baseUrl = 'https://api.mapbox.com',
  timeoutMs = 5000,
}: MapboxOptions): GeocodingProvider => ({
  name: 'mapbox',
  search: async (query, limit) => {
    const url = new URL(`/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`, baseUrl);
    url.searchParams.set('access_token', token);
    url.searchParams.set('country', MAP_DEFAULTS.country);
    url.searchParams.set('types', 'place,locality,neighborhood,district,postcode');
    url.searchParams.set('autocomplete', 'true');
    url.searchParams.set('language', 'en');
    url.searchParams.set('limit', String(limit));
    const response = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`Mapbox geocoding answered ${response.status}`);
    const body = (await response.json()) as { features?: unknown };
    const features = Array.isArray(body.features) ? (body.features as MapboxFeature[]) : [];
    return features.map(toPlace).filter(isPlace).slice(0, limit);
  },
});
