/**
 * Which paths the web app has a screen for (spec §2), so the server can answer any other
 * path with a real 404 (the SPA then shows its not-found page). It mirrors the route table
 * in apps/web/src/app/router.tsx: the catch-all redirect routes `/{venue}/{activity}/{date}/{type}`
 * accept any one to four segments, so only deeper paths, paths with a file name, and
 * deeper `courses/…` paths can be told apart here; everything else is left to the client.
 */
const SEGMENT = /^[^.]+$/;

export const isSpaPath = (pathname: string): boolean => {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return true;
  // A file name (favicon.ico, wp-login.php) is never a screen: real files were served already.
  if (!segments.every((segment) => SEGMENT.test(segment))) return false;
  const [first, second] = segments;
  // /location/{venue}/{activity}/{date}/{type?}/* takes any depth below it.
  if (first === 'location') return true;
  // /courses/location/{venue}/{activity?}/{course?}
  if (first === 'courses' && second === 'location') return segments.length <= 5;
  // The membership app's /centre/{venue}/join/{plan}/{step?} (issue 23).
  if (first === 'centre') return segments.length <= 5;
  // Static routes, then /{venue}/{activity}/{date}/{type?}.
  return segments.length <= 4;
};

/**
 * `/basket/` → `/basket`; `null` when there is no trailing slash to remove. Leading slashes
 * collapse to one so `//evil.example/` can never become a protocol-relative redirect.
 */
export const withoutTrailingSlash = (pathname: string): string | null =>
  pathname.length > 1 && pathname.endsWith('/') ? `/${pathname.replace(/^\/+|\/+$/g, '')}` : null;

export type PageLookup = { venueSlug: string; activitySlug?: string; courseSlug?: string };

/** Static routes of the route table, per source (apps/web/src/app/router.tsx). */
const STATIC_ROUTES = ['redirect-to-selected-venue', 'course-redirect-to-selected-venue', 'register', 'basket', 'basket/checkout', 'attendees', 'pricing', 'accessibility', 'kiosk'];
const staticRoutesOf = (source: string): readonly string[] => [
  ...STATIC_ROUTES,
  ...(source === 'bookings' ? [] : ['login']),
  ...(source === 'bookings' || source === 'my-account' ? ['forgotten-password', 'reset-password'] : []),
  ...(source === 'my-account' ? ['dashboard', 'my-details', 'memberships', 'packages', 'bookings', 'guest-passes', 'payments', 'late-fees'] : []),
  ...(source === 'foh' ? ['till', 'till/cash', 'till/roster', 'till/close', 'till/walk-in', 'till/kiosk-takings', 'manage', 'manage/settings', 'manage/import', 'manage/theme'] : []),
];

/**
 * What a page URL names that only the database can confirm: the venue of `/{venue}`,
 * `/location/{venue}`, `/courses/location/{venue}`, plus the activity of the deeper forms and
 * the course of `/courses/location/{venue}/{activity}/{course}`. `null` for a static route
 * (no lookup). Matches the way React Router ranks the routes: static segments first, so
 * `/basket/x` is the redirect route `/{venue}/{activity}` with the venue `basket`.
 * Call it only for paths `isSpaPath` accepts.
 */
export const pageLookup = (pathname: string, source: string): PageLookup | null => {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return null;
  if (staticRoutesOf(source).includes(segments.join('/'))) return null;
  if (segments[0] === 'booking-confirmed' && segments.length === 2) return null;
  // The account site's receipt page, /payments/{orderId}.
  if (source === 'my-account' && segments[0] === 'payments' && segments.length === 2) return null;
  // The till's customer and Z report pages (issue 24): staff screens, no venue in the address.
  if (source === 'foh' && segments[0] === 'till' && segments.length === 3 && ['customers', 'z-report'].includes(segments[1]!)) return null;
  // The operator console (issue 26): a venue's timetable and changes; its screens ask for the venue.
  if (source === 'foh' && segments[0] === 'manage' && segments[1] === 'series' && segments.length === 3) return null;
  if (source === 'foh' && segments[0] === 'manage' && segments[1] === 'venues' && (segments.length === 3 || (segments.length === 4 && ['changes', 'new-series', 'details', 'categories'].includes(segments[3]!)))) return null;
  const [first, second, third, fourth, fifth] = segments;
  // The membership app (issue 23): a centre's plans and its join steps name the venue; a join in
  // progress is the server's to find (its screens ask for it).
  if (source === 'online-joining' && first === 'centre' && second !== undefined) return { venueSlug: second };
  if (source === 'online-joining' && first === 'join') return null;
  if (first === 'location' && second !== undefined) return { venueSlug: second, ...(third === undefined ? {} : { activitySlug: third }) };
  if (first === 'courses' && second === 'location' && third !== undefined) {
    return { venueSlug: third, ...(fourth === undefined ? {} : { activitySlug: fourth }), ...(fifth === undefined ? {} : { courseSlug: fifth }) };
  }
  return { venueSlug: first!, ...(second === undefined ? {} : { activitySlug: second }) };
};
