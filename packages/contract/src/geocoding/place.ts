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
