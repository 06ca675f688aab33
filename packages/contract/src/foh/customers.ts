import { z } from 'zod';
import { ZMoney, ZPathId, ZStaffRef } from './common.ts';

/**
 * Customer lookup and the customer panel (issue 24 "Customer lookup"). Staff only; a customer of
 * another operator is never found and its id answers 403.
 */

/** GET /api/foh/customers?q= : as you type; name, email, phone, membership number or reference. */
export const ZCustomerSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'Must contain at most 100 character(s)'),
});
export const ZCustomerMatch = z.object({
  /** The account (users.id): the panel, basket and pay use it. */
  account_user_id: z.number().int(),
  /** The person matched (the account holder's own row or a family member). */
  membership_user_id: z.number().int(),
  name: z.string(),
  relationship: z.enum(['self', 'partner', 'child', 'other']),
  /** The account holder, for a family member's match. */
  account_holder: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  reference: z.string(),
  membership_number: z.string().nullable(),
});
export type CustomerMatch = z.infer<typeof ZCustomerMatch>;
export const ZCustomerSearchResponse = z.object({ data: z.array(ZCustomerMatch) });

export const ZCustomerParams = z.object({ accountUserId: ZPathId });

export const ZPanelBooking = z.object({
  booking_id: z.number().int(),
  name: z.string(),
  person: z.string(),
  venue: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  checked_in_at: z.string().nullable(),
});

/** GET /api/foh/customers/{accountUserId}: the customer panel. */
export const ZCustomerPanel = z.object({
  account_user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  reference: z.string(),
  /** No photo is stored: the screen shows a placeholder with the initials. */
  initials: z.string(),
  people: z.array(
    z.object({
      membership_user_id: z.number().int(),
      name: z.string(),
      relationship: z.enum(['self', 'partner', 'child', 'other']),
      date_of_birth: z.string().nullable(),
    }),
  ),
  memberships: z.array(
    z.object({
      /** For a membership waiting for its mandate: POST /api/foh/memberships/{id}/mandate-link sends a new link. */
      id: z.number().int(),
      membership_number: z.string(),
      plan: z.string(),
      person: z.string(),
      /** active, arrears, frozen, cancelled, … (memberships.status). */
      status: z.string(),
    }),
  ),
  credit: z.object({ general: ZMoney, membership: ZMoney }),
  unpaid_fees: z.array(z.object({ id: z.number().int(), amount: ZMoney, reason: z.enum(['late_cancellation', 'no_show']), created_at: z.string() })),
  arrears: ZMoney,
  today: z.array(ZPanelBooking),
  upcoming: z.array(ZPanelBooking),
  /** Courses booked for the account's people that have sessions still to come (docs/front-of-house.md). */
  courses: z.array(
    z.object({
      /** The course booking (GET /api/activities/course-bookings's id). */
      id: z.number().int(),
      name: z.string(),
      person: z.string(),
      venue: z.string(),
      reference: z.string(),
      /** The next session's start, or the one on now. */
      next_session_at: z.string(),
      sessions_left: z.number().int(),
      sessions: z.number().int(),
    }),
  ),
  notes: z.array(z.object({ id: z.number().int(), text: z.string(), staff: ZStaffRef, created_at: z.string() })),
});
export type CustomerPanel = z.infer<typeof ZCustomerPanel>;
export const ZCustomerPanelResponse = z.object({ data: ZCustomerPanel });

/** POST /api/foh/customers/{accountUserId}/notes */
export const ZAddNoteRequest = z.object({ text: z.string().trim().min(1, 'Required').max(1000, 'Must contain at most 1000 character(s)') }).strict();
export const ZAddNoteResponse = z.object({ data: z.object({ id: z.number().int(), text: z.string(), staff: ZStaffRef, created_at: z.string() }) });
