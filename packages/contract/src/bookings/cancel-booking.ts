import { z } from 'zod';
import { recordId } from '../common/record-id.ts';
import { ZBooking } from './booking.ts';

/** Where a cancellation was made (recorded on the booking). */
export const CANCELLATION_SOURCES = ['bookings', 'my-account', 'foh', 'kiosk'] as const;

/** DELETE /api/activities/bookings/{id}?source=bookings (spec §7). */
export const ZCancelBookingParams = z.object({ id: recordId() }).strict();
export const ZCancelBookingQuery = z.object({ source: z.enum(CANCELLATION_SOURCES).default('bookings') }).strict();
export type CancelBookingQuery = z.input<typeof ZCancelBookingQuery>;

/**
 * PATCH /api/v1/activities/bookings (wire notes): `{ data: { cancellation_source, update_type:
 * "cancellation", booking_ids } }`, all or nothing.
 */
export const ZUpdateBookingsRequest = z
  .object({
    data: z
      .object({
        cancellation_source: z.enum(CANCELLATION_SOURCES).default('my-account'),
        update_type: z.literal('cancellation', { error: 'Only cancellation is supported' }),
        booking_ids: z.array(recordId()).min(1).max(50),
      })
      .strict(),
  })
  .strict();
export type UpdateBookingsRequest = z.input<typeof ZUpdateBookingsRequest>;

/** What a cancellation did: the credit given back (with its expiry) or the fee recorded. */
export const ZCancellationResult = z.object({
  booking_id: z.number(),
  outcome: z.enum(['credit', 'fee']),
  amount: z.number().int(),
  formatted_amount: z.string(),
  credit_expires_at: z.string().nullable(),
});

export const ZCancelBookingsResponse = z.object({
  data: z.array(ZBooking),
  cancellations: z.array(ZCancellationResult),
  message: z.string(),
});
export type CancelBookingsResponse = z.infer<typeof ZCancelBookingsResponse>;
