import type { CartAddRequest, CartDto } from '@app/contract/cart/cart';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, forbidden, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import { resolvePeople } from '../account/service.ts';
import { addCourseToCart, addOffer, addToCart, cartView, getCart, removeFromCart, updateItem, type UpdateItemChanges } from '../basket/service.ts';
import { offerPlace, holdExpiry } from '../holds/service.ts';
import { assertForGuests, walkInOfAccount } from '../walk-ins/service.ts';
import { WALK_IN_NO_COURSES_MESSAGE } from '@app/contract/foh/walk-in';
import * as repo from './repository.ts';
import type { Staff } from './tills.ts';

/**
 * Booking and selling on behalf (docs/front-of-house.md "Booking and selling on behalf"): staff
 * fill the chosen customer's own basket through the basket module with the customer as the
 * caller — the same holds, limits and prices as online. What only the desk may do is recorded in
 * foh_overrides with the staff member and their till session: a session not yet open online
 * (`past_release`), a place kept for the waitlist taken with a reason (`waitlist_order`), a discount.
 */

type Override = { kind: 'past_release' | 'waitlist_order' | 'discount'; cartItemId: number | null; reason: string | null; detail: Record<string, unknown> };

/** The customer as the basket's caller, and the staff member's own open till session; another operator's customer or session → 403. */
const actingFor = async (db: Db, staff: Staff, accountUserId: number, tillSessionId: number) => {
  const [customer, session] = await Promise.all([repo.findCustomer(db, staff.clientId, accountUserId), repo.findSession(db, staff.clientId, tillSessionId)]);
  if (!customer || !session || session.staff_user_id !== staff.staffUserId || session.closed_at) throw forbidden();
  // A till's walk-in basket is that till's alone (docs/front-of-house.md "Walk-in sales").
  const walkIn = await walkInOfAccount(db, staff.clientId, accountUserId);
  if (walkIn && walkIn.till_id !== session.till_id) throw forbidden();
  return { caller: { clientId: staff.clientId, accountUserId } satisfies Caller, sessionId: session.id, isWalkIn: walkIn !== undefined };
};

const record = (db: Db, staff: Staff, accountUserId: number, sessionId: number, o: Override) =>
  repo.insertOverride(db, { clientId: staff.clientId, sessionId, staffUserId: staff.staffUserId, accountUserId, ...o });

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : null);

/** The basket's items for these occurrences (to name the item an override concerns). */
const itemsFor = (cart: CartDto, occurrenceIds: readonly (number | string)[]) =>
  cart.items.filter((i) => i.type === 'purchasableOccurrence' && occurrenceIds.some((id) => String(id) === String(i.cartable_id) || id === i.cartable_uuid)).map((i) => i.id);

/**
 * The add's course item (`type: 'purchasableCourse'`, `id` the course id): one item alone, as the
 * online course add takes one course for one person; a course among other items → 422.
 */
const courseItem = (add: CartAddRequest) => {
  const courses = add.items.filter((i) => i.type === 'purchasableCourse');
  if (courses.length === 0) return null;
  const item = courses[0]!;
  if (add.items.length > 1 || typeof item.id !== 'number') {
    throw unprocessable('validation_failed', 'The given data was invalid.', { items: ['A course is added on its own, by its id.'] });
  }
  return { id: item.id, purchasedFor: item.purchased_for_user_id ?? null };
};

export const staffGetCart = async (db: Db, staff: Staff, accountUserId: number, selectedUserId: number | undefined) => {
  if (!(await repo.findCustomer(db, staff.clientId, accountUserId))) throw forbidden();
  return { data: await getCart(db, { clientId: staff.clientId, accountUserId }, { selected_user_id: selectedUserId ?? null }) };
};

export const staffAdd = async (
  db: Db,
  staff: Staff,
  accountUserId: number,
  body: CartAddRequest & { till_session_id: number; waitlist_override_reason?: string | undefined },
  holdMinutes: number,
) => {
  const { till_session_id: tillSessionId, waitlist_override_reason: waitlistReason, ...add } = body;
  const { caller, sessionId, isWalkIn } = await actingFor(db, staff, accountUserId, tillSessionId);
  const course = courseItem(add);
  if (isWalkIn) {
    // Walk-ins: only what allows guests (a swim, a court); a course needs a customer record.
    if (course) throw unprocessable('not_for_guests', WALK_IN_NO_COURSES_MESSAGE, { items: [WALK_IN_NO_COURSES_MESSAGE] });
    await assertForGuests(db, staff.clientId, add.items.map((i) => i.id));
  }
  // A whole course (docs/front-of-house.md "Courses at the till"): the basket's own course add, the
  // same hold_course() under the course row's lock, age rule and prices as online.
  if (course) return { data: await addCourseToCart(db, caller, { course_id: course.id, purchased_for_user_id: course.purchasedFor, selected_user_id: add.selected_user_id ?? null }, holdMinutes) };
  const occurrenceIds = add.items.map((i) => i.id);
  try {
    return { data: await addToCart(db, caller, add, holdMinutes) };
  } catch (error) {
    if (codeOf(error) === 'not_open_yet') {
      const cart = await addToCart(db, caller, add, holdMinutes, undefined, { pastRelease: true });
      for (const itemId of itemsFor(cart, occurrenceIds)) await record(db, staff, accountUserId, sessionId, { kind: 'past_release', cartItemId: itemId, reason: null, detail: { occurrence_ids: occurrenceIds } });
      return { data: cart };
    }
    if (codeOf(error) === 'cart_full' && waitlistReason && add.items.length === 1) return { data: await aheadOfWaitlist(db, staff, caller, sessionId, add, waitlistReason, holdMinutes) };
    throw error;
  }
};

/**
 * A place the waitlist keeps (free, but people wait ahead) taken at the desk with a reason: held as
 * an offer (hold_place's 'offer' is never behind the queue, and still refused when truly full)
 * and put in the customer's basket as an offered place is; recorded with the reason.
 */
const aheadOfWaitlist = async (db: Db, staff: Staff, caller: Caller, sessionId: number, add: CartAddRequest, reason: string, holdMinutes: number) => {
  const item = add.items[0]!;
  const occurrence = await repo.findOccurrenceRef(db, caller.clientId, item.id);
  if (!occurrence) throw forbidden();
  const { selected, pick } = await resolvePeople(db, caller, add);
  const person = item.purchased_for_user_id == null ? selected : pick(item.purchased_for_user_id);
  await inTransaction(db, async (trx) => {
    const held = await offerPlace(trx, { accountUserId: caller.accountUserId, membershipUserId: person.id, occurrenceId: occurrence.id, expiresAt: holdExpiry(holdMinutes) });
    if (held.outcome !== 'held' || held.claim_id === null) throw new AppError({ code: 'cart_full', status: 409, message: 'Sorry, this session is full.' });
    await addOffer(trx, { clientId: caller.clientId, accountUserId: caller.accountUserId, membershipUserId: person.id, occurrenceId: occurrence.id, activityId: occurrence.activity_id }, Number(held.claim_id));
    const cartItemId = await repo.findCartItemIdByClaim(trx, Number(held.claim_id));
    await record(trx, staff, caller.accountUserId, sessionId, { kind: 'waitlist_order', cartItemId, reason, detail: { occurrence_id: occurrence.id, membership_user_id: person.id } });
  });
  const self = (await resolvePeople(db, caller, {})).self;
  return cartView(db, caller, self.id);
};

export const staffRemove = async (db: Db, staff: Staff, accountUserId: number, body: { till_session_id: number; cart_item_ids: number[]; selected_user_id?: number | null; membership_user_id?: number | null }) => {
  const { caller } = await actingFor(db, staff, accountUserId, body.till_session_id);
  return { data: await removeFromCart(db, caller, body.cart_item_ids, { selected_user_id: body.selected_user_id, membership_user_id: body.membership_user_id }) };
};

export const staffUpdate = async (db: Db, staff: Staff, accountUserId: number, cartItemId: number, body: UpdateItemChanges & { till_session_id: number; selected_user_id?: number | null }, holdMinutes: number) => {
  const { caller } = await actingFor(db, staff, accountUserId, body.till_session_id);
  const { till_session_id: _s, selected_user_id: selectedUserId, ...changes } = body;
  return { data: await updateItem(db, caller, cartItemId, changes, { selected_user_id: selectedUserId }, holdMinutes) };
};

/** A lower price for one item of the customer's open basket, with a reason; never below £0.00 (422 when the discount is more than the price). */
export const staffDiscount = async (db: Db, staff: Staff, accountUserId: number, cartItemId: number, body: { till_session_id: number; amount_off: number; reason: string; selected_user_id?: number | undefined }) => {
  const { caller, sessionId } = await actingFor(db, staff, accountUserId, body.till_session_id);
  await inTransaction(db, async (trx) => {
    const item = await repo.lockOpenCartItem(trx, caller.clientId, caller.accountUserId, cartItemId);
    if (!item) throw forbidden();
    if (body.amount_off > item.price_pence) throw unprocessable('validation_failed', 'The given data was invalid.', { amount_off: [`Must be at most ${item.price_pence}`] });
    const to = item.price_pence - body.amount_off;
    await repo.setItemPrice(trx, item, to);
    await record(trx, staff, accountUserId, sessionId, { kind: 'discount', cartItemId: item.id, reason: body.reason, detail: { from_pence: item.price_pence, to_pence: to } });
  });
  return { data: await getCart(db, caller, { selected_user_id: body.selected_user_id ?? null }) };
};
