import type { QueryClient } from '@tanstack/react-query';

/**
 * The timetable (spec §4: dates and time slots of a venue's activity). The basket invalidates
 * `timetableKeys.all` after a change, since availability follows what is in it; live
 * availability events invalidate one day (`timetableKeys.day`).
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
 * carry `meta[RELOADS]` true when their category is one (the timetable slice decides). After a
 * basket change or an order every day is still fetched again (`reloadTimetable`), not only those:
 * a class's own button ('Book' or 'Remove from basket') comes from the server's answer for the
 * viewer, and the live availability stream alone left a customer who signed up from Book looking
 * at 'Book' for the class just held (docs/timetable-screens.md "Reloading").
 */
export const RELOADS = 'reloads';
export const reloadTimetable = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: timetableKeys.all });
