/** The operator's theme, with the venue's overrides when there is one. */
export const themeKeys = {
  all: ['theme'] as const,
  forVenue: (venue: string | undefined) => [...themeKeys.all, venue ?? null] as const,
};
