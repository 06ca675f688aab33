import { z } from 'zod';
import { ZCheckoutComplete } from '../checkout/complete.ts';
import { ZCheckoutSource, ZCompletedWaivers, ZTermIds } from '../checkout/payment.ts';
import { ZMoney } from './common.ts';

/**
 * POST {checkout}/pay — `/api/activities/cart/pay` — for the front-of-house source (spec §6, §7,
 * §9; issue 24 "Tenders"). Staff only; every payment is recorded in the caller's open till
 * session. Tenders: cash (`amount_tendered`, change due to the penny), cheque (`cheque_number`),
 * offline voucher (`voucher_code`, validated and spent once), card terminal (`terminal_reference`:
 * an external card payment), credit (`info.type` general | membership, spec rules), split across
 * any. The lines must add up to the basket's total. The order completes exactly once: a second pay
 * of a completed basket is 409 `order_already_completed` (the same `Idempotency-Key` answers the
 * first order instead).
 */
export const FOH_PAY_TENDERS = ['cash', 'cheque', 'offline-voucher', 'card-terminal', 'credit', 'general-credit', 'membership-credit'] as const;

export const ZFohPaymentInfo = z
  .object({
    type: z.enum(['general', 'membership']).optional(),
    /** Cash only: what the customer handed over (≥ the cash amount). */
    amount_tendered: z.number().int('Must be a whole number of pence').min(0).max(10_000_000).optional(),
    cheque_number: z.string().trim().regex(/^\d{6}$/, 'Must be the 6-digit cheque number').optional(),
    voucher_code: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{4,32}$/, 'Must be a voucher code (letters, digits and dashes)').optional(),
    terminal_reference: z.string().trim().regex(/^[A-Za-z0-9-]{4,40}$/, "Must be the terminal's reference (letters, digits and dashes)").optional(),
  })
  .strict();

export const ZFohPaymentLine = z.object({
  tender_type: z.enum(FOH_PAY_TENDERS),
  amount: z.number().int('Must be a whole number of pence').max(10_000_000, 'Must be at most 10000000'),
  info: ZFohPaymentInfo.optional(),
});
export type FohPaymentLine = z.infer<typeof ZFohPaymentLine>;

/** The body: the live product's fields (loose, docs/api-compatibility.md) plus the till's. */
export const ZFohPayRequest = z.looseObject({
  completed_waivers: ZCompletedWaivers.optional(),
  payments: z.array(ZFohPaymentLine).max(10, 'At most 10 payment lines'),
  selected_user_id: z.number().int().positive(),
  source: ZCheckoutSource,
  terms: ZTermIds.optional(),
  /** The caller's open till session (its till records every tender). */
  till_session_id: z.number().int().positive(),
  /** Receipt: emailed to the account holder, printed by the till (the screen's print stylesheet), or none. */
  receipt: z.enum(['email', 'print', 'none']).default('none'),
});
export type FohPayRequest = z.input<typeof ZFohPayRequest>;

export const ZFohPaidTender = z.object({
  tender_type: z.string(),
  amount: ZMoney,
  /** Cash: handed over and change due; other tenders null. */
  amount_tendered: ZMoney.nullable(),
  change_due: ZMoney.nullable(),
  reference: z.string().nullable(),
});
export const ZFohPay = ZCheckoutComplete.extend({
  till_session_id: z.number().int(),
  tenders: z.array(ZFohPaidTender),
  change_due: ZMoney,
  receipt: z.enum(['email', 'print', 'none']),
  /** The customer's recorded language (issue 27): the emailed receipt is written in it, and the printed one is to be. */
  receipt_language: z.enum(['en-GB', 'cy']),
});
export type FohPayDto = z.infer<typeof ZFohPay>;
export const ZFohPayResponse = z.object({ data: ZFohPay, complete_order_id: z.string(), reference: z.string(), message: z.string() });

/** GET /api/foh/vouchers/{code}: whether a voucher can be taken, and for how much. */
export const ZVoucherParams = z.object({ code: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{4,32}$/, 'Must be a voucher code') });
export const ZVoucher = z.object({
  code: z.string(),
  value: ZMoney,
  status: z.enum(['valid', 'spent', 'expired']),
  /** When it was spent (status spent). */
  spent_at: z.string().nullable(),
  expires_on: z.string().nullable(),
});
export const ZVoucherResponse = z.object({ data: ZVoucher });

export const ORDER_ALREADY_COMPLETED_MESSAGE = 'This basket has already been paid.';
export const VOUCHER_SPENT_MESSAGE = 'This voucher has already been used.';
export const VOUCHER_UNKNOWN_MESSAGE = 'We do not recognise this voucher code.';
export const CHANGE_ON_NON_CASH_MESSAGE = 'Only cash gives change: this tender must be for its exact amount.';
