import { z } from 'zod';

/** A place found by the geocoder (spec §7: restricted to country gb). */
export const ZPlace = z.object({
  name: z.string(),
  /** 'Bury, England': what the search box shows. */
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type PlaceDto = z.infer<typeof ZPlace>;

export const ZGeocodeQuery = z.object({
  query: z
    .string()
    .trim()
    .min(2, 'Must contain at least 2 character(s)')
    .max(100, 'Must contain at most 100 character(s)'),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, 'Must be a whole number from 1 to 10')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Must be a whole number from 1 to 10').max(10, 'Must be a whole number from 1 to 10'))
    .optional(),
});

export const ZGeocodeResponse = z.object({ data: z.array(ZPlace) });
