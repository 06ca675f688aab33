/** The basket (spec §4 Basket): the basket slice's keys go under this prefix. */
export const basketKeys = {
  all: ['basket'] as const,
};
