import { z } from 'zod';
import { ZVenueSlugQuery } from '../common/slug.ts';

/** Which theme level staff work on: the client's, or one venue's with `?venue=`. */
export const ZThemeLevelQuery = z.object({ venue: ZVenueSlugQuery.optional() });

/** The stored layer as staff see it: exactly what is set at that level (nulls kept). */
export const ZThemeLevelResponse = z.object({
  data: z.object({
    venue: z.string().nullable(),
    theme: z.record(z.string(), z.string().nullable()),
  }),
});
export type ThemeLevelResponse = z.infer<typeof ZThemeLevelResponse>;
