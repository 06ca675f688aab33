import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueDto } from '@app/contract/venues/venue';
import { api } from './api/client.ts';
import type { Camelized } from './api/camelized.ts';
import { venueKeys } from './query-keys/venues.ts';

/** Venue of spec §3 as the web app holds it. */
export type Venue = Camelized<VenueDto>;

const FIVE_MINUTES = 5 * 60_000;

/** GET venues (spec §7), once per visit; name and map search then run in the browser. */
export const venuesQuery = () =>
  queryOptions({
    queryKey: venueKeys.list(),
    queryFn: ({ signal }) => api.get<Venue[]>('venues', { base: 'activitiesBase', signal }),
    initialData: () => api.peek<Venue[]>('venues', { base: 'activitiesBase' }),
    staleTime: FIVE_MINUTES,
  });

/** Venues keyed by slug (spec §7: "keyed by slug"). */
export const venuesBySlug = (venues: readonly Venue[]): Map<string, Venue> => new Map(venues.map((v) => [v.slug, v]));

/**
 * GET venues/{id} (venues/online-joining/{id} for the online-joining source). Starts from the
 * list when it is already loaded, so going from the home page to a venue shows no spinner.
 */
export const venueQuery = (slug: string) =>
  queryOptions({
    queryKey: venueKeys.detail(slug),
    queryFn: ({ signal }) =>
      api.get<Venue>(
        import.meta.env.VITE_SOURCE === 'online-joining' ? `venues/online-joining/${slug}` : `venues/${slug}`,
        { base: 'activitiesBase', signal },
      ),
    initialData: () => api.peek<Venue>(import.meta.env.VITE_SOURCE === 'online-joining' ? `venues/online-joining/${slug}` : `venues/${slug}`, { base: 'activitiesBase' }),
    staleTime: FIVE_MINUTES,
  });

export const useVenues = () => useQuery(venuesQuery());
export const useVenue = (slug: string) => useQuery(venueQuery(slug));
