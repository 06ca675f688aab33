import { z } from 'zod';
import { DISCOUNT_CODE_MAX } from './discount-limits.ts';

/**
 * Discount codes in the basket (issue 20, docs/discounts.md): what a code takes off, the request
 * that applies one, and the 400 messages the basket shows as they come (spec §8 "Discount 400:
 * the server message").
 */

export const DISCOUNT_INVALID_MESSAGE = "That discount code isn't valid.";
export const DISCOUNT_EXPIRED_MESSAGE = 'That discount code has expired.';
export const DISCOUNT_NOT_YET_MESSAGE = "That discount code can't be used yet.";
export const DISCOUNT_USED_UP_MESSAGE = 'That discount code has been used up.';
export const DISCOUNT_CUSTOMER_LIMIT_MESSAGE = "You've already used that discount code as many times as it allows.";
export const DISCOUNT_NOT_APPLICABLE_MESSAGE = "That discount code doesn't apply to anything in your basket.";
export const DISCOUNT_APPLIED_MESSAGE = 'Discount code applied.';
export const DISCOUNT_REMOVED_MESSAGE = 'Discount code removed.';

export { DISCOUNT_CODE_MAX };

/** How a code is stored: letters, digits, '-' and '_', upper case, at most 40 characters. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]{1,40}$/;

/** What the customer typed, as codes are stored: compatibility-normalised, trimmed, upper case. */
export const normaliseDiscountCode = (typed: string) => typed.normalize('NFKC').trim().toUpperCase();

/** POST {checkout}/discount: the code, and whose basket (spec §6 selected user). */
export const ZCartDiscountRequest = z.looseObject({
  code: z.string({ error: 'Must be text' }).max(DISCOUNT_CODE_MAX, `Must contain at most ${DISCOUNT_CODE_MAX} character(s)`),
  selected_user_id: z.number().int().positive().nullable().optional(),
});
export type CartDiscountRequest = z.infer<typeof ZCartDiscountRequest>;

/** The code applied to a cart, as the cart shows it: `amount` is what it takes off now (pence). */
export const ZCartDiscount = z.object({
  code: z.string(),
  description: z.string(),
  amount: z.object({ raw: z.number().int(), formatted: z.string() }),
});
export type CartDiscountDto = z.infer<typeof ZCartDiscount>;

export type DiscountRule = { percent_off: number | null; amount_off_pence: number | null; activity_ids: readonly number[] };
/** A line of the basket: its activity (null for a whole course) and its price in pence. */
export type DiscountLine = { activity_id: number | null; price_pence: number };

/**
 * The pence a code takes off: a percent of the lines it applies to (rounded down to the penny,
 * so never more than the percent), or its fixed amount; never more than those lines cost, so a
 * total never goes below zero. A code limited to activities applies to session lines of those
 * activities only (a course's line has no activity: only unrestricted codes apply to it).
 */
export const discountPence = (rule: DiscountRule, lines: readonly DiscountLine[]): number => {
  const eligible = lines
    .filter((line) => line.price_pence > 0)
    .filter((line) => rule.activity_ids.length === 0 || (line.activity_id !== null && rule.activity_ids.includes(line.activity_id)))
    .reduce((sum, line) => sum + line.price_pence, 0);
  if (eligible <= 0) return 0;
  const off = rule.percent_off !== null ? Math.floor((eligible * rule.percent_off) / 100) : (rule.amount_off_pence ?? 0);
  return Math.max(0, Math.min(off, eligible));
};
