/** Place search for the map (the query is folded so 'Bury' and 'bury ' share an entry). */
export const geocodeKeys = {
  all: ['geocode'] as const,
  search: (query: string) => [...geocodeKeys.all, query.trim().toLowerCase()] as const,
};
