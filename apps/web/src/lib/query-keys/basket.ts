/** The basket (spec §4 Basket): the cart of the logged-in customer. */
export const basketKeys = {
  all: ['basket'] as const,
  cart: () => [...basketKeys.all, 'cart'] as const,
};
