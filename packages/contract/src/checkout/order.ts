import { z } from 'zod';
import { ZClock } from '../timetable/entry.ts';
import { ZRecordedPayment } from './payment.ts';

/**
 * GET /api/checkout/orders/{completeOrderId} (owner only, 404 otherwise): the booking-confirmed
 * screen. GET /api/checkout/orders/{completeOrderId}/calendar.ics: the bookings as iCalendar.
 */
export const ZOrderParams = z.object({ completeOrderId: z.uuid('Must be an order id') });

export const ZOrderBooking = z.object({
  id: z.number().int(),
  name: z.string(),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  /** YYYY-MM-DD, venue local. */
  date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  starts_at_clock: ZClock,
  ends_at_clock: ZClock,
  venue: z.object({ slug: z.string(), name: z.string() }),
  location: z.object({ name: z.string() }).nullable(),
  price: z.object({ raw: z.number().int(), formatted: z.string() }),
  /** 'Covered by membership', 'Package visit: …', or null when paid for. */
  covered_by: z.string().nullable(),
  status: z.enum(['booked', 'cancelled']),
});

export const ZOrder = z.object({
  complete_order_id: z.string(),
  reference: z.string(),
  status: z.enum(['completed']),
  source: z.string(),
  completed_at: z.string(),
  total: z.number().int(),
  formatted_total: z.string(),
  bookings: z.array(ZOrderBooking),
  /** The discount code used (docs/discounts.md) and what it took off; `total` is after it. */
  discount: z.object({ code: z.string(), amount: z.object({ raw: z.number().int(), formatted: z.string() }) }).nullable(),
  payments: z.array(ZRecordedPayment),
  calendar_url: z.string(),
});
export type OrderDto = z.infer<typeof ZOrder>;
export const ZOrderResponse = z.object({ data: ZOrder });
export type OrderResponse = z.infer<typeof ZOrderResponse>;
