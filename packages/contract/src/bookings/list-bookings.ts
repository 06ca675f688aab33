import { z } from 'zod';
import { ZBooking } from './booking.ts';

/**
 * GET /api/my-account/bookings?filter=future|past (wire path; also GET /api/dashboard/bookings).
 * future: booked and not started, soonest first; past: started or cancelled, newest first.
 */
export const BOOKINGS_PER_PAGE_MAX = 100;
export const ZListBookingsQuery = z
  .object({
    filter: z.enum(['future', 'past']).default('future'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(BOOKINGS_PER_PAGE_MAX).default(20),
  })
  .strict();
export type ListBookingsQuery = z.input<typeof ZListBookingsQuery>;

export const ZListBookingsResponse = z.object({
  data: z.array(ZBooking),
  meta: z.object({ current_page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() }),
});
export type ListBookingsResponse = z.infer<typeof ZListBookingsResponse>;
