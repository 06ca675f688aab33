import type { CartAddRequest, CartDto } from '@app/contract/cart/cart';
import type { AddCourseBody } from '@app/contract/courses/course-booking';
import { ticketPrice } from '@app/contract/rules/prices';
import type { Db } from '../../db/connect.ts';
import type { CoverKind } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/errors.ts';
import { resolvePeople, type Caller, type PersonIds } from '../account/service.ts';
import * as courses from '../courses/service.ts';
import * as credits from '../credits/service.ts';
import { coverFor, isMember } from '../holdings/service.ts';
import * as holds from '../holds/service.ts';
import { assertTicketsFit } from '../pricing/service.ts';
import * as discounts from './discounts.ts';
import * as repo from './repository.ts';
import { cartView } from './view.ts';

/**
 * The basket (spec §7 "Cart", docs/holds.md): carts and their items, the cover a membership or
 * package gives an item, and the cart as the wire shows it (view.ts). Places are claimed through
 * the holds module; this module owns the rows of `carts` and `cart_items`.
 */
export { CART_SOURCE, cartView } from './view.ts';
export { applyDiscount, checkoutDiscount, DISCOUNT_REFUSALS, removeDiscount, spendDiscount, type CheckoutDiscount } from './discounts.ts';
export { assertNothingExpired } from './expired.ts';

export const getCart = async (db: Db, caller: Caller, ids: PersonIds) => {
  const { selected } = await resolvePeople(db, caller, ids);
  return cartView(db, caller, selected.id);
};

/* ---- Prices and cover: a membership or a package visit makes an item free (docs/account-holdings.md) ---- */

/**
 * What a person pays for a ticket type: the member price while they hold an active membership
 * (never more than the full price), else the full price (rules/prices.ts ticketPrice, the rule
 * the timetable and the ticket dialog show too). A membership that covers the activity makes it
 * free instead (applyCover below).
 */
const priceFor = (person: { is_member: boolean }, option: { price_pence: number; member_price_pence: number }) =>
  ticketPrice(person.is_member ? 'member' : 'standard', option);

const NO_COVER = { covered_by: null, membership_id: null, package_holding_id: null } as const;

/**
 * Covers an item when `wanted` and the person's membership, else a visit of their package,
 * covers the occurrence: its price becomes 0. Answers whether it was covered.
 */
const applyCover = async (db: Db, caller: Caller, item: { itemId: number; personId: number; occurrenceId: number }, wanted: boolean) => {
  const cover = wanted ? await coverFor(db, caller.clientId, item.personId, item.occurrenceId, item.itemId) : undefined;
  if (cover) {
    await repo.updateCartItem(db, item.itemId, {
      price_pence: 0,
      covered_by: cover.type,
      membership_id: cover.type === 'membership' ? cover.id : null,
      package_holding_id: cover.type === 'package' ? cover.id : null,
    });
    return true;
  }
  return false;
};

/* ---- Adding ---- */

type AddedItem = { itemId: number; occurrenceId: number; personId: number; pricePence: number; existed: boolean; applyBenefit: boolean };

/** One item: its place claimed into the basket by the holds module (cart_add_item()). */
const addOne = async (db: Db, caller: Caller, selectedId: number, want: holds.AddWanted & { pricePence: number }, expiresAt: Date, reserved: Set<number>): Promise<AddedItem> => {
  const claimed = await holds.claimIntoBasket(
    db,
    caller,
    { selectedUserId: selectedId, occurrence: want.occurrence, person: want.person, option: { id: want.option.id, price_pence: want.pricePence } },
    expiresAt,
    reserved,
  );
  return {
    itemId: claimed.itemId,
    occurrenceId: claimed.occurrenceId,
    personId: want.person.id,
    pricePence: want.pricePence,
    existed: claimed.existed,
    // Nobody without a membership or a package can be covered: no need to look (findAddContext).
    applyBenefit: want.applyBenefit && want.person.may_be_covered !== false,
  };
};

/**
 * POST cart/add: every item is held in one transaction (all or nothing); a single item is one
 * atomic statement (cart_add_item), so the occurrence lock is held only for that statement.
 * Full → 409 with CART_FULL_MESSAGE and the cart unchanged; lock time-out or contention → 409
 * CART_BUSY_MESSAGE. The holds module decides first (holds.decideAdd) and may refuse from memory.
 */
export const addToCart = async (
  db: Db,
  who: Caller | holds.UnsettledCaller,
  body: CartAddRequest,
  holdMinutes: number,
  marks?: holds.FullMarks,
  atDesk: { pastRelease?: boolean } = {},
): Promise<CartDto> => {
  const { caller, selected, wanted } = await holds.decideAdd(db, who, body, marks, atDesk);
  // Each ticket type's age rule must fit its person (422 naming the ticket; issue 21).
  await assertTicketsFit(
    db,
    caller.clientId,
    wanted.map((want, index) => ({ personId: want.person.id, optionId: want.option.id, occurrenceId: want.occurrence.id, field: `items.${index}.pricing_option_id` })),
  );
  const priced = wanted.map((want) => ({ ...want, pricePence: want.applyBenefit ? priceFor(want.person, want.option) : want.option.price_pence }));
  // One order of locks for every transaction: two baskets with the same sessions never deadlock.
  priced.sort((a, b) => a.occurrence.id - b.occurrence.id);
  const reserved = new Set<number>();
  const expiresAt = holds.holdExpiry(holdMinutes);
  try {
    if (priced.length === 1) {
      const added = await addOne(db, caller, selected.id, priced[0]!, expiresAt, reserved);
      await coverAdded(db, caller, [added]);
    } else {
      await inTransaction(db, async (trx) => {
        reserved.clear();
        const added: AddedItem[] = [];
        for (const want of priced) added.push(await addOne(trx, caller, selected.id, want, expiresAt, reserved));
        await coverAdded(trx, caller, added);
      });
    }
  } catch (error) {
    // Places kept for waiters: make sure their promotion is on its way.
    await holds.queuePromotions(db, reserved);
    throw holds.asBusy(error);
  }
  return cartView(db, caller, selected.id);
};

/**
 * POST cart/courses: one place on every session of a course for one person (docs/courses.md),
 * held by the courses module in the selected person's open cart; answers the cart.
 */
export const addCourseToCart = async (db: Db, caller: Caller, body: AddCourseBody, holdMinutes: number): Promise<CartDto> => {
  const { selectedId } = await courses.holdIntoBasket(
    db,
    caller,
    { courseId: body.course_id, ids: { selected_user_id: body.selected_user_id, membership_user_id: body.membership_user_id, purchased_for_user_id: body.purchased_for_user_id }, holdMinutes },
    async (trx, selectedId) => (await repo.openCart(trx, caller.clientId, caller.accountUserId, selectedId)).id,
  );
  return cartView(db, caller, selectedId);
};

/** Cover for items just added; an item added again loses a cover it no longer has (cart_add_item reset its price). */
const coverAdded = async (db: Db, caller: Caller, added: readonly AddedItem[]) => {
  for (const item of added) {
    const covered = await applyCover(db, caller, item, item.applyBenefit);
    if (!covered && item.existed) await repo.updateCartItem(db, item.itemId, NO_COVER);
  }
};

/**
 * Items a batch add (the release draw, holds.claimManyIntoBaskets) found already held, for people
 * no cover can apply to: a cover they carried goes, as coverAdded does for an item added again.
 */
export const dropCover = async (db: Db, itemIds: readonly number[]) => {
  for (const itemId of itemIds) await repo.updateCartItem(db, itemId, NO_COVER);
};

/* ---- Removing and changing ---- */

/** Releases the claims behind items and deletes the items (promotion is queued by the 0010 trigger). */
const dropItems = async (trx: Db, items: readonly { id: number; claim_id: number | null }[]) => {
  await holds.release(
    trx,
    items.map((i) => i.claim_id).filter((id): id is number => id !== null),
  );
  await repo.deleteCartItems(
    trx,
    items.map((i) => i.id),
  );
};

/** DELETE cart: every item's hold is released and the items go. */
export const clearCart = async (db: Db, caller: Caller, ids: PersonIds): Promise<CartDto> => {
  const { selected } = await resolvePeople(db, caller, ids);
  await inTransaction(db, async (trx) => {
    const cart = await repo.findOpenCart(trx, caller.clientId, caller.accountUserId, selected.id);
    if (!cart) return;
    await dropItems(trx, await repo.findCartClaims(trx, cart.id));
    // Spec §4: totals reset on a clear; the discount code goes with the items (docs/discounts.md).
    await discounts.clearForCart(trx, cart.id);
    await repo.touchCart(trx, cart.id);
  }).catch((error: unknown) => {
    throw holds.asBusy(error);
  });
  return cartView(db, caller, selected.id);
};

/** An item of the caller's open carts, or 404 (another customer's item is simply not found). */
const ownItems = async (db: Db, caller: Caller, itemIds: readonly number[]) => {
  const items = await repo.findAccountItems(db, caller.clientId, caller.accountUserId, itemIds);
  if (items.length !== new Set(itemIds).size) throw notFound('cart_item_not_found');
  return items;
};

/** POST cart/remove: the items' holds are released. */
export const removeFromCart = async (db: Db, caller: Caller, itemIds: readonly number[], ids: PersonIds): Promise<CartDto> => {
  const { selected } = await resolvePeople(db, caller, ids);
  await inTransaction(db, async (trx) => {
    await dropItems(trx, await ownItems(trx, caller, itemIds));
  }).catch((error: unknown) => {
    throw holds.asBusy(error);
  });
  return cartView(db, caller, selected.id);
};

/** A session's item; a course's item (docs/courses.md) has no ticket type or person to change here: 400. */
const sessionItem = <T extends { occurrence_id: number | null; pricing_option_id: number | null }>(item: T) => {
  if (item.occurrence_id === null || item.pricing_option_id === null) {
    throw badRequest('course_item_unchangeable', 'A course in the basket cannot be changed: remove it and book the course again.');
  }
  return item as T & { occurrence_id: number; pricing_option_id: number };
};

export type UpdateItemChanges = {
  pricing_option_id?: number | undefined;
  purchased_for_user_id?: number | null | undefined;
  hold_again?: boolean | undefined;
};

/**
 * PUT cart/{cartItemId}: another ticket type, another person (a new hold for them, the old one
 * released), or `hold_again` for an expired item. A waitlist offer stays with the person offered.
 */
export const updateItem = async (db: Db, caller: Caller, itemId: number, changes: UpdateItemChanges, ids: PersonIds, holdMinutes: number): Promise<CartDto> => {
  const { selected, pick } = await resolvePeople(db, caller, ids);
  const found = (await ownItems(db, caller, [itemId]))[0]!;
  if (found.occurrence_id === null && changes.hold_again && changes.pricing_option_id === undefined && changes.purchased_for_user_id === undefined) {
    // A course's item held again (docs/courses.md): the whole course, or 409 when it is full.
    await courses.holdItemAgain(db, caller, found.id, holdMinutes);
    return cartView(db, caller, selected.id);
  }
  const item = sessionItem(found);
  const person = changes.purchased_for_user_id === undefined ? undefined : pick(changes.purchased_for_user_id ?? selected.id);
  const occurrence = (await repo.findOccurrence(db, caller.clientId, { id: item.occurrence_id }))!;
  const option =
    changes.pricing_option_id === undefined
      ? undefined
      : await repo.findPricingOption(db, caller.clientId, occurrence.activity_id, changes.pricing_option_id);
  if (changes.pricing_option_id !== undefined && !option) {
    throw unprocessable('validation_failed', 'The given data was invalid.', { pricing_option_id: [holds.TICKET_NOT_AVAILABLE] });
  }
  const personChanges = person !== undefined && person.id !== item.purchased_for_user_id;
  if (personChanges && item.origin === 'waitlist_offer') {
    throw badRequest('offer_not_transferable', 'A waitlist offer is for the person who was waiting.');
  }
  if (option || personChanges) {
    const personId = personChanges ? person.id : item.purchased_for_user_id;
    await assertTicketsFit(db, caller.clientId, [{ personId, optionId: option?.id ?? item.pricing_option_id, occurrenceId: occurrence.id, field: option ? 'pricing_option_id' : 'purchased_for_user_id' }]);
  }
  const reserved = new Set<number>();
  try {
    await inTransaction(db, async (trx) => {
      reserved.clear();
      const forWhom = personChanges ? person : undefined;
      if (forWhom || (changes.hold_again && !item.held)) {
        const held = await holds.hold(trx, caller, occurrence, forWhom?.id ?? item.purchased_for_user_id, holds.holdExpiry(holdMinutes), reserved);
        if (forWhom && item.claim_id !== null) await holds.release(trx, [item.claim_id]);
        await repo.updateCartItem(trx, item.id, {
          claim_id: held.claimId,
          ...(forWhom ? { purchased_for_user_id: forWhom.id } : {}),
        });
      }
      const covered = item.covered_by !== null;
      const payer = forWhom ?? pick(item.purchased_for_user_id);
      if (option) await repo.updateCartItem(trx, item.id, { pricing_option_id: option.id, price_pence: covered && !forWhom ? 0 : priceFor(payer, option) });
      if (forWhom) {
        // Another person: their own cover (or none) and membership decide the price.
        const pricePence = priceFor(forWhom, option ?? (await repo.findPricingOption(trx, caller.clientId, occurrence.activity_id, item.pricing_option_id))!);
        await repo.updateCartItem(trx, item.id, { ...NO_COVER, price_pence: pricePence });
        if (covered) await applyCover(trx, caller, { itemId: item.id, personId: forWhom.id, occurrenceId: occurrence.id }, true);
      }
      await repo.touchCart(trx, item.cart_id);
    });
  } catch (error) {
    await holds.queuePromotions(db, reserved);
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23505') throw badRequest('already_in_basket', 'That person already has this session in the basket.');
    throw holds.asBusy(error);
  }
  return cartView(db, caller, selected.id);
};

/**
 * DELETE benefit/remove/{id} (membership cover) and package/remove/{id} (package visit): the
 * item goes back to its ticket type's full price and keeps it (no cover is applied again until
 * it is added again). An item without that cover answers the cart unchanged; another's is 404.
 */
export const removeAppliedExtra = async (db: Db, caller: Caller, itemId: number, ids: PersonIds, extra: 'benefit' | 'package'): Promise<CartDto> => {
  const { selected, pick } = await resolvePeople(db, caller, ids);
  const [found] = await ownItems(db, caller, [itemId]);
  if (found!.covered_by === (extra === 'benefit' ? 'membership' : 'package')) {
    const item = sessionItem(found!);
    const occurrence = (await repo.findOccurrence(db, caller.clientId, { id: item.occurrence_id }))!;
    const option = (await repo.findPricingOption(db, caller.clientId, occurrence.activity_id, item.pricing_option_id))!;
    // Without the benefit a member still pays the member price; without the package, their own price.
    const payer = extra === 'benefit' ? { is_member: false } : pick(item.purchased_for_user_id);
    await repo.updateCartItem(db, item.id, { ...NO_COVER, price_pence: priceFor(payer, option) });
    await repo.touchCart(db, item.cart_id);
  }
  return cartView(db, caller, selected.id);
};

/* ---- Waitlist offers (called by the waitlist service, in its promotion's transaction) ---- */

/**
 * Puts a place just offered (holds.offerPlace) in the waiter's open basket (origin
 * 'waitlist_offer'): the account holder's basket, the one the site shows and pays (a child's
 * place is an item for the child in it), as for a place the customer adds for a family member.
 */
export const addOffer = async (
  trx: Db,
  offer: { clientId: number; accountUserId: number; membershipUserId: number; occurrenceId: number; activityId: number },
  claimId: number,
) => {
  const { self } = await resolvePeople(trx, { clientId: offer.clientId, accountUserId: offer.accountUserId }, {});
  const cart = await repo.openCart(trx, offer.clientId, offer.accountUserId, self.id);
  const option = await repo.findPricingOption(trx, offer.clientId, offer.activityId, undefined);
  if (!option) throw new AppError({ code: 'no_pricing_option', status: 500, message: `Activity ${offer.activityId} has no pricing option.` });
  const { id: itemId } = await repo.upsertCartItem(trx, {
    clientId: offer.clientId,
    cartId: cart.id,
    occurrenceId: offer.occurrenceId,
    pricingOptionId: option.id,
    purchasedForUserId: offer.membershipUserId,
    claimId,
    pricePence: priceFor({ is_member: await isMember(trx, offer.clientId, offer.membershipUserId) }, option),
    origin: 'waitlist_offer',
  });
  // The person's membership or package covers an offered place as it would a place they add.
  await applyCover(trx, { clientId: offer.clientId, accountUserId: offer.accountUserId }, { itemId, personId: offer.membershipUserId, occurrenceId: offer.occurrenceId }, true);
  await repo.touchCart(trx, cart.id);
};

/** A waiter leaves while holding an offer: the offer's place is released and its item goes. */
export const withdrawOffer = async (trx: Db, claimId: number) => {
  const item = await repo.findItemByClaim(trx, claimId);
  await holds.release(trx, [claimId]);
  if (item) await repo.deleteCartItems(trx, [item.id]);
};

/* ---- For the order (orders module): the cart locked, lost holds taken again, holds → bookings ---- */

/** A basket item as the order reads it. */
export type CheckoutItem = {
  id: number;
  name: string;
  occurrence_id: number;
  occurrence_uuid: string;
  activity_id: number;
  purchased_for_user_id: number;
  pricing_option_id: number;
  price_pence: number;
  claim_id: number | null;
  /** The claim is active and unexpired (or already a booking). */
  held: boolean;
  starts_at: Date;
  covered_by: CoverKind | null;
  membership_id: number | null;
  package_holding_id: number | null;
};

/** The open cart's id of (account, selected person), or undefined. */
export const findOpenCartId = async (db: Db, caller: Caller, selectedUserId: number) =>
  (await repo.findOpenCart(db, caller.clientId, caller.accountUserId, selectedUserId))?.id;

/** The owner and status of a cart of the client, or undefined (terms and questions check it is the caller's). */
export const cartOwner = async (db: Db, clientId: number, cartId: number): Promise<{ account_user_id: number; status: 'open' | 'completed' } | undefined> =>
  repo.findCartOwner(db, clientId, cartId);

/** Locks the cart row (FOR UPDATE) in the caller's transaction; undefined when not this client's. */
export const lockCartForCheckout = async (trx: Db, clientId: number, cartId: number): Promise<{ status: 'open' | 'completed'; account_user_id: number; membership_user_id: number } | undefined> =>
  repo.lockCart(trx, clientId, cartId);

export const checkoutItems = (trx: Db, cartId: number): Promise<CheckoutItem[]> => repo.findCheckoutItems(trx, cartId);

/**
 * A hold that expired during payment, taken again when the place is still free: answers the new
 * claim id (the item points at it), or null when the place is gone.
 */
export const retakeHold = async (trx: Db, caller: Caller, item: CheckoutItem, holdMinutes: number): Promise<number | null> => {
  const claimId = await holds.retake(trx, caller, item, holdMinutes);
  if (claimId !== null) await repo.updateCartItem(trx, item.id, { claim_id: claimId });
  return claimId;
};

/**
 * The cart's held places become bookings (holds.bookClaims) and the cart is completed. Answers
 * the booking id per cart item; throws when a claim is no longer active.
 */
export const bookCart = async (trx: Db, caller: Caller, cartId: number, items: readonly (CheckoutItem & { claim_id: number })[]) => {
  const bookings = await holds.bookClaims(trx, caller, items);
  await repo.markCartCompleted(trx, cartId);
  return bookings;
};

/* ---- Credit reserved for the basket (POST credits/apply, credits/routes.ts) ---- */

export const applyCredits = async (db: Db, caller: Caller, body: { credits_to_reserve: readonly { amount: number; type: 'general' | 'membership' }[]; selected_user_id?: number | null | undefined }) => {
  const { selected } = await resolvePeople(db, caller, { selected_user_id: body.selected_user_id });
  const view = await cartView(db, caller, selected.id);
  if (view.id === null || view.items.length === 0) throw badRequest('cart_empty', 'Your basket is empty.');
  const reserved = await credits.reserveForCart(db, caller, view.id, view.total, body.credits_to_reserve);
  const summary = await credits.creditSummary(db, caller, view.id, view.total);
  const amount = reserved.general + reserved.membership;
  return {
    reserved: amount > 0,
    amount,
    reservations: credits.CREDIT_TYPES.filter((t) => reserved[t] > 0).map((type) => ({ type, amount: reserved[type] })),
    credits: { general: summary.general, membership: summary.membership },
  };
};
