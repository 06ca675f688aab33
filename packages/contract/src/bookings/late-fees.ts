import { z } from 'zod';

/**
 * Late-cancellation fees (docs/account-bookings.md): GET /api/dashboard/late-cancellation-fees
 * lists the unpaid ones; POST …/pay settles them all from general account credit.
 */
export const ZLateFee = z.object({
  id: z.number(),
  booking_id: z.number(),
  activity_name: z.string(),
  venue_name: z.string(),
  date: z.string(),
  time: z.string(),
  amount: z.number().int(),
  formatted_amount: z.string(),
  created_at: z.string(),
});
export type LateFeeDto = z.infer<typeof ZLateFee>;

export const ZListLateFeesResponse = z.object({
  data: z.array(ZLateFee),
  total: z.number().int(),
  formatted_total: z.string(),
});
export type ListLateFeesResponse = z.infer<typeof ZListLateFeesResponse>;

export const ZPayLateFeesRequest = z.object({}).strict();
export const ZPayLateFeesResponse = z.object({
  data: z.object({ paid: z.number().int(), amount: z.number().int(), formatted_amount: z.string(), credit_balance: z.number().int() }),
  message: z.string(),
});
export type PayLateFeesResponse = z.infer<typeof ZPayLateFeesResponse>;
