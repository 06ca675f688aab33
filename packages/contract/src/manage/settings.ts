import { z } from 'zod';
import { ZStaffRef } from '../foh/common.ts';

/**
 * The operator's no-show policy (issue 26; docs/front-of-house.md "No-shows",
 * docs/operator-tools.md "Settings"): the no-show that brings an account's count within
 * `window_days` to `limit` charges `fee_pence`. Managers only.
 */
export const ZNoShowPolicy = z.object({
  limit: z.number().int(),
  window_days: z.number().int(),
  fee_pence: z.number().int(),
  formatted_fee: z.string(),
  currency_symbol: z.string(),
});
export const ZNoShowPolicyChange = z.object({
  id: z.number().int(),
  from: z.object({ limit: z.number().int(), window_days: z.number().int(), fee_pence: z.number().int() }),
  to: z.object({ limit: z.number().int(), window_days: z.number().int(), fee_pence: z.number().int() }),
  by: ZStaffRef,
  created_at: z.string(),
});
/** GET /api/manage/settings/no-show-policy: the policy and its last 10 changes, newest first. */
export const ZNoShowPolicyResponse = z.object({ data: ZNoShowPolicy, changes: z.array(ZNoShowPolicyChange) });

/** PUT /api/manage/settings/no-show-policy. */
export const ZUpdateNoShowPolicyRequest = z
  .object({
    limit: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(50, 'Must be at most 50'),
    window_days: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(365, 'Must be at most 365'),
    fee_pence: z.number().int('Must be a whole number of pence').min(0, 'Must be at least 0').max(10_000, 'Must be at most 10000'),
  })
  .strict();
export type UpdateNoShowPolicyRequest = z.infer<typeof ZUpdateNoShowPolicyRequest>;
