import { z } from 'zod';

/**
 * GET {dashboard}/memberships: the memberships of everyone on the account (the customer and
 * their family members), newest first. Money in pence with its formatted form.
 */
export const ZMoney = z.object({ raw: z.number().int(), formatted: z.string() });
export const ZHoldingPerson = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

export const ZMembership = z.object({
  id: z.number().int(),
  reference: z.string(),
  plan: z.object({ id: z.number().int(), name: z.string(), description: z.string() }),
  person: ZHoldingPerson,
  /** The member's home venue: where the cover applies when `home_venue_only`. */
  venue: z.object({ slug: z.string(), name: z.string() }),
  home_venue_only: z.boolean(),
  /** 'arrears' (issue 23): a Direct Debit failed; booking is blocked until it is paid by card. */
  status: z.enum(['active', 'frozen', 'cancelled', 'arrears', 'awaiting_mandate']),
  /** YYYY-MM-DD. */
  start_date: z.string(),
  /** YYYY-MM-DD; null once cancelled. */
  renewal_date: z.string().nullable(),
  /** Per month. */
  price: ZMoney,
  /** The activities (category names) the membership covers. */
  covers: z.array(z.string()),
});
export type MembershipDto = z.infer<typeof ZMembership>;
export const ZListMembershipsResponse = z.object({ data: z.array(ZMembership) });
export type ListMembershipsResponse = z.infer<typeof ZListMembershipsResponse>;
