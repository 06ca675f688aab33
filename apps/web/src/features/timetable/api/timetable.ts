import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateEntryDto } from '@app/contract/timetable/dates';
import type { TimeEntryDto } from '@app/contract/timetable/times';
import type { SlotEntryDto } from '@app/contract/timetable/slots';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { staleUnlessFromPage } from '../../../lib/page-data.ts';
import { categoryQuery } from '../../catalogue/public.ts';
import { RELOADS, timetableKeys, type TimetableFamily, type TimetableVersion } from '../../../lib/query-keys/timetable.ts';
import type { Entry } from '../rules.ts';

export type DateEntry = Camelized<DateEntryDto>;
export type TimeEntry = Camelized<TimeEntryDto>;
export type SlotEntry = Camelized<SlotEntryDto>;

const enc = encodeURIComponent;

/** GET /venue/{venue}/activity-category/{category}/dates (spec §7): the booking window. */
export const datesQuery = (venueSlug: string, activitySlug: string) =>
  queryOptions({
    queryKey: timetableKeys.dates(venueSlug, activitySlug),
    queryFn: ({ signal }) =>
      api.get<DateEntry[]>(`venue/${enc(venueSlug)}/activity-category/${enc(activitySlug)}/dates`, { base: 'activitiesBase', signal }),
    initialData: () => api.peek<DateEntry[]>(`venue/${enc(venueSlug)}/activity-category/${enc(activitySlug)}/dates`, { base: 'activitiesBase' }),
    staleTime: 60_000,
  });

/**
 * One day's entries (spec §7): `timetable` (classes, ad-hoc sessions), `times` (fast tickets,
 * resource times) or `slots` (courts), each under `v2/` for dates on or after the migration date.
 * `person` is the family member booked for (spec §6 selected user): the server computes each
 * entry's action for them (`selected_user_id`); null is the logged-in customer (or a visitor).
 * `location` is the timetable's selected location (spec §3), sent to slots as `location_id`
 * (spec §7); only slots take it.
 */
export const entriesQuery = (
  venueSlug: string,
  activitySlug: string,
  date: string,
  family: TimetableFamily,
  version: TimetableVersion,
  person: number | null = null,
  location: number | null = null,
  reloads = false,
) => {
  const locationId = family === 'slots' ? location : null;
  const path = `venue/${enc(venueSlug)}/activity/${enc(activitySlug)}/${version === 'v2' ? 'v2/' : ''}${family}`;
  return queryOptions({
    queryKey: timetableKeys.entries(venueSlug, activitySlug, date, family, version, person, locationId),
    // Spec §4: reloaded after a basket change or an order only for ad-hoc or resource categories.
    meta: { [RELOADS]: reloads },
    queryFn: ({ signal }) =>
      api.get<(Entry | TimeEntry | SlotEntry)[]>(path, { base: 'activitiesBase', query: { date, locationId, selectedUserId: person }, signal }),
    // A visitor's day can come in a server-rendered page (only a visitor's: the page holds no personal answer).
    initialData: () => api.peek<(Entry | TimeEntry | SlotEntry)[]>(path, { base: 'activitiesBase', query: { date, locationId, selectedUserId: person } }),
    // Availability changes under the customer's eyes: live events and the reload rules refetch it
    // (the page's answer is not fetched again as the page hydrates: lib/page-data.ts).
    staleTime: staleUnlessFromPage(0),
    retry: (count, error) => count < 2 && !(error && 'statusCode' in error && [403, 404, 422].includes((error as { statusCode: number }).statusCode)),
  });
};

/**
 * GET /venue/{venue}/categories/{activity} (spec §7): the category's v1/v2 type and allocation
 * strategy, with the catalogue's own query, so coming from the sub-activity page the answer is
 * already cached.
 */
export const useCategoryDetail = (venueSlug: string, activitySlug: string) => useQuery(categoryQuery(venueSlug, activitySlug));
export const useDates = (venueSlug: string, activitySlug: string, enabled: boolean) => useQuery({ ...datesQuery(venueSlug, activitySlug), enabled });
export const useEntries = (
  venueSlug: string,
  activitySlug: string,
  date: string,
  family: TimetableFamily | null,
  version: TimetableVersion,
  person: number | null,
  location: number | null = null,
  reloads = false,
) =>
  useQuery({ ...entriesQuery(venueSlug, activitySlug, date, family ?? 'timetable', version, person, location, reloads), enabled: family !== null });
