import { z } from 'zod';

/**
 * GET {activities}/venue/{venue}/activity-category/{category}/dates: the dates of the booking
 * window (spec §3 date entry, keyed by `raw`; wire notes' pretty forms). Visitors see fewer
 * days than logged-in customers. Each date says how many sessions it has and when its last one
 * starts (issue 21: the screen opens the first day with something left). The first date not yet released is listed with
 * `bookable: false` and `opens_at`, so the screen can say when it opens.
 */
export const ZDateEntry = z.object({
  raw: z.string(),
  day_pretty: z.string(),
  date_pretty: z.string(),
  full_date_pretty: z.string(),
  today: z.boolean(),
  year: z.number().int(),
  bookable: z.boolean(),
  /** ISO instant the date's bookings open, when not yet open. */
  opens_at: z.string().nullable(),
  /** Sessions of the sub-activity that day, cancelled ones left out (issue 21: a day tab says when it has none). */
  sessions: z.number().int().nonnegative(),
  /**
   * ISO instant the day's last session (not cancelled) starts, or null without sessions: the
   * screen tells from it, with its own clock, whether the day still has something to book.
   */
  last_starts_at: z.string().nullable(),
});
export type DateEntryDto = z.infer<typeof ZDateEntry>;

export const ZListDatesParams = z.object({
  venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug'),
  category: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be an activity slug'),
});
export const ZListDatesResponse = z.object({ data: z.array(ZDateEntry) });
export type ListDatesResponse = z.infer<typeof ZListDatesResponse>;
