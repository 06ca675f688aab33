import type { Entry } from './rules.ts';

/**
 * A row's "in your basket" state read from the cart (spec §4 "Reloading happens only for ad-hoc
 * (v1) or resource (v2) categories"; docs/timetable-screens.md "Reloading"). A basket change
 * does not fetch a class day again, so where the cart is newer than the day's answer the cart
 * says whether the person booked for holds the session: Book becomes Remove from basket (with
 * the cart item's id) at once, and a hold that is gone (removed, run out) reads Book again.
 * Pure: the screen decides which answer is newer (`use-basket-state.ts`).
 */

/** What a cart item tells a row: its id, the occurrence, whom it is for and whether it is held. */
export type BasketItem = {
  id: number;
  type: string;
  cartableId: number;
  purchasedForUserId: number;
  status: 'held' | 'expired';
};

type Row = Pick<Entry, 'occurrenceId' | 'booking' | 'actionToShow'>;

/**
 * The server's order (apps/api timetable/entries.ts `actionFor`): cancelled, the person's
 * booking, started and their waitlist place come before a hold, so the cart changes none of
 * them; a hold comes before not released yet, full (waitlist) and Book.
 */
const outranksHold = ({ actionToShow: { status, reason }, booking }: Row) =>
  booking?.type === 'booking' || status === 'CANCEL_BOOKING' || status === 'LEAVE_WAITLIST' || reason === 'cancelled' || reason === 'started';

/**
 * `entries` with the basket state of `items` (the cart's) for `personId` (the membership user
 * booked for: a family member, or the customer's own). Entries the cart does not change are
 * returned as they are (the same objects).
 */
export const withBasketState = <E extends Row>(entries: readonly E[], items: readonly BasketItem[], personId: number): E[] =>
  entries.map((entry) => {
    if (outranksHold(entry)) return entry;
    const held = items.find(
      (item) => item.type === 'purchasableOccurrence' && item.cartableId === entry.occurrenceId && item.purchasedForUserId === personId && item.status === 'held',
    );
    const isHeldByServer = entry.actionToShow.status === 'CANCEL_RESERVATION';
    if (held) {
      if (isHeldByServer && entry.booking?.id === held.id) return entry;
      return { ...entry, booking: { id: held.id, type: 'reservation' }, actionToShow: { status: 'CANCEL_RESERVATION', reason: null } };
    }
    // The hold is gone: its place is free again (it was the person's), so they can book it.
    if (isHeldByServer) return { ...entry, booking: null, actionToShow: { status: 'BOOK', reason: null } };
    return entry;
  });
