import { z } from 'zod';
import { ZClock } from '../timetable/entry.ts';
import { ZCourseSession } from '../courses/course-booking.ts';
import { ZCartDiscount } from './discount.ts';

/**
 * The cart (spec §3; wire notes). Amounts are integer pence. Every cart endpoint answers the
 * whole cart in `data`. `itemHash` is camel case as the live product sends it (and `item_hash`).
 */
export const ZCartPrice = z.object({ raw: z.number().int(), formatted: z.string() });

export const ZCartItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'purchasableOccurrence'; 'purchasableCourse' for a whole course (docs/courses.md). */
  type: z.enum(['purchasableOccurrence', 'purchasableCourse']),
  /** The occurrence: numeric id, and its v2 uuid (a course: its id, and its id as a string). */
  cartable_id: z.number().int(),
  cartable_uuid: z.string(),
  cartable_resource: z.object({
    starts_at: z.string(),
    ends_at: z.string(),
    date: z.string(),
    starts_at_clock: ZClock,
    ends_at_clock: ZClock,
    location: z.object({ name: z.string() }).nullable(),
    venue: z.object({ slug: z.string(), name: z.string() }),
    category: z.object({ slug: z.string(), name: z.string() }),
    /** A course's resource is its first session still to come. */
    kind: z.enum(['class', 'ad_hoc', 'fast_ticket', 'resource', 'course']),
  }),
  purchased_for_user_id: z.number().int(),
  purchased_for: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  /** Null for a course (it has one price, no ticket types). */
  pricing_option_id: z.number().int().nullable(),
  pricing_option_name: z.string(),
  /** `benefit_applied`: covered by the person's membership; `package_applied`: a visit of their package (price 0 either way). */
  price: ZCartPrice.extend({ benefit_applied: z.boolean(), package_applied: z.boolean() }),
  /** What covers the item: the membership plan's or the package's name; null when paid for. */
  covered_by: z.object({ type: z.enum(['membership', 'package']), name: z.string() }).nullable(),
  /** 'held': the place is yours until expires_at; 'expired': it was released (hold again). */
  status: z.enum(['held', 'expired']),
  expires_at: z.string().nullable(),
  origin: z.enum(['customer', 'waitlist_offer']),
  sort_by: z.string(),
  enable_print_receipt: z.boolean(),
  /** A course's item: the course and every session the place covers; absent or null for a session. */
  course: z
    .object({ id: z.number().int(), slug: z.string(), sessions: z.array(ZCourseSession), pro_rata: z.boolean() })
    .nullable()
    .optional(),
});
export type CartItemDto = z.infer<typeof ZCartItem>;

export const ZCreditSummary = z.object({
  type: z.enum(['general', 'membership']),
  total_available: z.number().int(),
  max_applicable: z.number().int(),
});

export const ZCart = z.object({
  id: z.number().int().nullable(),
  uuid: z.string().nullable(),
  source: z.string(),
  items: z.array(ZCartItem),
  item_count: z.number().int(),
  total: z.number().int(),
  sub_total: z.number().int(),
  tax_total: z.number().int(),
  balance: z.number().int(),
  formatted_total: z.string(),
  formatted_balance: z.string(),
  credits: z.object({ general: ZCreditSummary, membership: ZCreditSummary }),
  attendee_waivers_required: z.number().int(),
  payments: z.array(z.object({ tender_type: z.string(), amount: z.number().int() })),
  selected_user_id: z.number().int(),
  complete_order_id: z.string().nullable(),
  /** The earliest expiry of the held items (the basket's time left), or null. */
  expires_at: z.string().nullable(),
  itemHash: z.string(),
  item_hash: z.string(),
  /**
   * The discount code applied (docs/discounts.md) and the pence it takes off: `sub_total` is the
   * held items' prices, `total` is `sub_total - discount_total` (never below zero). Always sent
   * by the server; optional for older fixtures.
   */
  discount: ZCartDiscount.nullable().optional(),
  discount_total: z.number().int().optional(),
});
export type CartDto = z.infer<typeof ZCart>;
export const ZCartResponse = z.object({ data: ZCart });
export type CartResponse = z.infer<typeof ZCartResponse>;

/** A person id: a number, or null meaning the logged-in customer (wire notes). */
const personId = z.number().int().positive().nullable().optional();
const personIdQuery = z
  .string()
  .regex(/^(\d{1,9}|null|)$/, 'Must be a number')
  .transform((v) => (v === '' || v === 'null' ? null : Number(v)))
  .optional();

/** GET and DELETE {checkout} (cart base), query selected_user_id. */
export const ZCartQuery = z.object({ selected_user_id: personIdQuery, membership_user_id: personIdQuery });

/** POST {checkout}/add. Unknown extra fields of public clients are accepted (loose objects). */
export const ZCartAddItem = z.looseObject({
  id: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
  type: z.string().max(64).optional(),
  purchased_for_user_id: personId,
  pricing_option_id: z.number().int().positive().optional(),
  /**
   * The occurrence's `tickets[].id`. Newer public clients send it as a string (`"227"`, wire
   * notes): a numeric string names the same ticket as the number.
   */
  ticket_id: z
    .union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/).transform(Number).pipe(z.number().int().positive())], {
      error: 'Must be a ticket id (a number)',
    })
    .nullable()
    .optional(),
  /** Wire notes: false keeps the full price even when a membership or package would cover it. */
  apply_benefit: z.boolean().optional(),
});
export const ZCartAddRequest = z.looseObject({
  items: z.array(ZCartAddItem).min(1, 'Required').max(20),
  membership_user_id: personId,
  selected_user_id: personId,
});
export type CartAddRequest = z.infer<typeof ZCartAddRequest>;

/** POST {checkout}/remove: cart_item_ids in the body (ids may also come in the query). */
export const ZCartRemoveRequest = z.looseObject({
  cart_item_ids: z.array(z.number().int().positive()).min(1, 'Required').max(50),
  membership_user_id: personId,
  selected_user_id: personId,
});

/** POST {checkout}/remove query (spec §7: membership_user_id and selected_user_id in the query). */
export const ZCartRemoveQuery = ZCartQuery;

/** DELETE {activities}/benefit/remove/{cartItemId} and …/package/remove/{cartItemId}: query source and selected_user_id. */
export const ZCartExtraRemoveQuery = ZCartQuery.extend({ source: z.string().max(64).optional() });

/** PUT {checkout}/{cartItemId}: change the ticket type or person, or hold an expired item again. */
export const ZCartUpdateParams = z.object({ cartItemId: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number) });
export const ZCartUpdateRequest = z.looseObject({
  pricing_option_id: z.number().int().positive().optional(),
  purchased_for_user_id: personId,
  hold_again: z.boolean().optional(),
  selected_user_id: personId,
});

/** The 409 messages: 'full' only when the place is really gone (wire notes' retry rule). */
export const CART_FULL_MESSAGE = 'Sorry, this session is full.';
export const CART_ADDED_MESSAGE = 'Successfully added item to the basket.';
/** Lock time-out or contention (not a refusal): clients retry, the toast shows it. */
export const CART_BUSY_MESSAGE = 'A lot of people are trying to book right now, please try again.';
