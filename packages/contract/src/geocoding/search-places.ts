import { z } from 'zod';
import { ZPlace } from './place.ts';

/** GET {activities}/geocode: places in Great Britain matching a search, best first. */
export const ZSearchPlacesQuery = z.object({
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
export type SearchPlacesQuery = z.infer<typeof ZSearchPlacesQuery>;

export const ZSearchPlacesResponse = z.object({ data: z.array(ZPlace) });
export type SearchPlacesResponse = z.infer<typeof ZSearchPlacesResponse>;
