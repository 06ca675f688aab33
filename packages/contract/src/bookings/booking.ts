import { z } from 'zod';

/**
 * One booking as the account's Bookings screen and the live product's public clients read it
 * (wire notes: `GET my-account/bookings?filter=future` → `activity_id`, `date`, `time`,
 * `item[].location.name`). Times are the venue's local wall clock; `starts_at`/`ends_at` are
 * instants (ISO 8601 with offset).
 */
export const ZCancellationPolicy = z.object({
  /** credit: the price comes back as account credit; fee: a late-cancellation fee; none: started or cancelled. */
  outcome: z.enum(['credit', 'fee', 'none']),
  /** Pence: the credit given back, or the fee charged. */
  amount: z.number().int(),
  formatted_amount: z.string(),
  /** Until when the credit can be spent (credit only). */
  credit_expires_at: z.string().nullable(),
  /** The last moment a cancellation still gives credit. */
  credit_until: z.string(),
});
export type CancellationPolicy = z.infer<typeof ZCancellationPolicy>;

export const ZBooking = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.enum(['booked', 'cancelled']),
  /** The order's reference (null for a booking made without an order, e.g. at the desk). */
  reference: z.string().nullable(),
  complete_order_id: z.string().nullable(),
  activity_id: z.number(),
  activity_name: z.string(),
  occurrence_id: z.number(),
  venue: z.object({ id: z.number(), slug: z.string(), name: z.string() }),
  /** Venue-local date YYYY-MM-DD and start time HH:MM (wire notes). */
  date: z.string(),
  time: z.string(),
  end_time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  person: z.object({ id: z.number(), first_name: z.string(), last_name: z.string(), relationship: z.enum(['self', 'partner', 'child', 'other']) }),
  price: z.object({ raw: z.number().int(), formatted: z.string() }),
  /** The live product's `item[]`: the place booked, with its location (court, studio or the venue). */
  item: z.array(z.object({ id: z.number(), name: z.string(), location: z.object({ id: z.number().nullable(), name: z.string() }) })),
  cancellable: z.boolean(),
  /** What cancelling now would do (null when it cannot be cancelled). */
  cancellation: ZCancellationPolicy.nullable(),
  cancelled_at: z.string().nullable(),
  /** For a cancelled booking: the credit it gave back (with its expiry) or the fee it cost (paid or not). */
  cancelled_with: z
    .object({
      outcome: z.enum(['credit', 'fee', 'none']),
      amount: z.number().int(),
      formatted_amount: z.string(),
      credit_expires_at: z.string().nullable(),
      fee_paid: z.boolean().nullable(),
    })
    .nullable(),
  cancellation_source: z.string().nullable(),
});
export type BookingDto = z.infer<typeof ZBooking>;
