import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * The timetable (spec §4: dates and time slots of a venue's activity). After a basket change the
 * basket calls `reloadTimetable` (below); live availability events invalidate one day
 * (`timetableKeys.day`).
 */
export type TimetableFamily = 'timetable' | 'times' | 'slots';
export type TimetableVersion = 'v1' | 'v2';

export const timetableKeys = {
  all: ['timetable'] as const,
  activity: (venueSlug: string, activitySlug: string) => [...timetableKeys.all, venueSlug, activitySlug] as const,
  /** Dates of the booking window of one sub-activity (reloaded on login and logout, spec §4). */
  dates: (venueSlug: string, activitySlug: string) => [...timetableKeys.activity(venueSlug, activitySlug), 'dates'] as const,
  /** Everything shown for one day: the prefix a live event invalidates. */
  day: (venueSlug: string, activitySlug: string, date: string) => [...timetableKeys.activity(venueSlug, activitySlug), 'day', date] as const,
  /**
   * `person`: whose actions the day shows (a family member's membership user id), null for the
   * customer; `location`: the selected location of slots (`location_id`), null for every one.
   */
  entries: (
    venueSlug: string,
    activitySlug: string,
    date: string,
    family: TimetableFamily,
    version: TimetableVersion,
    person: number | null = null,
    location: number | null = null,
  ) => [...timetableKeys.day(venueSlug, activitySlug, date), family, version, person ?? 'self', location ?? 'all'] as const,
};

/**
 * Spec §4 "Reloading happens only for ad-hoc (v1) or resource (v2) categories": a day's entries
 * carry `meta[RELOADS]` true when their category is one (the timetable slice decides).
 * `reloadTimetable` runs after a basket change (add, remove, hold again, clear) and an order:
 * - days that reload are fetched again (the ones on screen; the others when next shown);
 * - a class (or fast-ticket) day on screen is not: its rows read "in your basket" from the cart
 *   (features/timetable/use-basket-state.ts) and its spaces follow the live availability stream;
 * - one not on screen is dropped, so it is never shown from before the change (after an order
 *   its held rows are bookings, which the cart cannot say); it is fetched when next shown anyway.
 * - a class day being fetched at that moment is fetched again (the fetch in flight cancelled): it
 *   may have been read before the change, and an answer that arrives after the cart's counts as
 *   the newer one (`use-basket-state.ts`), so it would show Book over a place just held (a
 *   sign-up's pending Book raced the day's fetch that the login started).
 * The dates are not touched (they reload on login, logout and a new venue and category).
 * docs/timetable-screens.md "Reloading".
 */
export const RELOADS = 'reloads';

const isDay = (query: Query) => query.queryKey[3] === 'day';
const reloads = (query: Query) => query.meta?.[RELOADS] === true;

export const reloadTimetable = (queryClient: QueryClient) => {
  queryClient.removeQueries({ queryKey: timetableKeys.all, predicate: (query) => isDay(query) && !reloads(query) && query.getObserversCount() === 0 });
  const inFlight = (query: Query) => query.state.fetchStatus === 'fetching';
  return queryClient.invalidateQueries({ queryKey: timetableKeys.all, predicate: (query) => isDay(query) && (reloads(query) || inFlight(query)) });
};
