/**
 * The key of one venue-local day of one sub-activity at a venue: what an availability note of
 * migration 0009 names, what a live stream listens to (lib/availability-hub.ts) and what a cached
 * visitor answer is dropped by (modules/timetable/visitor-cache.ts).
 */
export const availabilityScope = (s: { clientId: number; venueId: number; categoryId: number; date: string }) =>
  `${s.clientId}:${s.venueId}:${s.categoryId}:${s.date}`;
