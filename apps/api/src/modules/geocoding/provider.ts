import type { PlaceDto } from '@app/contract/geocoding/place';

/** Geocoding behind one interface (DESIGN.md §5): offline by default, Mapbox when a token is set. */
export type GeocodingProvider = {
  readonly name: string;
  /** Places in Great Britain matching `query`, best first, at most `limit`. */
  search: (query: string, limit: number) => Promise<PlaceDto[]>;
};

/**
 * Uses `primary`, and `fallback` when it fails, so a slow or failing online service never
 * stops a customer finding a venue.
 */
export const withFallback = (
  primary: GeocodingProvider,
  fallback: GeocodingProvider,
  onError: (error: unknown) => void,
): GeocodingProvider => ({
  name: `${primary.name}+${fallback.name}`,
  search: async (query, limit) => {
    try {
      return await primary.search(query, limit);
    } catch (error) {
      onError(error);
      return fallback.search(query, limit);
    }
  },
});

/**
 * Remembers the last `max` answers (most recently used kept), so popular searches cost the
 * online provider nothing after the first.
 */
export const withCache = (provider: GeocodingProvider, max = 500): GeocodingProvider => {
  const answers = new Map<string, Promise<PlaceDto[]>>();
  return {
    name: provider.name,
    search: async (query, limit) => {
      const key = `${limit}:${query.trim().toLowerCase()}`;
      const hit = answers.get(key);
      if (hit) {
        answers.delete(key);
        answers.set(key, hit);
        return hit;
      }
      const answer = provider.search(query, limit);
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
      if (answers.size > max) answers.delete(answers.keys().next().value!);
      return answer;
    },
  };
};
