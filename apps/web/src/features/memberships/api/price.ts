import { useMutation, useQuery } from '@tanstack/react-query';
import type { PriceDto } from '@app/contract/pricing/price';
import type { ListCategoriesResponse } from '@app/contract/catalogue/list-categories';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { catalogueKeys } from '../../../lib/query-keys/catalogue.ts';

export type Price = Camelized<PriceDto>;
export type Category = Camelized<ListCategoriesResponse>['data'][number];

/** GET /venue/{venue}/categories (the same cache entry as the catalogue's). */
export const useVenueCategories = (venueSlug: string) =>
  useQuery({
    queryKey: catalogueKeys.categories(venueSlug),
    queryFn: ({ signal }) => api.get<Category[]>(`venue/${encodeURIComponent(venueSlug)}/categories`, { base: 'activitiesBase', signal }),
    enabled: venueSlug !== '',
  });

/**
 * POST /price/{venue}/ticket/{activity} (spec §7), body reference, is_v2, occurrence_id: member
 * and non-member prices side by side, and the customer's discount. Spec §5: only a 400 with a
 * message is shown as the error (the screen reads `statusCode`).
 */
export const usePrice = () =>
  useMutation({
    mutationFn: ({ venue, activity, reference }: { venue: string; activity: string; reference: string | null }) =>
      api.post<Price>(`price/${encodeURIComponent(venue)}/ticket/${encodeURIComponent(activity)}`, { reference, isV2: true, occurrenceId: null }),
  });
