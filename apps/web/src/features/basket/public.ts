/**
 * The basket slice's public entry (eslint.config.js `FEATURE_PUBLIC_ENTRIES`): the timetable
 * books into the basket and takes places out of it with these, so the toasts, the cart
 * replacement and the badge stay in one place; checkout reads the same cart with `cartQuery`.
 */
export { useBasketMutations, type CartAddCourse, type CartAddItem } from './api/cart.ts';
export { cartQuery, type Cart, type CartItem } from './api/cart-query.ts';
