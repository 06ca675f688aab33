/** The venue's footer block. */
export const footerKeys = {
  all: ['venue-footer'] as const,
  forVenue: (venue: string) => [...footerKeys.all, venue] as const,
};
