import type { PlaceDto } from '@app/contract/geocoding/place';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { geocodeKeys } from '../../../lib/query-keys/geocode.ts';

/** A place as the API client hands it back (camelCase of the contract's place). */
export type Place = Camelized<PlaceDto>;

/** Place search restricted to Great Britain (spec §7, §9), answered by our API. */
export const geocodeQuery = (query: string) =>
  queryOptions({
    queryKey: geocodeKeys.search(query),
    queryFn: ({ signal }) => api.get<Place[]>('geocode', { base: 'activitiesBase', query: { query: query.trim() }, signal }),
    staleTime: 60 * 60_000,
  });
