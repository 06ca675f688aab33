import { createContext, useContext } from 'react';
import type { Cart } from './api/cart-query.ts';

/**
 * Whose basket the timetable and basket write to (issue 24, docs/front-of-house-screens.md "Cart
 * target"). Absent (the bookings site): the logged-in customer's own basket at `{checkout}/…`.
 * Set by the till: the chosen customer's basket through the staff routes
 * `foh/customers/{accountUserId}/cart/…` with the till session, and the answered cart handed to
 * `onCart` (the till's cache), never to the staff member's own basket badge.
 */
export type CartTarget = { accountUserId: number; tillSessionId: number; onCart: (cart: Cart) => void };

const CartTargetContext = createContext<CartTarget | null>(null);

export const CartTargetProvider = CartTargetContext.Provider;
export const useCartTarget = () => useContext(CartTargetContext);
