/** The account's bookings, late-cancellation fees and credit (features/my-account). */
export const bookingKeys = {
  all: ['bookings'] as const,
  list: (filter: 'future' | 'past') => [...bookingKeys.all, 'list', filter] as const,
  next: (count: number) => [...bookingKeys.all, 'next', count] as const,
  fees: () => [...bookingKeys.all, 'late-fees'] as const,
  credit: () => [...bookingKeys.all, 'credit'] as const,
};
