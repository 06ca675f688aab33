import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManageOccurrence as ManageOccurrenceDto, OperatorChange as OperatorChangeDto } from '@app/contract/manage/occurrences';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { toCamel } from '../../../lib/api/case.ts';

/**
 * The operator console's calls (issue 26; contract packages/contract/src/manage/,
 * docs/operator-tools.md). Managers only: anyone else gets 403, which the frame shows.
 */
export type ManageOccurrence = Camelized<ManageOccurrenceDto>;
export type OperatorChange = Camelized<OperatorChangeDto>;
export type ManageVenue = { id: number; slug: string; name: string };
export type Option = { id: number; name: string };
export type ManageDay = { data: ManageOccurrence[]; venue: ManageVenue; date: string; instructors: Option[]; locations: Option[] };
export type ManageChanges = { data: OperatorChange[]; venue: ManageVenue; meta: { currentPage: number; lastPage: number; total: number } };

export const manageKeys = {
  all: ['manage'] as const,
  venues: ['manage', 'venues'] as const,
  day: (venue: string, date: string) => ['manage', 'day', venue, date] as const,
  changes: (venue: string, page: number) => ['manage', 'changes', venue, page] as const,
};

/** A whole answer (`data` beside `venue`, `meta`, …), camelised: the client's get unwraps `data` alone. */
const whole = async <T>(path: string, signal: AbortSignal) => toCamel<T>(JSON.parse(await api.get<string>(path, { signal, responseType: 'text' })));

export const useManageVenues = () =>
  useQuery({ queryKey: manageKeys.venues, queryFn: ({ signal }) => api.get<ManageVenue[]>('manage/venues', { signal }), retry: false });

export const useManageDay = (venue: string, date: string) =>
  useQuery({
    queryKey: manageKeys.day(venue, date),
    queryFn: ({ signal }) => whole<ManageDay>(`manage/venues/${encodeURIComponent(venue)}/occurrences?date=${encodeURIComponent(date)}`, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useManageChanges = (venue: string, page: number) =>
  useQuery({
    queryKey: manageKeys.changes(venue, page),
    queryFn: ({ signal }) => whole<ManageChanges>(`manage/venues/${encodeURIComponent(venue)}/changes?page=${page}`, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

type ChangeAnswer = { data: ManageOccurrence; message: string };

const useChangeMutation = <Body,>(send: (occurrenceId: number, body: Body) => Promise<string>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ occurrenceId, body }: { occurrenceId: number; body: Body }) => toCamel<ChangeAnswer>(JSON.parse(await send(occurrenceId, body))),
    onSuccess: () => client.invalidateQueries({ queryKey: manageKeys.all }),
  });
};

/** POST manage/occurrences/{id}/cancel: bookings credited and emailed, holds released, waitlist closed. */
export const useCancelOccurrence = () =>
  useChangeMutation<{ reason: string }>((id, body) => api.post<string>(`manage/occurrences/${id}/cancel`, body, { responseType: 'text' }));

/** PUT manage/occurrences/{id}/capacity: never below the places booked or held (409 with the reason). */
export const useChangeCapacity = () =>
  useChangeMutation<{ capacity: number; reason?: string }>((id, body) => api.put<string>(`manage/occurrences/${id}/capacity`, body, { responseType: 'text' }));

/** PUT manage/occurrences/{id}/staffing: instructor and/or room; booked customers are emailed. */
export const useChangeStaffing = () =>
  useChangeMutation<{ instructorId?: number | null; locationId?: number | null; reason?: string }>((id, body) =>
    api.put<string>(`manage/occurrences/${id}/staffing`, body, { responseType: 'text' }),
  );

export type NoShowPolicy = { limit: number; windowDays: number; feePence: number; formattedFee: string; currencySymbol: string };
type PolicyValues = { limit: number; windowDays: number; feePence: number };
export type NoShowPolicyAnswer = { data: NoShowPolicy; changes: { id: number; from: PolicyValues; to: PolicyValues; by: { id: number; name: string }; createdAt: string }[] };

/** GET manage/settings/no-show-policy: the policy and its last 10 changes. */
export const useNoShowPolicy = () =>
  useQuery({ queryKey: ['manage', 'no-show-policy'], queryFn: ({ signal }) => whole<NoShowPolicyAnswer>('manage/settings/no-show-policy', signal), retry: false });

/** PUT manage/settings/no-show-policy (validated and recorded by the server). */
export const useUpdateNoShowPolicy = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PolicyValues) => toCamel<NoShowPolicyAnswer>(JSON.parse(await api.put<string>('manage/settings/no-show-policy', body, { responseType: 'text' }))),
    onSuccess: (answer) => client.setQueryData(['manage', 'no-show-policy'], answer),
  });
};

export type SeriesOptions = { categories: { id: number; name: string; parent: string | null }[]; locations: Option[]; instructors: Option[] };
export type NewSeries = {
  name: string;
  categoryId: number;
  isoDayOfWeek: number;
  startTime: string;
  durationMinutes: number;
  instructorId: number | null;
  locationId: number | null;
  capacity: number;
  pricePence: number;
  bookingWindowDays: number;
  startsOn: string;
};
export type SeriesCreated = { data: { activityId: number; templateId: number; name: string; categorySlug: string; firstDate: string | null; occurrences: number }; message: string };

/** GET manage/venues/{venue}/series-options: the class activities, rooms and instructors a series may name. */
export const useSeriesOptions = (venue: string) =>
  useQuery({ queryKey: ['manage', 'series-options', venue], queryFn: ({ signal }) => whole<SeriesOptions>(`manage/venues/${encodeURIComponent(venue)}/series-options`, signal), retry: false });

/** POST manage/venues/{venue}/series: the series and its next weeks' sessions, on the timetable at once. */
export const useCreateSeries = (venue: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewSeries) => toCamel<SeriesCreated>(JSON.parse(await api.post<string>(`manage/venues/${encodeURIComponent(venue)}/series`, body, { responseType: 'text' }))),
    onSuccess: () => client.invalidateQueries({ queryKey: manageKeys.all }),
  });
};

export type ImportAnswer = { applied: boolean; dryRun: boolean; rows: { line: number; summary: string }[]; errors: { line: number; column: string | null; message: string }[] };

/** POST manage/timetable-import: a dry run unless `apply`; every error by line and column. */
export const useTimetableImport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { csv: string; apply: boolean }) => toCamel<ImportAnswer>(JSON.parse(await api.post<string>('manage/timetable-import', body, { responseType: 'text' }))),
    onSuccess: (answer) => (answer.applied ? client.invalidateQueries({ queryKey: manageKeys.all }) : undefined),
  });
};
