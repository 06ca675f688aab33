import { useMutation, useQuery } from '@tanstack/react-query';
import type { PriceDto } from '@app/contract/pricing/price';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { catalogueKeys } from '../../../lib/query-keys/catalogue.ts';
import { categoriesQuery } from '../../catalogue/public.ts';

export type Price = Camelized<PriceDto>;
export type { Category } from '../../catalogue/public.ts';

/** GET /venue/{venue}/categories: the catalogue's own query (one cache entry and request). */
export const useVenueCategories = (venueSlug: string) => useQuery({ ...categoriesQuery(venueSlug), enabled: venueSlug !== '' });

/**
 * POST /price/{venue}/ticket/{activity} (spec §7), body reference, is_v2, occurrence_id: member
 * and non-member prices side by side, and the customer's discount. Spec §5: only a 400 with a
 * message is shown as the error (the screen reads `statusCode`).
 */
export const usePrice = () =>
  useMutation({
    mutationFn: ({ venue, activity, occurrenceId, reference }: { venue: string; activity: string; occurrenceId: number | null; reference: string | null }) =>
      api.post<Price>(`price/${encodeURIComponent(venue)}/ticket/${encodeURIComponent(activity)}`, { reference, isV2: true, occurrenceId }),
  });

type DayEntry = { occurrenceId: number; name: string };

/** One entry per class name, with one of its occurrences (the price call names an activity by one). */
const classesOf = (entries: DayEntry[]) => [...new Map(entries.map((entry) => [entry.name, { name: entry.name, occurrenceId: entry.occurrenceId }])).values()];

/**
 * The activities of a category that the price call can name: the price endpoint identifies an
 * activity by one of its occurrences (`occurrence_id`), so these come from the category's
 * timetable on its first bookable day (GET …/dates, then …/v2/timetable?date=).
 */
export const useCategoryActivities = (venueSlug: string, categorySlug: string) =>
  useQuery({
    queryKey: [...catalogueKeys.category(venueSlug, categorySlug), 'price-activities'] as const,
    queryFn: async ({ signal }) => {
      const venue = encodeURIComponent(venueSlug);
      const category = encodeURIComponent(categorySlug);
      const dates = await api.get<{ raw: string; bookable?: boolean }[]>(`venue/${venue}/activity-category/${category}/dates`, { base: 'activitiesBase', signal });
      const day = dates.find((date) => date.bookable) ?? dates[0];
      if (!day) return [];
      const entries = await api.get<DayEntry[]>(`venue/${venue}/activity/${category}/v2/timetable`, { base: 'activitiesBase', query: { date: day.raw }, signal });
      return classesOf(entries);
    },
    // A server-rendered /pricing carries both answers for a visitor (apps/api/src/modules/spa/page-routes.ts).
    initialData: () => {
      const venue = encodeURIComponent(venueSlug);
      const category = encodeURIComponent(categorySlug);
      const dates = api.peek<{ raw: string; bookable?: boolean }[]>(`venue/${venue}/activity-category/${category}/dates`, { base: 'activitiesBase' });
      const day = dates?.find((date) => date.bookable) ?? dates?.[0];
      if (!dates) return undefined;
      if (!day) return [];
      const entries = api.peek<DayEntry[]>(`venue/${venue}/activity/${category}/v2/timetable`, { base: 'activitiesBase', query: { date: day.raw } });
      return entries && classesOf(entries);
    },
    enabled: venueSlug !== '' && categorySlug !== '',
    // The classes change with the timetable, not by the minute; a page's answer is not fetched
    // again as it hydrates (the Show button would flick to busy).
    staleTime: 5 * 60_000,
    retry: false,
  });
