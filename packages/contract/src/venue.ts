import { z } from 'zod';

/** A URL slug: lower-case letters, digits and dashes. */
export const ZSlug = z
  .string()
  .regex(/^[a-z0-9-]{1,100}$/, 'Must be lower-case letters, digits and dashes (at most 100)');

/** A number given in a query string: '53.6', '-2', never '' or 'abc'. */
export const queryNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'Must be a number')
    .transform(Number)
    .pipe(z.number().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`));

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

export const ZVenueListQuery = z
  .object({
    /** Case-insensitive substring of the venue name (spec §5). */
    search: z.string().trim().max(100, 'Must contain at most 100 character(s)').optional(),
    lat: queryNumber(-90, 90).optional(),
    lng: queryNumber(-180, 180).optional(),
    /** Miles; default 5 (spec §9). */
    radius: queryNumber(0.1, 500).optional(),
  })
  .superRefine((query, ctx) => {
    const given = [query.lat, query.lng].filter((v) => v !== undefined).length;
    if (given === 1) {
      ctx.addIssue({ code: 'custom', path: [query.lat === undefined ? 'lat' : 'lng'], message: 'Required with lat and lng' });
    }
    if (query.radius !== undefined && given === 0) {
      ctx.addIssue({ code: 'custom', path: ['radius'], message: 'A radius needs lat and lng' });
    }
  });
export type VenueListQuery = z.infer<typeof ZVenueListQuery>;

export const ZVenueListResponse = z.object({ data: z.array(ZVenue) });
export const ZVenueResponse = z.object({ data: ZVenue });

/** `venues/{id}`: a numeric id or a slug. */
export const ZVenueIdParams = z.object({
  id: z.union([z.string().regex(/^\d{1,9}$/, 'Must be a venue id or slug'), ZSlug]),
});
