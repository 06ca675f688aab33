import { z } from 'zod';
import { shownAmountCardRequest, ZCheckoutAuthorise } from '../checkout/authorise.ts';

/**
 * Late-cancellation fees (docs/account-bookings.md): GET /api/dashboard/late-cancellation-fees
 * lists the unpaid ones; POST …/pay settles them all, from general account credit or (with the
 * `transaction_uuid` of POST …/authorise) by card; either way an order with a receipt.
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

/** The web's own return paths after a 3-D Secure challenge (same origin, account site, with or without the path prefix). */
export const LATE_FEES_RETURN_PATH = /^(\/_\/my-account)?\/late-fees$/;

/**
 * Card payment of every unpaid fee: the card identifier from the provider's tokenisation (or a
 * saved card), the 3-D Secure browser fields, and `amount`, the total the customer was shown
 * (a fee recorded since then is not charged unseen: 409).
 */
export const ZAuthoriseLateFeesRequest = shownAmountCardRequest({ pattern: LATE_FEES_RETURN_PATH, maxLength: 40, site: 'account' });
export type AuthoriseLateFeesRequest = z.infer<typeof ZAuthoriseLateFeesRequest>;
export const ZAuthoriseLateFeesResponse = z.object({ data: ZCheckoutAuthorise });

export const ZPayLateFeesRequest = z.object({ transaction_uuid: z.uuid().optional() }).strict();
export const ZPayLateFeesResponse = z.object({
  data: z.object({
    paid: z.number().int(),
    amount: z.number().int(),
    formatted_amount: z.string(),
    tender_type: z.enum(['general-credit', 'card']),
    /** The general credit left after a credit payment; null for a card payment. */
    credit_balance: z.number().int().nullable(),
    /** The receipt: GET /api/dashboard/orders/{uuid}. */
    complete_order_id: z.string(),
    reference: z.string(),
  }),
  message: z.string(),
});
export type PayLateFeesResponse = z.infer<typeof ZPayLateFeesResponse>;
