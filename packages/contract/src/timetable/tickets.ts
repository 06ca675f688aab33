import { z } from 'zod';
import { ZBookableEntry, ZPrice } from './entry.ts';

/** A ticket type (pricing option): Adult, Junior, Concession … (spec §3 fast ticket type). */
export const ZTicket = z.object({
  id: z.number().int(),
  name: z.string(),
  price: ZPrice,
  member_price: ZPrice,
  /** Wire notes: `pricing_option { id }` (the same id as the ticket). */
  pricing_option: z.object({ id: z.number().int() }),
  /** The activity it is a ticket of: a sub-activity's list may hold several activities' tickets. */
  activity_id: z.number().int(),
  /** The ticket's age rule in whole years (issue 21; Junior 0 to 15), null: no limit that side. */
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
});
export type TicketDto = z.infer<typeof ZTicket>;

/** GET {activities}/venue/{venue}/activity-category/{category}/activity/{activity}/tickets. */
export const ZTicketsResponse = z.object({ data: z.array(ZTicket) });

/** GET {activities}/{id} (one class) and GET {v1Activities}/occurrences/{id}: entry + tickets. */
export const ZOccurrenceDetail = ZBookableEntry.extend({ tickets: z.array(ZTicket) });
export type OccurrenceDetailDto = z.infer<typeof ZOccurrenceDetail>;
export const ZOccurrenceDetailResponse = z.object({ data: ZOccurrenceDetail });
