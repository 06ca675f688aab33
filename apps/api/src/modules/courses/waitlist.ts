import { COURSE_WAITLIST_NOT_FULL_MESSAGE, type CourseWaitlistActionResponse } from '@app/contract/courses/course-booking';
import { COURSE_STARTED_MESSAGE, ageFit, courseOffer } from '@app/contract/rules/courses';
import { WAITLIST_JOINED_MESSAGE, WAITLIST_LEFT_MESSAGE } from '@app/contract/waitlist/waitlist';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { pickPeople, type Caller, type PersonIds } from '../account/service.ts';
import * as email from '../email/service.ts';
import { asBusy } from '../holds/service.ts';
import * as repo from './repository.ts';
import { COURSE_TEXTS } from './email-texts.ts';
import type { Language } from '../../lib/language.ts';
import { COURSE_NOT_FOUND, toWaitlistEntry } from './service.ts';

/**
 * A full course's waitlist (issue 20, docs/courses.md "Waitlist"): the session waitlist of
 * docs/holds.md for a course as a whole. Join and leave take the course row's lock (the one
 * hold_course() takes); a freed place is offered by `promoteCourse` (the job the 0062 trigger
 * queues in the releasing transaction) as a hold on the whole course in the waiter's basket.
 */

const courseOrThrow = async (db: Db, clientId: number, courseId: number) => {
  const course = await repo.findCourse(db, clientId, courseId);
  if (!course) throw notFound('course_not_found', COURSE_NOT_FOUND);
  return course;
};

const offerOf = (course: repo.CourseRow, now = new Date()) =>
  courseOffer({ price: course.price_pence, late_joining: course.late_joining }, course.sessions.map((s) => s.starts_at), now);

/**
 * Joins the waitlist of a full course for a person of the account (another customer's: 403).
 * Only when a newcomer could not hold a place now (else 400 `course_waitlist_not_full`); the
 * person must be able to book it (age range 422, started or finished 400) and not already hold
 * or have booked it (400). Joining again answers the same entry.
 */
export const join = async (db: Db, caller: Caller, courseId: number, ids: PersonIds & { purchased_for_user_id?: number | null | undefined }): Promise<CourseWaitlistActionResponse> => {
  const people = await repo.findPeople(db, caller.clientId, caller.accountUserId);
  const { selected, pick } = pickPeople(people, ids);
  const person = pick(ids.purchased_for_user_id ?? selected.id);
  const course = await courseOrThrow(db, caller.clientId, courseId);
  const offer = offerOf(course);
  if (!offer.bookable) throw badRequest(offer.reason === COURSE_STARTED_MESSAGE ? 'course_started' : 'course_finished', offer.reason);
  const fit = ageFit(person, course);
  if (!fit.ok) throw unprocessable('age_out_of_range', fit.reason, { purchased_for_user_id: [fit.reason] });
  const entry = await inTransaction(db, async (trx) => {
    await repo.lockCourse(trx, course.id);
    const existing = (await repo.findLiveWaitlistEntries(trx, course.id, caller.accountUserId)).find((e) => e.membership_user_id === person.id);
    if (existing) return existing;
    const claim = (await repo.findEnrolled(trx, course.id, caller.accountUserId)).find((e) => e.membership_user_id === person.id);
    if (claim?.kind === 'booking') throw badRequest('already_booked', `${person.first_name} is already booked on this course.`);
    if (claim) throw badRequest('already_held', `${person.first_name}'s place on this course is already held in the basket.`);
    // A fresh read after the lock: places a newcomer could hold (capacity − live claims − people waiting).
    const now = (await repo.findCourse(trx, caller.clientId, course.id))!;
    if (now.capacity - now.live - now.waiting > 0) throw badRequest('course_waitlist_not_full', COURSE_WAITLIST_NOT_FULL_MESSAGE);
    const id = await repo.insertWaitlistEntry(trx, { clientId: caller.clientId, courseId: course.id, accountUserId: caller.accountUserId, personId: person.id });
    return (await repo.findWaitlistEntry(trx, caller.clientId, id))!;
  }).catch((error: unknown) => {
    throw asBusy(error);
  });
  return { data: toWaitlistEntry(entry)!, message: WAITLIST_JOINED_MESSAGE };
};

/**
 * Leaves (the caller's entry; another customer's 403, unknown 404): a waiting entry is 'left'; an
 * offered one also gives its place back (its basket item goes, which releases the hold, and the
 * trigger queues the offer to the next waiter). Leaving an entry no longer live answers it as it is.
 */
export const leave = async (db: Db, caller: Caller, entryId: number): Promise<CourseWaitlistActionResponse> => {
  const entry = await repo.findWaitlistEntry(db, caller.clientId, entryId);
  if (!entry) throw notFound('waitlist_entry_not_found', "We couldn't find that waitlist place.");
  if (entry.account_user_id !== caller.accountUserId) throw forbidden();
  const after = await inTransaction(db, async (trx) => {
    await repo.lockCourse(trx, entry.course_id);
    const current = (await repo.findWaitlistEntry(trx, caller.clientId, entry.id))!;
    if (current.status === 'offered' && current.claim_id !== null) {
      const item = await repo.findItemOfClaim(trx, current.claim_id);
      if (item) await repo.deleteCartItem(trx, item.id);
    }
    if (current.status === 'waiting' || current.status === 'offered') await repo.setWaitlistStatus(trx, current.id, 'left');
    return (await repo.findWaitlistEntry(trx, caller.clientId, entry.id))!;
  }).catch((error: unknown) => {
    throw asBusy(error);
  });
  return { data: toWaitlistEntry(after)!, message: WAITLIST_LEFT_MESSAGE };
};

/* ---- Offers ---- */

export type CoursePromotionSettings = { offerMinutes: number; publicUrl: string };

/** The offer email, in the account holder's recorded language (issue 27; `person.language`). */
const offerEmail = (course: repo.CourseRow, person: { first_name: string; last_name: string; language: Language }, expiresAt: Date, timezone: string, publicUrl: string) => {
  const first = course.sessions[0]!;
  const t = COURSE_TEXTS[person.language].offer;
  const until = new Intl.DateTimeFormat(person.language, { timeZone: timezone, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hour12: false }).format(
    expiresAt,
  );
  const basket = `${publicUrl.replace(/\/$/, '')}/basket`;
  return {
    subject: t.subject(course.name),
    text: [
      t.free({ name: course.name, venue: course.venue_name, sessions: course.sessions.length, firstDate: first.date, firstTime: first.start_time, person: `${person.first_name} ${person.last_name}` }),
      '',
      t.holding(email.afterPreposition(until, person.language), basket),
      '',
      t.notWanted,
    ].join('\n'),
  };
};

/**
 * Offers every free place of the course to the people waiting, first come first served, in one
 * transaction under the course row's lock: hold_course() for the first waiter (a hold on the whole
 * course, at today's price, lasting `offerMinutes` but never past the next session's start), an
 * item with origin 'waitlist_offer' in the account holder's basket, the entry 'offered' and an
 * email. Idempotent: with no free place, nobody waiting or a course no longer bookable it does
 * nothing. Answers the number offered.
 */
export const promoteCourse = async (db: Db, courseId: number, settings: CoursePromotionSettings): Promise<number> =>
  inTransaction(db, async (trx) => {
    const found = await repo.findCourseById(trx, courseId);
    if (!found) return 0;
    await repo.lockCourse(trx, courseId);
    const course = (await repo.findCourse(trx, found.client_id, courseId))!;
    const offer = offerOf(course);
    if (!offer.bookable) return 0;
    const next = course.sessions.map((s) => new Date(s.starts_at).getTime()).find((t) => t > Date.now())!;
    let offered = 0;
    for (;;) {
      const waiter = await repo.findFirstWaiter(trx, courseId);
      if (!waiter) return offered;
      const expiresAt = new Date(Math.min(Date.now() + settings.offerMinutes * 60_000, next));
      // The offer goes into the account holder's own basket. An account with no person of its own
      // (which sign-up never makes) cannot take one: its entry leaves the line, so the job does not
      // fail and retry for ever, and the place goes to the next person.
      const cartId = await repo.openSelfCart(trx, found.client_id, waiter.account_user_id);
      if (cartId === undefined) {
        await repo.setWaitlistStatus(trx, waiter.id, 'left');
        continue;
      }
      const held = await repo.holdCourse(trx, {
        clientId: found.client_id,
        courseId,
        accountUserId: waiter.account_user_id,
        personId: waiter.membership_user_id,
        pricePence: offer.price,
        expiresAt,
        // An offer counts towards the account's live holds but is never refused by them.
        limits: false,
      });
      if (held.outcome === 'already_held' || held.outcome === 'already_booked') {
        await repo.setWaitlistStatus(trx, waiter.id, 'accepted');
        continue;
      }
      if (held.outcome !== 'held') return offered;
      const item = { clientId: found.client_id, cartId, courseId, personId: waiter.membership_user_id, claimId: held.claim_id!, pricePence: offer.price };
      await repo.upsertCourseItem(trx, { ...item, origin: 'waitlist_offer' });
      await repo.markOffered(trx, waiter.id, held.claim_id!, expiresAt);
      const person = await repo.findPersonContact(trx, waiter.membership_user_id);
      await email.queueEmail(trx, { clientId: found.client_id, kind: 'course_waitlist_offer', to: person.email, ...offerEmail(course, person, expiresAt, found.timezone, settings.publicUrl) });
      offered += 1;
    }
  });

/** Course holds and offers past their expiry released, in batches (the minute sweep; the trigger queues the offers). */
export const releaseExpiredCourseHolds = async (db: Db, batch = 1000): Promise<number> => {
  let total = 0;
  for (;;) {
    const released = Number(await inTransaction(db, (trx) => repo.releaseExpiredCourseHolds(trx, batch)));
    total += released;
    if (released < batch) return total;
  }
};
