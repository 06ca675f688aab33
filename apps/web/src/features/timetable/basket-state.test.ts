import { describe, expect, it } from 'vitest';
import { withBasketState, type BasketItem } from './basket-state.ts';
import type { Entry } from './rules.ts';

/** A row's basket state from the cart (spec §4; docs/timetable-screens.md "Reloading"). */
type Row = Pick<Entry, 'occurrenceId' | 'booking' | 'actionToShow'>;
const row = (status: Row['actionToShow']['status'], over: Partial<Row> & { reason?: Row['actionToShow']['reason'] } = {}): Row => ({
  occurrenceId: 11,
  booking: null,
  ...over,
  actionToShow: { status, reason: over.reason ?? null },
});
const held = (id: number, over: Partial<BasketItem> = {}): BasketItem => ({ id, type: 'purchasableOccurrence', cartableId: 11, purchasedForUserId: 51, status: 'held', ...over });
const reservation = (id: number) => ({ id, type: 'reservation' as const });

describe('withBasketState', () => {
  it('a session held in the cart for the person reads Remove from basket with the cart item’s id', () => {
    for (const before of [row('BOOK'), row('JOIN_WAITLIST', { reason: 'full' }), row('FULL', { reason: 'full' }), row(null, { reason: 'not_open_yet' }), row(null, { reason: 'login_required' })]) {
      expect(withBasketState([before], [held(901)], 51)).toEqual([{ ...before, booking: reservation(901), actionToShow: { status: 'CANCEL_RESERVATION', reason: null } }]);
    }
  });

  it('only the person’s own held place of that occurrence counts (not another person’s, an expired one, another session or a course)', () => {
    const book = row('BOOK');
    const others = [held(1, { purchasedForUserId: 53 }), held(2, { status: 'expired' }), held(3, { cartableId: 12 }), held(4, { type: 'purchasableCourse' })];
    expect(withBasketState([book], others, 51)[0]).toBe(book);
    expect(withBasketState([book], others, 53)[0]!.booking).toEqual(reservation(1));
  });

  it('a hold the cart no longer has (removed, run out) reads Book', () => {
    const inBasket = row('CANCEL_RESERVATION', { booking: reservation(901) });
    expect(withBasketState([inBasket], [], 51)).toEqual([{ ...inBasket, booking: null, actionToShow: { status: 'BOOK', reason: null } }]);
    expect(withBasketState([inBasket], [held(901, { status: 'expired' })], 51)[0]!.actionToShow.status).toBe('BOOK');
  });

  it('the server’s answer stands where the cart agrees, and where the server ranks something above a hold', () => {
    const inBasket = row('CANCEL_RESERVATION', { booking: reservation(901) });
    expect(withBasketState([inBasket], [held(901)], 51)[0]).toBe(inBasket);
    // Another ticket of the same time (fast tickets): the cart's id is the one Remove sends.
    expect(withBasketState([inBasket], [held(902)], 51)[0]!.booking).toEqual(reservation(902));
    const booked = row('CANCEL_BOOKING', { booking: { id: 7, type: 'booking' } });
    const waiting = row('LEAVE_WAITLIST');
    const started = row(null, { reason: 'started' });
    const cancelled = row(null, { reason: 'cancelled' });
    for (const first of [booked, waiting, started, cancelled]) {
      expect(withBasketState([first], [held(901)], 51)[0]).toBe(first);
      expect(withBasketState([first], [], 51)[0]).toBe(first);
    }
  });
});
