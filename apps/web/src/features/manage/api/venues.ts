import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManageVenueDetails as ManageVenueDetailsDto } from '@app/contract/manage/venues';
import { api } from '../../../lib/api/client.ts';
import type { Camelized } from '../../../lib/api/camelized.ts';
import { toCamel } from '../../../lib/api/case.ts';

/**
 * A venue's details, weekly opening hours and footer text in the console (issue 26; contract
 * packages/contract/src/manage/venues.ts, docs/operator-tools.md "Venues"). Managers only.
 */
export type ManageVenueDetails = Camelized<ManageVenueDetailsDto>;
export type VenueDetailsBody = { name: string; addressLine1: string; addressLine2: string | null; town: string; postcode: string; phone: string | null; email: string | null; description: string | null };
export type OpeningDayBody = { isoDay: number; opens: string; closes: string };
type Answer = { data: ManageVenueDetails; message: string };

const key = (venue: string) => ['manage', 'venue-details', venue] as const;
const path = (venue: string, rest: string) => `manage/venues/${encodeURIComponent(venue)}/${rest}`;

/** GET manage/venues/{venue}/details. */
export const useVenueDetails = (venue: string) => useQuery({ queryKey: key(venue), queryFn: ({ signal }) => api.get<ManageVenueDetails>(path(venue, 'details'), { signal }), retry: false });

const useVenuePut = <Body,>(venue: string, rest: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Body) => toCamel<Answer>(JSON.parse(await api.put<string>(path(venue, rest), body, { responseType: 'text' }))),
    onSuccess: (answer) => {
      client.setQueryData(key(venue), answer.data);
      // The venue's name is in the console's venue list and on its changes page.
      return client.invalidateQueries({ queryKey: ['manage', 'venues'] });
    },
  });
};

/** PUT details: name, address, phone, email, description (the slug stays). */
export const useUpdateVenueDetails = (venue: string) => useVenuePut<VenueDetailsBody>(venue, 'details');
/** PUT opening-hours: the days the venue opens; a day not sent is closed. */
export const useUpdateOpeningHours = (venue: string) => useVenuePut<{ days: OpeningDayBody[] }>(venue, 'opening-hours');
/** PUT footer: HTML, stored sanitised (the answer's message says when something was removed). */
export const useUpdateFooter = (venue: string) => useVenuePut<{ html: string }>(venue, 'footer');
