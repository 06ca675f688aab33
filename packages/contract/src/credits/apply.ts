import { z } from 'zod';

/**
 * POST /api/credits/apply (spec §7; wire notes): reserve credit against the cart of
 * selected_user_id (null = the logged-in customer). A new reservation of one type replaces the
 * old; an amount ≤ 0 releases it (spec §4). Answers `{ reserved, amount }` (the total reserved)
 * and the refreshed credits summary; 400 with CREDIT_FAILED_MESSAGE-like text when over the
 * balance or the cart's total.
 */
export const ZCreditType = z.enum(['general', 'membership']);
export const ZCreditsApplyRequest = z.looseObject({
  credits_to_reserve: z
    .array(z.looseObject({ amount: z.number().int('Must be a whole number of pence'), type: ZCreditType }))
    .min(1, 'Required')
    .max(2),
  cart_source: z.string().max(64).optional(),
  selected_user_id: z.number().int().positive().nullable().optional(),
});
export type CreditsApplyRequest = z.infer<typeof ZCreditsApplyRequest>;

export const ZCreditsApply = z.object({
  reserved: z.boolean(),
  amount: z.number().int(),
  reservations: z.array(z.object({ type: ZCreditType, amount: z.number().int() })),
  credits: z.object({
    general: z.object({ type: z.literal('general'), total_available: z.number().int(), max_applicable: z.number().int() }),
    membership: z.object({ type: z.literal('membership'), total_available: z.number().int(), max_applicable: z.number().int() }),
  }),
});
export type CreditsApplyDto = z.infer<typeof ZCreditsApply>;
/** Fields at the top level (wire clients) and in `data`, with the toast's text. */
export const ZCreditsApplyResponse = ZCreditsApply.extend({ data: ZCreditsApply, message: z.string() });
export type CreditsApplyResponse = z.infer<typeof ZCreditsApplyResponse>;
