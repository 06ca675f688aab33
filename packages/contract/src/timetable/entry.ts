import { z } from 'zod';

/**
 * Shapes shared by every bookable entry of the timetable (issue 9): classes, ad-hoc sessions,
 * fast-ticket times and resource (court) slots. Field names follow the spec (§3) and the wire
 * notes' "What public clients read": a client that builds its cart add payload from `id`,
 * `cart_type` and `pricing_option_id` alone must be able to book any entry.
 */

/** A clock time both ways, venue-local: { format_12_hour: '6:40pm', format_24_hour: '18:40' }. */
export const ZClock = z.object({ format_12_hour: z.string(), format_24_hour: z.string() });
export type ClockDto = z.infer<typeof ZClock>;

/** Spec §4 action statuses, computed for the viewer (or the selected family member). */
export const ACTION_STATUSES = ['BOOK', 'JOIN_WAITLIST', 'LEAVE_WAITLIST', 'CANCEL_RESERVATION', 'CANCEL_BOOKING'] as const;
export const ZActionStatus = z.enum(ACTION_STATUSES);
export type ActionStatus = z.infer<typeof ZActionStatus>;

/**
 * `status` is one of the spec's five, 'FULL' (no waitlist: a court, a fast ticket), or null
 * with a `reason` when nothing can be done (not released yet, started, cancelled).
 */
export const ZActionToShow = z.object({
  status: z.union([ZActionStatus, z.literal('FULL')]).nullable(),
  reason: z.enum(['full', 'not_open_yet', 'started', 'cancelled', 'login_required']).nullable(),
});
export type ActionToShowDto = z.infer<typeof ZActionToShow>;

/** A price in pence (`raw`) with its display forms (spec §3 money values; wire notes). */
export const ZPrice = z.object({
  raw: z.number().int(),
  formatted: z.string(),
  formatted_amount: z.string(),
  is_estimated: z.boolean(),
  benefit_applied: z.boolean(),
  package_applied: z.boolean(),
});
export type PriceDto = z.infer<typeof ZPrice>;

export const ZNamed = z.object({ id: z.number().int(), name: z.string() });

export const ZEntryLocation = z.object({ id: z.number().int(), name: z.string(), slug: z.string(), type: z.string() });

export const ZRestrictions = z.object({ pre_waiver: z.boolean(), pre_induction: z.boolean(), criteria: z.array(z.string()) });

/** When booking opens or closes: ISO instant plus the venue-local 'YYYY-MM-DD HH:MM'. */
export const ZBookableAt = z.object({ iso: z.string(), local: z.string() });

/**
 * One bookable occurrence as the timetable shows it. `id` is numeric on v1 endpoints and the
 * occurrence's uuid (a string) on v2 ones, over the same data (spec §4/§5).
 */
export const ZBookableEntry = z.object({
  id: z.union([z.number().int(), z.string()]),
  /** The numeric occurrence id, on both versions. */
  occurrence_id: z.number().int(),
  composite_key: z.string(),
  cart_type: z.literal('purchasableOccurrence'),
  pricing_option_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Venue-local 'YYYY-MM-DD'. */
  date: z.string(),
  /** Start as Unix seconds. */
  timestamp: z.number().int(),
  /** Minutes. */
  duration: z.number().int(),
  starts_at: ZClock,
  ends_at: ZClock,
  starts_at_iso: z.string(),
  ends_at_iso: z.string(),
  instructors: z.array(ZNamed),
  tags: z.array(ZNamed),
  location: ZEntryLocation.nullable(),
  /**
   * What the viewer (or the person booked for) pays, by the basket's rules (rules/prices.ts;
   * issue 21): `benefit_applied` when their membership covers it, `package_applied` for a
   * package visit. A visitor sees the standard price.
   */
  price: ZPrice,
  /** Why `price` is what it is: 'standard', 'member' (member price), 'membership' or 'package' (covered, free). */
  price_basis: z.enum(['standard', 'member', 'membership', 'package']),
  /** The standard (non-member) price of the same ticket type: the saving is `standard_price − price`. */
  standard_price: ZPrice,
  /** The cheapest a membership makes it (0 where a plan covers the activity), or null when no cheaper. Not personal. */
  members_from: ZPrice.nullable(),
  /** Places left now (held and booked places and live offers taken away). */
  spaces: z.number().int(),
  spaces_remaining: z.number().int(),
  capacity: z.number().int(),
  bookings_count: z.number().int(),
  /** People waiting (classes); 0 elsewhere. */
  waitlist_count: z.number().int(),
  /** The viewer's waitlist entry id (numeric on v1, uuid on v2), when waiting. */
  waitlist_id: z.union([z.number().int(), z.string()]).nullable(),
  /** The viewer's hold ({ id: cart item id }) or booking, when they have one. */
  booking: z.object({ id: z.number().int(), type: z.enum(['reservation', 'booking']) }).nullable(),
  action_to_show: ZActionToShow,
  first_bookable_at: ZBookableAt,
  last_bookable_at: ZBookableAt,
  category_slug: z.string(),
  venue_slug: z.string(),
  allows_anonymous_bookings: z.boolean(),
  restrictions: ZRestrictions,
  restriction_ids: z.array(z.number().int()),
  /** 'class' | 'ad_hoc' | 'fast_ticket' | 'resource'. */
  kind: z.enum(['class', 'ad_hoc', 'fast_ticket', 'resource']),
});
export type BookableEntryDto = z.infer<typeof ZBookableEntry>;

/** Query of the day endpoints: the date, and whose actions to compute. */
export const ZDayQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)'),
  selected_user_id: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number).optional(),
});
export type DayQuery = z.infer<typeof ZDayQuery>;

export const ZDayParams = z.object({
  venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug'),
  activity: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be an activity slug'),
});
export type DayParams = z.infer<typeof ZDayParams>;

/** The 422 for a date outside the window (issue 9, wire notes). */
export const DATE_OUTSIDE_WINDOW_MESSAGE = 'The date should be within the valid days';
