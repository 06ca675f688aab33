/**
 * The basket slice's public entry (eslint.config.js `FEATURE_PUBLIC_ENTRIES`): the timetable
 * books into the basket and takes places out of it with these, so the toasts, the cart
 * replacement and the badge stay in one place; checkout reads the same cart with `cartQuery`.
 */
export { useBasketMutations, type CartAddCourse, type CartAddItem, type CartItemChange } from './api/cart.ts';
/** The till writes to its chosen customer's basket through the same mutations (issue 24). */
export { CartTargetProvider, useCartTarget, type CartTarget } from './cart-target.tsx';
export { cartQuery, type Cart, type CartItem } from './api/cart-query.ts';
