import { z } from 'zod';
import { ZPathId } from './common.ts';

/**
 * Walk-in sales without a customer record (issue 24; docs/front-of-house.md "Walk-in sales"):
 * each till has a system walk-in account; its basket is the till's walk-in basket, filled and
 * paid through the ordinary staff basket routes (`/api/foh/customers/{account_user_id}/cart/…`)
 * and `{checkout}/pay` with `selected_user_id` the walk-in person. Only activities that allow
 * guests may be added (422 otherwise); a receipt is printed or none (no email address).
 */

/** POST /api/foh/sessions/{sessionId}/walk-in: the walk-in account of the session's till (made the first time). */
export const ZWalkInParams = z.object({ sessionId: ZPathId });
export const ZWalkIn = z.object({
  till_id: z.number().int(),
  account_user_id: z.number().int(),
  /** The walk-in's one person: `purchased_for_user_id` of its items and `selected_user_id` of its pay. */
  membership_user_id: z.number().int(),
  /** 'Walk-in (Front desk 1)'. */
  name: z.string(),
  /** The slugs of the operator's categories that allow guests (the till lists only these for a walk-in). */
  guest_categories: z.array(z.string()),
});
export type WalkInDto = z.infer<typeof ZWalkIn>;
export const ZWalkInResponse = z.object({ data: ZWalkIn });

export const walkInNotForGuestsMessage = (names: readonly string[]) =>
  `${names.join(', ')} ${names.length === 1 ? 'does' : 'do'} not allow guests: find or add the customer to book ${names.length === 1 ? 'it' : 'them'}.`;
export const WALK_IN_NO_COURSES_MESSAGE = 'A course needs a customer record: find or add the customer to book it.';
export const WALK_IN_NO_EMAIL_MESSAGE = 'A walk-in sale has no email address: print the receipt or give none.';
