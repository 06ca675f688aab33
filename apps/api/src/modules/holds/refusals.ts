import { CART_BUSY_MESSAGE, CART_FULL_MESSAGE } from '@app/contract/cart/cart';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';

/* ---- What a refused hold means to the customer (docs/holds.md) ---- */

const BUSY_SQLSTATES = new Set(['55P03', '40001', '40P01', '57014']);

/** Lock time-outs and contention that outlived the retries: 409 without 'full'. */
export const asBusy = (error: unknown): unknown => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && BUSY_SQLSTATES.has(code)) {
    return new AppError({ code: 'cart_busy', status: 409, message: CART_BUSY_MESSAGE, cause: error });
  }
  return error;
};

export const cartFull = () => conflict('cart_full', CART_FULL_MESSAGE);

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/** 'You can hold up to 8 places at once.' with the client's number (docs/holds.md "Limits per account"). */
export const holdLimitMessage = (max: number) => `You can hold up to ${places(max)} at once. Book or remove a place in your basket to hold another.`;
export const sessionLimitMessage = (max: number) => `You can hold up to ${places(max)} in one session at once.`;
export const releasedRecentlyMessage = (minutes: number) =>
  `You released this place a moment ago; it is open to everyone else first. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;

/**
 * The account's limits as hold_place() and hold_course() answer them ('limit:<n>',
 * 'limit_session:<n>', 'released:<epoch seconds>'): 409 with the reason, or null for any other outcome.
 */
export const limitRefusal = (outcome: string): AppError | null => {
  const [kind, value] = outcome.split(':');
  const n = Number(value);
  if (kind === 'limit') return conflict('hold_limit', holdLimitMessage(n));
  if (kind === 'limit_session') return conflict('hold_limit_session', sessionLimitMessage(n));
  if (kind === 'released') return conflict('released_recently', releasedRecentlyMessage(Math.max(1, Math.round((n * 1000 - Date.now()) / 60_000))));
  return null;
};

/** What a refusal of hold_place() means to the customer (full is 409 with 'full'). */
export const refusal = (outcome: string): AppError => {
  const limited = limitRefusal(outcome);
  if (limited) return limited;
  switch (outcome) {
    case 'started':
      return badRequest('occurrence_started', 'This session has already started.');
    case 'cancelled':
      return badRequest('occurrence_cancelled', 'This session has been cancelled.');
    case 'not_found':
      return notFound('occurrence_not_found');
    case 'already_booked':
      return badRequest('already_booked', 'This person has already booked this session.');
    default:
      return cartFull();
  }
};
