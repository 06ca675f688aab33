import { z } from 'zod';
import { ZCheckoutSource, ZCompletedWaivers, ZPaymentLine, ZTermIds } from './payment.ts';

/**
 * POST /api/checkout/complete (spec §7; wire notes): after authorise (transaction_uuid), or
 * directly when credit covers everything (`payments: [{ tender_type: 'credit', amount, info: {} }]`,
 * or `payments: []` when nothing is owed). Exactly once: keyed by transaction_uuid and the
 * `Idempotency-Key` header (else item_hash + transaction); a replay answers the same order.
 * Holds lost during payment → 409 naming the item (`errors.items`), the card never charged.
 */
export const ZCheckoutCompleteRequest = z.looseObject({
  completed_waivers: ZCompletedWaivers.optional(),
  payments: z.array(ZPaymentLine).max(10).optional(),
  source: ZCheckoutSource,
  terms: ZTermIds.optional(),
  transaction_uuid: z.uuid('Must be a transaction id').nullable().optional(),
  selected_user_id: z.number().int().positive().nullable().optional(),
  item_hash: z.string().max(128).optional(),
});
export type CheckoutCompleteRequest = z.infer<typeof ZCheckoutCompleteRequest>;

export const ZCheckoutComplete = z.object({
  /** The order's public id, for /booking-confirmed/{completeOrderId}. */
  complete_order_id: z.string(),
  reference: z.string(),
  total: z.number().int(),
  formatted_total: z.string(),
  booking_ids: z.array(z.number().int()),
});
export type CheckoutCompleteDto = z.infer<typeof ZCheckoutComplete>;
export const ZCheckoutCompleteResponse = z.object({
  data: ZCheckoutComplete,
  complete_order_id: z.string(),
  reference: z.string(),
  message: z.string(),
});
export type CheckoutCompleteResponse = z.infer<typeof ZCheckoutCompleteResponse>;

/**
 * POST {checkout}/pay (front of house, staff only): offline tenders cash, offline-voucher,
 * cheque, and credit. Same answer as complete.
 */
export const ZCheckoutPayRequest = z.looseObject({
  completed_waivers: ZCompletedWaivers.optional(),
  payments: z.array(ZPaymentLine).max(10),
  selected_user_id: z.number().int().positive(),
  source: ZCheckoutSource,
  terms: ZTermIds.optional(),
});
export type CheckoutPayRequest = z.infer<typeof ZCheckoutPayRequest>;

/** 409 when a hold was lost during payment and could not be taken again. */
export const ITEM_LOST_MESSAGE = 'Sorry, a place in your basket was taken while you paid. You have not been charged.';
