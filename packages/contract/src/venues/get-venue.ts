import { z } from 'zod';
import { ZSlug } from '../common/slug.ts';
import { ZVenue } from './venue.ts';

/**
 * GET {activities}/venues/{id} and GET {activities}/venues/online-joining/{id}: one venue by
 * numeric id or slug (the online-joining form answers only venues that take online joining).
 */
export const ZGetVenueParams = z.object({
  id: z.union([z.string().regex(/^\d{1,9}$/, 'Must be a venue id or slug'), ZSlug]),
});
export type GetVenueParams = z.infer<typeof ZGetVenueParams>;

export const ZGetVenueResponse = z.object({ data: ZVenue });
export type GetVenueResponse = z.infer<typeof ZGetVenueResponse>;
