import { z } from 'zod';
import { ZCartAddRequest, ZCartRemoveRequest, ZCartUpdateRequest } from '../cart/cart.ts';
import { ZPathId, ZPence, ZReason } from './common.ts';

/**
 * Booking on behalf (issue 24): staff fill the chosen customer's own basket — the same basket and
 * holds as online, answered as the cart (`ZCartResponse`) — under /api/foh/customers/{accountUserId}/cart.
 * `selected_user_id` / `purchased_for_user_id` must be people of that customer (403 otherwise).
 */
export const ZStaffCartParams = z.object({ accountUserId: ZPathId });
export const ZStaffCartItemParams = z.object({ accountUserId: ZPathId, cartItemId: ZPathId });

/**
 * Add: the cart add's body, plus the staff overrides, each recorded with the staff member:
 * `past_release` books a session not yet open online (the online release time does not apply at
 * the desk); `waitlist_override_reason` takes a place ahead of the waitlist.
 */
export const ZStaffCartAddRequest = ZCartAddRequest.extend({
  till_session_id: z.number().int().positive(),
  waitlist_override_reason: ZReason.optional(),
});
export const ZStaffCartRemoveRequest = ZCartRemoveRequest.extend({ till_session_id: z.number().int().positive() });
export const ZStaffCartUpdateRequest = ZCartUpdateRequest.extend({ till_session_id: z.number().int().positive() });

/** POST …/cart/{cartItemId}/discount: a lower price for one item, with a reason (recorded; never above the price). */
export const ZStaffDiscountRequest = z
  .object({
    till_session_id: z.number().int().positive(),
    amount_off: ZPence.min(1, 'Must be at least 1'),
    reason: ZReason,
    selected_user_id: z.number().int().positive().optional(),
  })
  .strict();
