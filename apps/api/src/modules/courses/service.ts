import type { CartItemDto } from '@app/contract/cart/cart';
import type { CourseAvailabilityDto, CourseBookingDto, CoursePersonDto, CourseSessionDto, CourseWaitlistEntryDto } from '@app/contract/courses/course-booking';
import { CANCELLATION_CREDIT_VALID_MONTHS, addMonths } from '@app/contract/rules/cancellation';
import {
  COURSE_CANCEL_STARTED_MESSAGE,
  COURSE_FULL_MESSAGE,
  COURSE_STARTED_MESSAGE,
  ageFit,
  courseOffer,
} from '@app/contract/rules/courses';
import { toMoney } from '@app/contract/rules/money';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { pickPeople, recordAccountChange, type Caller, type PersonIds, type RequestOrigin } from '../account/service.ts';
import { CANCELLED_TEXTS, assertNoUnpaidFees, creditOutcome, queueCancellationEmail } from '../bookings/service.ts';
import { dateInWords } from '../email/service.ts';
import { COURSE_TEXTS } from './email-texts.ts';
import * as credits from '../credits/service.ts';
import { asBusy, holdExpiry, limitRefusal } from '../holds/service.ts';
import * as repo from './repository.ts';

/**
 * A course bought as a whole (issue 20, docs/courses.md): one claim per person on the course,
 * decided by hold_course() under the course row's lock (never half a course, never over capacity);
 * the basket item, its checkout into a booking, the account's course bookings and their
 * cancellation (before the first session: full credit; after: not online).
 */

/** A course's words in emails (the confirmation's and cancellation's line, the offer), for orders too. */
export { COURSE_TEXTS } from './email-texts.ts';

export const COURSE_NOT_FOUND = "We couldn't find that course.";

const iso = (value: string | Date) => new Date(value).toISOString();
const toSessions = (rows: readonly repo.SessionRow[]): CourseSessionDto[] =>
  rows.map((s) => ({ date: s.date, starts_at: iso(s.starts_at), ends_at: iso(s.ends_at), start_time: s.start_time, end_time: s.end_time }));

const courseOrThrow = async (db: Db, clientId: number, courseId: number) => {
  const course = await repo.findCourse(db, clientId, courseId);
  if (!course) throw notFound('course_not_found', COURSE_NOT_FOUND);
  return course;
};

const offerOf = (course: repo.CourseRow, now = new Date()) =>
  courseOffer({ price: course.price_pence, late_joining: course.late_joining }, course.sessions.map((s) => s.starts_at), now);

/* ---- What the course page shows ---- */

export const availability = async (db: Db, clientId: number, courseId: number, symbol: string): Promise<CourseAvailabilityDto> => {
  const course = await courseOrThrow(db, clientId, courseId);
  const offer = offerOf(course);
  const price = offer.bookable ? offer.price : course.price_pence;
  // People waiting come first: a place freed while someone waits is theirs, not a newcomer's.
  const placesLeft = Math.max(0, course.capacity - course.live - course.waiting);
  return {
    course_id: course.id,
    capacity: course.capacity,
    places_left: placesLeft,
    full: placesLeft === 0,
    sessions: toSessions(course.sessions),
    total_sessions: offer.total,
    remaining_sessions: offer.remaining,
    full_price: course.price_pence,
    price,
    formatted_price: toMoney(price, symbol).formatted,
    pro_rata: offer.bookable && offer.proRata,
    late_joining: course.late_joining,
    bookable: offer.bookable,
    reason: offer.bookable ? null : offer.reason,
    waiting: course.waiting,
  };
};

/** The account's people for a course: who fits its age range (and why not), who is already on it. */
export const peopleFor = async (db: Db, caller: Caller, courseId: number): Promise<CoursePersonDto[]> => {
  const [course, people, enrolled, waiting] = await Promise.all([
    courseOrThrow(db, caller.clientId, courseId),
    repo.findPeople(db, caller.clientId, caller.accountUserId),
    repo.findEnrolled(db, courseId, caller.accountUserId),
    repo.findLiveWaitlistEntries(db, courseId, caller.accountUserId),
  ]);
  return people.map((p) => {
    const fit = ageFit(p, course);
    const claim = enrolled.find((e) => e.membership_user_id === p.id);
    return {
      id: p.id,
      first_name: p.first_name,
      last_name: p.last_name,
      relationship: p.relationship,
      eligible: fit.ok,
      reason: fit.ok ? null : fit.reason,
      enrolled: claim === undefined ? null : claim.kind === 'booking' ? 'booked' : 'held',
      waitlist: toWaitlistEntry(waiting.find((w) => w.membership_user_id === p.id)),
    };
  });
};

/** A waitlist entry as the wire shows it (null when the person is not on the waitlist). */
export const toWaitlistEntry = (row: repo.CourseWaitlistRow | undefined): CourseWaitlistEntryDto | null =>
  row === undefined
    ? null
    : {
        id: row.id,
        course_id: row.course_id,
        membership_user_id: row.membership_user_id,
        status: row.status,
        position: row.position,
        offer_expires_at: row.offer_expires_at === null ? null : iso(row.offer_expires_at),
      };

/* ---- Into the basket (called by the basket service, which owns the cart) ---- */

export type CourseAdd = { courseId: number; ids: PersonIds & { purchased_for_user_id?: number | null | undefined }; holdMinutes: number };

/**
 * Holds one place on the whole course for the person and puts it in the cart `openCart` opens
 * (inside the hold's transaction, before the course lock is taken). Refusals: another customer's
 * person 403; outside the age range 422; started without late joining 400; full 409.
 */
export const holdIntoBasket = async (db: Db, caller: Caller, add: CourseAdd, openCart: (trx: Db, selectedId: number) => Promise<number>) => {
  const people = await repo.findPeople(db, caller.clientId, caller.accountUserId);
  const { selected, pick } = pickPeople(people, add.ids);
  const person = pick(add.ids.purchased_for_user_id ?? selected.id);
  const course = await courseOrThrow(db, caller.clientId, add.courseId);
  await assertNoUnpaidFees(db, caller);
  const offer = offerOf(course);
  if (!offer.bookable) throw badRequest(offer.reason === COURSE_STARTED_MESSAGE ? 'course_started' : 'course_finished', offer.reason);
  const fit = ageFit(person, course);
  if (!fit.ok) throw unprocessable('age_out_of_range', fit.reason, { purchased_for_user_id: [fit.reason] });
  // Full of live claims, none of them this person's: refused from committed data, without the lock
  // (a refusal writes nothing, so it cannot oversell; docs/holds.md "Refusing without the lock").
  if (course.live >= course.capacity && !(await repo.findEnrolled(db, course.id, caller.accountUserId)).some((e) => e.membership_user_id === person.id)) {
    throw conflict('course_full', COURSE_FULL_MESSAGE);
  }
  try {
    await inTransaction(db, async (trx) => {
      const cartId = await openCart(trx, selected.id);
      const args = { clientId: caller.clientId, courseId: course.id, accountUserId: caller.accountUserId, personId: person.id, pricePence: offer.price };
      const held = await repo.holdCourse(trx, { ...args, expiresAt: holdExpiry(add.holdMinutes) });
      const limited = limitRefusal(held.outcome);
      if (limited) throw limited;
      if (held.outcome === 'full') throw conflict('course_full', COURSE_FULL_MESSAGE);
      if (held.outcome === 'not_found') throw notFound('course_not_found', COURSE_NOT_FOUND);
      if (held.outcome === 'already_booked') throw badRequest('already_booked', `${person.first_name} is already booked on this course.`);
      if (held.outcome === 'already_held') {
        const item = await repo.findItemOfClaim(trx, held.claim_id!);
        if (item && item.cart_id !== cartId) throw badRequest('held_in_another_basket', `${person.first_name}'s place on this course is in another basket.`);
        if (item) return;
      }
      await repo.upsertCourseItem(trx, { clientId: caller.clientId, cartId, courseId: course.id, personId: person.id, claimId: held.claim_id!, pricePence: offer.price });
    });
  } catch (error) {
    throw asBusy(error);
  }
  return { selectedId: selected.id };
};

/**
 * PUT cart/{id} { hold_again } on a course item whose hold ran out: the whole course held again at
 * today's price (pro rata may have moved on), or 409 when it is full; a live hold is left as it is.
 */
export const holdItemAgain = async (db: Db, caller: Caller, itemId: number, holdMinutes: number) => {
  const item = await repo.findCourseItem(db, itemId);
  if (!item || item.held) return;
  const course = await courseOrThrow(db, caller.clientId, item.course_id);
  const offer = offerOf(course);
  if (!offer.bookable) throw badRequest(offer.reason === COURSE_STARTED_MESSAGE ? 'course_started' : 'course_finished', offer.reason);
  try {
    await inTransaction(db, async (trx) => {
      const args = { clientId: caller.clientId, courseId: course.id, accountUserId: caller.accountUserId, personId: item.purchased_for_user_id, pricePence: offer.price };
      const held = await repo.holdCourse(trx, { ...args, expiresAt: holdExpiry(holdMinutes) });
      const limited = limitRefusal(held.outcome);
      if (limited) throw limited;
      if (held.outcome === 'full') throw conflict('course_full', COURSE_FULL_MESSAGE);
      if (held.outcome === 'already_booked') throw badRequest('already_booked', 'This person is already booked on this course.');
      if (held.claim_id === null) throw notFound('course_not_found', COURSE_NOT_FOUND);
      await repo.pointItemAt(trx, item.id, held.claim_id, offer.price);
    });
  } catch (error) {
    throw asBusy(error);
  }
};

/** The course items of the open cart of (account, selected person), as the basket shows them. */
export const basketCourses = (db: Db, caller: Caller, selectedUserId: number) => repo.findBasketCourses(db, caller.clientId, caller.accountUserId, selectedUserId);

/** basketCourses() as cart items (read beside the cart's other reads, formatted once the currency is known). */
export const toBasketItems = (rows: Awaited<ReturnType<typeof basketCourses>>, symbol: string): CartItemDto[] => {
  const now = Date.now();
  return rows.map((row) => {
    const sessions = toSessions(row.sessions);
    const next = sessions.find((s) => new Date(s.starts_at).getTime() > now) ?? sessions[sessions.length - 1]!;
    const clock = (hhmm: string) => ({ format_24_hour: hhmm, format_12_hour: twelveHour(hhmm) });
    return {
      id: row.id,
      name: row.name,
      type: 'purchasableCourse',
      cartable_id: row.course_id,
      cartable_uuid: String(row.course_id),
      cartable_resource: {
        starts_at: next.starts_at,
        ends_at: next.ends_at,
        date: next.date,
        starts_at_clock: clock(next.start_time),
        ends_at_clock: clock(next.end_time),
        location: null,
        venue: { slug: row.venue_slug, name: row.venue_name },
        category: { slug: row.category_slug, name: row.category_name },
        kind: 'course',
      },
      purchased_for_user_id: row.purchased_for_user_id,
      purchased_for: { id: row.purchased_for_user_id, first_name: row.first_name, last_name: row.last_name },
      pricing_option_id: null,
      pricing_option_name: 'Whole course',
      price: { raw: row.price_pence, formatted: toMoney(row.price_pence, symbol).formatted, benefit_applied: false, package_applied: false },
      covered_by: null,
      status: row.held ? 'held' : 'expired',
      expires_at: row.expires_at === null ? null : iso(row.expires_at),
      origin: row.origin,
      sort_by: `${next.starts_at}#${String(row.id).padStart(10, '0')}`,
      enable_print_receipt: false,
      course: { id: row.course_id, slug: row.slug, sessions, pro_rata: sessions.length > 0 && new Date(sessions[0]!.starts_at).getTime() <= now },
    };
  });
};

const twelveHour = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
};

/* ---- Checkout (called by the orders service inside the completion's transaction) ---- */

export type CheckoutCourse = repo.CheckoutCourseRow & { claim_id: number };

/**
 * The cart's course items with a live hold each: an expired hold is taken again when a place is
 * still free (hold_course under the course lock). Answers the held ones and the names of the lost.
 */
/** The names of the basket's course items whose hold ran out (basket/expired.ts refuses to charge them). */
export const expiredCourseNames = async (db: Db, cartId: number) => (await repo.findCheckoutCourses(db, cartId)).filter((r) => !r.held).map((r) => r.name);

export const checkoutItems = async (trx: Db, caller: Caller, cartId: number, holdMinutes: number) => {
  const rows = await repo.findCheckoutCourses(trx, cartId);
  const held: CheckoutCourse[] = [];
  const lost: { name: string; starts_at: Date }[] = [];
  for (const row of rows) {
    if (row.held && row.course_claim_id !== null) {
      held.push({ ...row, claim_id: row.course_claim_id });
      continue;
    }
    const again = await repo.holdCourse(trx, {
      clientId: caller.clientId,
      courseId: row.course_id,
      accountUserId: caller.accountUserId,
      personId: row.purchased_for_user_id,
      pricePence: row.price_pence,
      expiresAt: holdExpiry(holdMinutes),
      // Paying for what the basket showed: not subject to the account's limits.
      limits: false,
    });
    if (again.outcome === 'held') {
      await repo.pointItemAt(trx, row.id, again.claim_id!, row.price_pence);
      held.push({ ...row, course_claim_id: again.claim_id, claim_id: again.claim_id! });
    } else lost.push({ name: row.name, starts_at: new Date() });
  }
  return { rows, held, lost };
};

/** What the cart's course items cost (held or not: authorise checks the tenders against every item, as for sessions). */
export const checkoutTotal = async (db: Db, cartId: number) => (await repo.findCheckoutCourses(db, cartId)).reduce((sum, row) => sum + row.price_pence, 0);

/** The held course places become the order's bookings; throws when one is no longer held. */
export const bookForOrder = async (trx: Db, orderId: number, items: readonly CheckoutCourse[]) => {
  const booked = await repo.bookClaims(trx, orderId, items.map((i) => i.claim_id));
  if (booked.length !== items.length) throw new AppError({ code: 'course_claim_lost', status: 500, message: 'A course hold was released during checkout.' });
};

/* ---- The order's confirmation, calendar and email (orders/views.ts) ---- */

export type OrderCourse = Omit<repo.OrderCourseRow, 'sessions' | 'status'> & { status: 'confirmed' | 'cancelled'; sessions: CourseSessionDto[] };

/** The course places an order booked, each with every session. */
export const orderCourses = async (db: Db, orderId: number): Promise<OrderCourse[]> =>
  (await repo.findOrderCourses(db, orderId)).map((row) => ({ ...row, status: row.status === 'active' ? 'confirmed' : 'cancelled', sessions: toSessions(row.sessions) }));

/* ---- My account → Bookings ---- */

const toBooking = (row: repo.CourseBookingRow, symbol: string, now = new Date()): CourseBookingDto => {
  const sessions = toSessions(row.sessions);
  const started = sessions.length > 0 && new Date(sessions[0]!.starts_at).getTime() <= now.getTime();
  const booked = row.status === 'active';
  const price = toMoney(row.price_pence, symbol).formatted;
  return {
    id: row.id,
    status: booked ? 'booked' : 'cancelled',
    course_id: row.course_id,
    name: row.name,
    level: row.level,
    venue: { slug: row.venue_slug, name: row.venue_name },
    category_slug: row.category_slug,
    course_slug: row.slug,
    person: { id: row.membership_user_id, first_name: row.first_name, last_name: row.last_name },
    price: { raw: row.price_pence, formatted: price },
    reference: row.reference,
    complete_order_id: row.order_id,
    sessions,
    cancellable: booked && !started,
    cancellation_note: !booked
      ? 'Cancelled.'
      : started
        ? COURSE_CANCEL_STARTED_MESSAGE
        : `Cancelling before the first session gives ${price} back as account credit.`,
    cancelled_at: row.released_at === null ? null : iso(row.released_at),
  };
};

export const listBookings = async (db: Db, caller: Caller, symbol: string): Promise<CourseBookingDto[]> =>
  (await repo.findCourseBookings(db, caller.clientId, caller.accountUserId)).map((row) => toBooking(row, symbol));

/**
 * Cancels a course booking by the operator's course rule: before the first session, the price
 * paid back as general credit (valid CANCELLATION_CREDIT_VALID_MONTHS); after it, not online
 * (400). The booking row is locked, so two cancellations give credit once (the second: 409).
 */
export const cancelBooking = async (db: Db, caller: Caller, id: number, source: string, symbol: string, origin: RequestOrigin, publicUrl: string) => {
  const row = await inTransaction(db, async (trx) => {
    const found = await repo.findCourseBooking(trx, caller.clientId, id, true);
    if (!found) throw notFound('booking_not_found', "We couldn't find that booking.");
    if (found.account_user_id !== caller.accountUserId) throw forbidden();
    if (found.status !== 'active') throw conflict('booking_already_cancelled', 'This booking has already been cancelled.');
    const now = new Date();
    if (new Date(found.sessions[0]!.starts_at).getTime() <= now.getTime()) throw badRequest('course_started', COURSE_CANCEL_STARTED_MESSAGE);
    await repo.releaseBooking(trx, id, source);
    const expiresAt = addMonths(now, CANCELLATION_CREDIT_VALID_MONTHS);
    if (found.price_pence > 0) {
      await credits.refundCourse(trx, caller, found.price_pence, expiresAt, `Course cancelled: ${found.name}`);
    }
    // The same email as a cancelled session (issue 21): what was cancelled and the credit given.
    const first = found.sessions[0]!;
    await queueCancellationEmail(
      trx,
      caller,
      (language) => [
        {
          name: found.name,
          person: `${found.first_name} ${found.last_name}`,
          when: COURSE_TEXTS[language].when(found.sessions.length, dateInWords(first.date, language), `${first.start_time}–${first.end_time}`),
          where: found.venue_name,
          outcome: found.price_pence > 0 ? creditOutcome(found.price_pence, expiresAt, symbol, language) : CANCELLED_TEXTS[language].nothingPaidCourse,
        },
      ],
      found.price_pence,
      symbol,
      publicUrl,
    );
    await recordAccountChange(trx, {
      clientId: caller.clientId,
      userId: caller.accountUserId,
      actorUserId: caller.accountUserId,
      action: 'course_booking_cancelled',
      detail: { course_claim: id, course: found.course_id, source, amount: found.price_pence },
      origin,
    });
    return (await repo.findCourseBooking(trx, caller.clientId, id))!;
  });
  const booking = toBooking(row, symbol);
  const amount = booking.price.formatted;
  return { data: booking, message: row.price_pence > 0 ? `Course cancelled. ${amount} has been added to your account credit.` : 'Course cancelled.' };
};

/** The client's currency symbol (prices on the wire). */
export const currencySymbol = (db: Db, clientId: number) => repo.findCurrencySymbol(db, clientId);
