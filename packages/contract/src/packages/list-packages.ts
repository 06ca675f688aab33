import { z } from 'zod';
import { ZHoldingPerson, ZMoney } from '../memberships/list-memberships.ts';

/** GET {dashboard}/packages: the visit packages held on the account, soonest expiry first. */
export const ZPackageHolding = z.object({
  id: z.number().int(),
  name: z.string(),
  person: ZHoldingPerson,
  visits_total: z.number().int(),
  uses_left: z.number().int(),
  /** Visits in baskets not yet paid (applied, not spent). */
  uses_pending: z.number().int(),
  purchased_at: z.string(),
  expires_at: z.string(),
  status: z.enum(['active', 'used_up', 'expired']),
  price: ZMoney,
  /** The activities (category names) a visit can be used for. */
  covers: z.array(z.string()),
});
export type PackageHoldingDto = z.infer<typeof ZPackageHolding>;
export const ZListPackagesResponse = z.object({ data: z.array(ZPackageHolding) });
export type ListPackagesResponse = z.infer<typeof ZListPackagesResponse>;
