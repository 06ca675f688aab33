/**
 * Map search rules and constants (spec §3 Map state, §5 map search, §9). Pure functions, no
 * zod, so the web entry chunk and the API can both use them.
 */

/** Map constants of spec §9, word for word. */
export const MAP_DEFAULTS = {
  /** Default search radius, in miles. */
  radius: 5,
  /** Default view (spec §3 Map state). */
  latitude: 53.59,
  longitude: -2,
  /** Miles to metres, for map bounds. */
  metresPerMile: 1609.344,
  zoom: { mobile: 10.3, other: 10.9 },
  /** The second zoom level (the whole country, before a search). */
  secondZoom: { mobile: 4.4, other: 5.5 },
  /** Geocoding is limited to this country (spec §9). */
  country: 'gb',
} as const;

/** The radius choices offered next to the place search, in miles. */
export const RADIUS_CHOICES = [1, 2, 5, 10, 15, 25, 50] as const;

const EARTH_RADIUS_MILES = 3958.7613;

export type LatLng = { lat: number; lng: number };

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine), unrounded. */
export const haversineMiles = (from: LatLng, to: LatLng): number => {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
};

/** Distances are shown to one decimal in miles (spec §5). */
export const roundMiles = (miles: number): number => Math.round(miles * 10) / 10;

/** '2.3 miles', '1.0 mile'. */
export const formatMiles = (miles: number): string => {
  const rounded = roundMiles(miles);
  return `${rounded.toFixed(1)} ${rounded === 1 ? 'mile' : 'miles'}`;
};

type Located = { lat?: unknown; lng?: unknown };

/** A venue is valid for the map only if lng and lat are numbers and lat lies between -90 and 90 (spec §5). */
export const isValidVenueLocation = <T extends Located>(venue: T): venue is T & LatLng =>
  typeof venue.lng === 'number' &&
  Number.isFinite(venue.lng) &&
  typeof venue.lat === 'number' &&
  Number.isFinite(venue.lat) &&
  venue.lat >= -90 &&
  venue.lat <= 90;

export type WithDistance<T> = T & LatLng & { distance: number };

/**
 * The valid venues within `radiusMiles` of `centre`, nearest first, each with its distance
 * in miles to one decimal (spec §3 Venue distance).
 */
export const venuesWithinRadius = <T extends Located>(
  venues: readonly T[],
  centre: LatLng,
  radiusMiles: number,
): WithDistance<T>[] =>
  venues
    .filter(isValidVenueLocation)
    .map((venue) => ({ venue, miles: haversineMiles(centre, venue) }))
    .filter(({ miles }) => miles <= radiusMiles)
    .sort((a, b) => a.miles - b.miles)
    .map(({ venue, miles }) => ({ ...venue, distance: roundMiles(miles) }));

/** The south-west and north-east corners of a square around `centre` with half-side `radiusMiles`. */
export const boundsAround = (centre: LatLng, radiusMiles: number): [LatLng, LatLng] => {
  const metres = radiusMiles * MAP_DEFAULTS.metresPerMile;
  const dLat = metres / 111_320;
  const dLng = metres / (111_320 * Math.max(Math.cos(toRadians(centre.lat)), 0.01));
  return [
    { lat: centre.lat - dLat, lng: centre.lng - dLng },
    { lat: centre.lat + dLat, lng: centre.lng + dLng },
  ];
};
