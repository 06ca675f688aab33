/**
 * Which 404s of the bookings site the server renders as the not-found page (spec §2 'Any other
 * path'; docs/performance.md "Public pages: pricing, not found, TBT"). Only those whose screen is
 * that page as soon as the app knows the page does not exist, by apps/web/src/app/router.tsx:
 * - a path no route takes: the catch-all `*` (five or more segments outside `/location/…`,
 *   `/courses/location/…` deeper than a course);
 * - one segment naming no venue: `/{venueSlug}` (VenueRedirect) finds no venue and shows it.
 * Every other 404 has a screen of its own that the browser still renders: `/location/{unknown}`
 * and the course pages say the venue or activity is not there, `/{venue}/{unknown}` shows spec
 * §2's toast and goes home. An address with a file name (favicon.ico, wp-login.php: what robots
 * probe) gets no render, as before: a missing file should cost no render time. Call it only for
 * a path the server answers 404.
 */
export const rendersNotFoundScreen = (pathname: string): boolean => {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.some((segment) => segment.includes('.'))) return false;
  const [first, second] = segments;
  if (first === 'location') return false;
  if (first === 'courses' && second === 'location' && segments.length >= 3) return segments.length > 5;
  return segments.length === 1 || segments.length > 4;
};
