/** A fair release (issue 25): a venue's day release (public) and the customer's requests. */
export const releaseKeys = {
  all: ['releases'] as const,
  /** The public release of a venue's date: when, its committed hash, its seed once drawn. */
  day: (venueSlug: string, date: string) => [...releaseKeys.all, 'day', venueSlug, date] as const,
  /** The logged-in customer's requests (every release). */
  requests: () => [...releaseKeys.all, 'requests'] as const,
};
