import { z } from 'zod';
import { CANCELLATION_SOURCES } from '../bookings/cancel-booking.ts';
import { recordId } from '../common/record-id.ts';

/** Booking a course as a whole (issue 20, docs/courses.md). */

// A number or its digits; never `true` or `[5]` (docs/security.md "Ids").
const id = recordId();

/** One session of a course: venue-local date and clock times, and the instants. */
export const ZCourseSession = z.object({
  date: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  start_time: z.string(),
  end_time: z.string(),
});
export type CourseSessionDto = z.infer<typeof ZCourseSession>;

/** GET /api/activities/courses/{courseId}/availability: sessions, places left, the price now. */
export const ZCourseIdParams = z.object({ courseId: id }).strict();

export const ZCourseAvailability = z.object({
  course_id: z.number().int(),
  capacity: z.number().int(),
  places_left: z.number().int(),
  full: z.boolean(),
  sessions: z.array(ZCourseSession),
  total_sessions: z.number().int(),
  remaining_sessions: z.number().int(),
  /** The whole course's price, and what booking now costs (pro rata once started, when allowed). */
  full_price: z.number().int(),
  price: z.number().int(),
  formatted_price: z.string(),
  pro_rata: z.boolean(),
  late_joining: z.boolean(),
  bookable: z.boolean(),
  /** Why it cannot be booked (started, finished); null when it can. */
  reason: z.string().nullable(),
  /** People on the waitlist (their places come first: `places_left` counts them out). */
  waiting: z.number().int(),
});
export type CourseAvailabilityDto = z.infer<typeof ZCourseAvailability>;
export const ZCourseAvailabilityResponse = z.object({ data: ZCourseAvailability });

/** A person's place on a full course's waitlist (docs/courses.md "Waitlist"). */
export const ZCourseWaitlistEntry = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  membership_user_id: z.number().int(),
  status: z.enum(['waiting', 'offered', 'accepted', 'lapsed', 'left']),
  /** 1 = next in line; 0 when no longer waiting (offered, left). */
  position: z.number().int(),
  /** While offered: the place is held in the account holder's basket until then. */
  offer_expires_at: z.string().nullable(),
});
export type CourseWaitlistEntryDto = z.infer<typeof ZCourseWaitlistEntry>;

/** POST /api/activities/courses/{courseId}/waitlist: join a full course's waitlist; answers the entry and the toast text. */
export const ZJoinCourseWaitlistRequest = z
  .object({ purchased_for_user_id: id.nullable().optional(), selected_user_id: id.nullable().optional() })
  .strict();
export type JoinCourseWaitlistRequest = z.input<typeof ZJoinCourseWaitlistRequest>;
/** DELETE /api/activities/courses/waitlist/{entryId}: leave it (an offer's place goes to the next waiter). */
export const ZCourseWaitlistEntryParams = z.object({ entryId: id }).strict();
export const ZCourseWaitlistActionResponse = z.object({ data: ZCourseWaitlistEntry, message: z.string() });
export type CourseWaitlistActionResponse = z.infer<typeof ZCourseWaitlistActionResponse>;

export const COURSE_WAITLIST_NOT_FULL_MESSAGE = 'There are still places left on this course, so you can book it now.';

/** GET /api/activities/courses/{courseId}/people: who of the account may join, and why not. */
export const ZCoursePerson = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  relationship: z.enum(['self', 'partner', 'child', 'other']),
  eligible: z.boolean(),
  reason: z.string().nullable(),
  /** Already holding or booked on this course. */
  enrolled: z.enum(['held', 'booked']).nullable(),
  /** Their waiting or offered entry on the course's waitlist. */
  waitlist: ZCourseWaitlistEntry.nullable(),
});
export type CoursePersonDto = z.infer<typeof ZCoursePerson>;
export const ZCoursePeopleResponse = z.object({ data: z.array(ZCoursePerson) });

/** POST /api/activities/cart/courses: one place on every session, for one person; answers the cart. */
export const ZAddCourseRequest = z
  .object({
    course_id: id,
    purchased_for_user_id: id.nullable().optional(),
    selected_user_id: id.nullable().optional(),
    membership_user_id: id.nullable().optional(),
  })
  .strict();
export type AddCourseRequest = z.input<typeof ZAddCourseRequest>;
export type AddCourseBody = z.output<typeof ZAddCourseRequest>;

/** A course booking as My account → Bookings shows it. */
export const ZCourseBooking = z.object({
  id: z.number().int(),
  status: z.enum(['booked', 'cancelled']),
  course_id: z.number().int(),
  name: z.string(),
  level: z.string().nullable(),
  venue: z.object({ slug: z.string(), name: z.string() }),
  category_slug: z.string(),
  course_slug: z.string(),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  price: z.object({ raw: z.number().int(), formatted: z.string() }),
  reference: z.string(),
  complete_order_id: z.number().int(),
  sessions: z.array(ZCourseSession),
  /** Cancellable online now (before the first session), for full credit. */
  cancellable: z.boolean(),
  /** What cancelling does, or why it cannot be done online. */
  cancellation_note: z.string(),
  cancelled_at: z.string().nullable(),
});
export type CourseBookingDto = z.infer<typeof ZCourseBooking>;
export const ZListCourseBookingsResponse = z.object({ data: z.array(ZCourseBooking) });

/** DELETE /api/activities/course-bookings/{id}?source=my-account */
export const ZCancelCourseBookingParams = z.object({ id }).strict();
export const ZCancelCourseBookingQuery = z.object({ source: z.enum(CANCELLATION_SOURCES).default('bookings') }).strict();
export const ZCancelCourseBookingResponse = z.object({ data: ZCourseBooking, message: z.string() });
