/** Checkout (spec §7 Checkout, credits, questions and waivers, price): keys of the checkout slice. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  prepare: () => [...checkoutKeys.all, 'prepare'] as const,
  terms: (cartId: number | null) => [...checkoutKeys.all, 'terms', cartId] as const,
  questions: (cartId: number | null) => [...checkoutKeys.all, 'questions', cartId] as const,
  waivers: () => [...checkoutKeys.all, 'waivers'] as const,
  previousAttendees: (restrictionId: number) => [...checkoutKeys.all, 'previous-attendees', restrictionId] as const,
  order: (completeOrderId: string) => [...checkoutKeys.all, 'order', completeOrderId] as const,
  price: (venue: string, activity: string, occurrenceId: string) => [...checkoutKeys.all, 'price', venue, activity, occurrenceId] as const,
};
