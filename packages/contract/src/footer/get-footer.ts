import { z } from 'zod';
import { ZVenueSlugQuery } from '../common/slug.ts';

/** GET {activities}/footer?venue=: a venue's footer block. */
export const ZGetFooterQuery = z.object({ venue: ZVenueSlugQuery });
export type GetFooterQuery = z.infer<typeof ZGetFooterQuery>;

/** Sanitised `text/html` (empty when the venue has none), not JSON. */
export const ZGetFooterResponse = z.string();
