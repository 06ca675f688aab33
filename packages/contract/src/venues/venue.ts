import { z } from 'zod';

/** Venue of spec §3 (keyed by slug on the client), with what a venue card and page show. */
export const ZVenue = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  address_line1: z.string(),
  address_line2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  timezone: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  activities_v2_enabled: z.boolean(),
  display_venue_selection_button: z.boolean(),
  /** 'YYYY-MM-DD': v2 endpoints serve dates on or after it (spec §4). */
  migration_date: z.string().nullable(),
  online_joining_enabled: z.boolean(),
  /** Miles to one decimal from the searched point; only with `lat`/`lng` in the query. */
  distance: z.number().optional(),
});
export type VenueDto = z.infer<typeof ZVenue>;
