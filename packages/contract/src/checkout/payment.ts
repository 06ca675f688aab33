import { z } from 'zod';

/**
 * Payment (tender) lines (spec §3 "Payment line", §4, §5, §9). Amounts are integer pence.
 * Online: `card` (the provider's authorised amount). Credit: `credit` with `info.type`
 * 'general' | 'membership' (default 'general'), or the tender types `general-credit` /
 * `membership-credit`. Front of house only: `cash`, `offline-voucher`, `cheque`.
 */
export const TENDER_TYPES = ['card', 'credit', 'general-credit', 'membership-credit', 'cash', 'offline-voucher', 'cheque'] as const;
export const OFFLINE_TENDER_TYPES = ['cash', 'offline-voucher', 'cheque'] as const;
export const ZTenderType = z.enum(TENDER_TYPES);
export type TenderType = z.infer<typeof ZTenderType>;

export const ZPaymentLine = z.looseObject({
  tender_type: z.string().min(1, 'Required').max(32),
  amount: z.number().int('Must be a whole number of pence'),
  info: z.looseObject({ type: z.enum(['general', 'membership']).optional() }).optional(),
});
export type PaymentLine = z.infer<typeof ZPaymentLine>;

/** A payment line as the server records it (order confirmation, FOH pay answer). */
export const ZRecordedPayment = z.object({
  tender_type: z.string(),
  amount: z.number().int(),
  formatted_amount: z.string(),
  /** For card lines: brand and last four digits, never the number. */
  card: z.object({ brand: z.string(), last_four: z.string() }).nullable(),
});

/** Sources that pay through checkout (spec §7: `source`). */
export const ZCheckoutSource = z.string().max(64).optional();

/** Term ids accepted (GET terms?cart_id=). */
export const ZTermIds = z.array(z.number().int().positive()).max(20);

/** A completed waiver reference sent back at authorise/complete: the ids POST question-waivers answered. */
export const ZCompletedWaivers = z.array(z.union([z.number().int().positive(), z.looseObject({ id: z.number().int().positive() })])).max(50);

export const PAYMENT_FAILED_MESSAGE = 'Unable to complete your order, please try again.';
export const ORDER_COMPLETED_MESSAGE = 'Order completed Successfully.';
export const WAIVER_FAILED_MESSAGE = 'Error with waivers, unable to complete order, please try again';
export const CREDIT_APPLIED_MESSAGE = 'Credit successfully applied.';
export const CREDIT_FAILED_MESSAGE = 'Credit amount could not be applied.';
export const CARD_DECLINED_MESSAGE = 'Your card was declined. Please try another card.';
export const CARD_ERROR_MESSAGE = 'The card payment could not be processed. Please try again.';
