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

/** What a refusal of hold_place() means to the customer (full is 409 with 'full'). */
export const refusal = (outcome: string): AppError => {
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
