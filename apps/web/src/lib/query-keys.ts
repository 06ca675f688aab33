/**
 * Every TanStack Query key of the web app, one factory per domain (docs/architecture.md
 * "Web" → Query keys). Keys are how one feature reaches another's cached data: a basket
 * mutation invalidates the timetable with `queryClient.invalidateQueries({ queryKey:
 * timetableKeys.all })` without importing anything from `features/timetable`. So they live
 * here, in `lib/`, which every feature may import; nothing else in the app writes a key as a
 * literal. Each factory's `all` is the prefix of every key it makes, so invalidating `all`
 * reaches the lists and the details alike.
 */

/** The logged-in user (spec §3 Auth user). */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/** The request's client settings (GET /api/client). */
export const clientKeys = {
  all: ['client'] as const,
};

/** The operator's theme, with the venue's overrides when there is one. */
export const themeKeys = {
  all: ['theme'] as const,
  forVenue: (venue: string | undefined) => [...themeKeys.all, venue ?? null] as const,
};

/** Venues: the list (name and map search run over it) and one venue by slug. */
export const venueKeys = {
  all: ['venues'] as const,
  list: () => venueKeys.all,
  detail: (slug: string) => [...venueKeys.all, slug] as const,
};

/** The venue's footer block. */
export const footerKeys = {
  all: ['venue-footer'] as const,
  forVenue: (venue: string) => [...footerKeys.all, venue] as const,
};

/** Place search for the map (the query is folded so 'Bury' and 'bury ' share an entry). */
export const geocodeKeys = {
  all: ['geocode'] as const,
  search: (query: string) => [...geocodeKeys.all, query.trim().toLowerCase()] as const,
};

/** Activities (categories) and courses of a venue. */
export const catalogueKeys = {
  all: ['venue'] as const,
  venue: (venueSlug: string) => [...catalogueKeys.all, venueSlug] as const,
  categories: (venueSlug: string) => [...catalogueKeys.venue(venueSlug), 'categories'] as const,
  category: (venueSlug: string, activitySlug: string) => [...catalogueKeys.categories(venueSlug), activitySlug] as const,
  courses: (venueSlug: string, categorySlug?: string) =>
    [...catalogueKeys.venue(venueSlug), 'courses', categorySlug ?? null] as const,
  course: (venueSlug: string, categorySlug: string, courseSlug: string) =>
    [...catalogueKeys.venue(venueSlug), 'course', categorySlug, courseSlug] as const,
};

/**
 * The timetable (spec §4: dates and time slots of a venue's activity) and the basket. Their
 * screens add their detail keys under these prefixes; the basket invalidates `timetableKeys.all`
 * after a change, since availability follows what is in it.
 */
export const timetableKeys = {
  all: ['timetable'] as const,
};

/** The basket (spec §4 Basket). */
export const basketKeys = {
  all: ['basket'] as const,
};
