import type { PlaceDto } from '@app/contract/geocoding/place';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

export type Place = PlaceDto;

/** Place search restricted to Great Britain (spec §7, §9), answered by our API. */
export const geocodeQuery = (query: string) =>
  queryOptions({
    queryKey: ['geocode', query.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => api.get<Place[]>('geocode', { base: 'activitiesBase', query: { query: query.trim() }, signal }),
    staleTime: 60 * 60_000,
  });
