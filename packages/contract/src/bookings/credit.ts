import { z } from 'zod';

/**
 * GET /api/dashboard/credit: the general credit balance explained: what of it expires when
 * (cancellation credit lasts 12 months) and the latest ledger rows.
 */
export const ZCreditSummaryResponse = z.object({
  data: z.object({
    balance: z.number().int(),
    formatted_balance: z.string(),
    expiring: z.array(z.object({ amount: z.number().int(), formatted_amount: z.string(), expires_at: z.string() })),
    entries: z.array(
      z.object({
        id: z.number(),
        kind: z.enum(['top_up', 'refund', 'spend', 'reservation', 'release', 'expiry']),
        amount: z.number().int(),
        balance_after: z.number().int(),
        note: z.string().nullable(),
        expires_at: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
});
export type CreditSummaryResponse = z.infer<typeof ZCreditSummaryResponse>;
