import { z } from 'zod';
import { ZBookableEntry } from './entry.ts';

/**
 * GET …/activity/{activity}/slots and /v2/slots?date=[&location_id=][&composite_key=]
 * [&start_time=HH:MM&end_time=HH:MM]: the concrete court/lane occurrences behind the times,
 * one per location (wire notes: `id` a string on v2, `date { raw }`, `location { name }`).
 */
export const ZSlotDate = z.object({ raw: z.string(), pretty: z.string() });
export const ZSlotEntry = ZBookableEntry.omit({ date: true }).extend({ date: ZSlotDate });
export type SlotEntryDto = z.infer<typeof ZSlotEntry>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time (HH:MM)');
export const ZSlotsQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)'),
  location_id: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number).optional(),
  composite_key: z.string().max(200).optional(),
  start_time: hhmm.optional(),
  end_time: hhmm.optional(),
  selected_user_id: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number).optional(),
});
export type SlotsQuery = z.infer<typeof ZSlotsQuery>;
export const ZSlotsResponse = z.object({ data: z.array(ZSlotEntry) });
export type SlotsResponse = z.infer<typeof ZSlotsResponse>;
