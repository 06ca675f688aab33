import { z } from 'zod';
import { ZBookableEntry } from './entry.ts';

/**
 * GET …/activity/{activity}/times and /v2/times?date=: fast-ticket times and resource times,
 * ONE entry per start time (`composite_key`). For a resource, `spaces_remaining` counts free
 * courts and `id` is a free court's occurrence (adding it lets the system allocate a court when
 * the category's allocation strategy is not 'customer').
 */
export const ZTimeEntry = ZBookableEntry.extend({
  /** Courts (or lanes) behind this time; 1 for a fast ticket. */
  locations_count: z.number().int(),
});
export type TimeEntryDto = z.infer<typeof ZTimeEntry>;
export const ZTimesResponse = z.object({ data: z.array(ZTimeEntry) });
export type TimesResponse = z.infer<typeof ZTimesResponse>;
