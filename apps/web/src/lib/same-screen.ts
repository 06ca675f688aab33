import type { Location } from 'react-router';

/**
 * A navigation's state key naming the address whose screen it keeps (app/ActivityRoute.tsx): the
 * new address says what the screen already shows (a dateless timetable gets its date), so the
 * screen stays mounted (AppRoutes keys it by that address) and focus stays where it is (not a
 * page change: lib/a11y/route-focus.ts).
 */
export const SAME_SCREEN = 'sameScreenAs';

/** The address whose screen `location` keeps (its navigation said so), or null. */
export const keptScreenOf = (location: Pick<Location, 'state'>): string | null => {
  const kept = (location.state as Record<string, unknown> | null | undefined)?.[SAME_SCREEN];
  return typeof kept === 'string' ? kept : null;
};
