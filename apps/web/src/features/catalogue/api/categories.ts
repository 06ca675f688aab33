import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryDetailDto, CategoryDto } from '@app/contract/catalogue/category';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { catalogueKeys } from '../../../lib/query-keys/catalogue.ts';

/** Activity (category) of spec §3 as the web app holds it. */
export type Category = Camelized<CategoryDto>;
export type CategoryDetail = Camelized<CategoryDetailDto>;

const FIVE_MINUTES = 5 * 60_000;

/** GET /venue/{venue}/categories (spec §7). */
export const categoriesQuery = (venueSlug: string) =>
  queryOptions({
    queryKey: catalogueKeys.categories(venueSlug),
    queryFn: ({ signal }) =>
      api.get<Category[]>(`venue/${encodeURIComponent(venueSlug)}/categories`, { base: 'activitiesBase', signal }),
    initialData: () => api.peek<Category[]>(`venue/${encodeURIComponent(venueSlug)}/categories`, { base: 'activitiesBase' }),
    staleTime: FIVE_MINUTES,
  });

/** GET /venue/{venue}/categories/{activitySlug} (spec §7). */
export const categoryQuery = (venueSlug: string, activitySlug: string) =>
  queryOptions({
    queryKey: catalogueKeys.category(venueSlug, activitySlug),
    queryFn: ({ signal }) =>
      api.get<CategoryDetail>(
        `venue/${encodeURIComponent(venueSlug)}/categories/${encodeURIComponent(activitySlug)}`,
        { base: 'activitiesBase', signal },
      ),
    initialData: () =>
      api.peek<CategoryDetail>(`venue/${encodeURIComponent(venueSlug)}/categories/${encodeURIComponent(activitySlug)}`, { base: 'activitiesBase' }),
    staleTime: FIVE_MINUTES,
  });

export const useCategories = (venueSlug: string) => useQuery(categoriesQuery(venueSlug));
export const useCategory = (venueSlug: string, activitySlug: string) => useQuery(categoryQuery(venueSlug, activitySlug));
