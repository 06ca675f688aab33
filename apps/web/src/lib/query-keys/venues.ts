/** Venues: the list (name and map search run over it) and one venue by slug. */
export const venueKeys = {
  all: ['venues'] as const,
  list: () => venueKeys.all,
  detail: (slug: string) => [...venueKeys.all, slug] as const,
};
