/**
 * The pages `bench/lighthouse` measures, in one place (issue 28): every page of the table,
 * a course's details, checkout and the account dashboard logged in, and the static comparator.
 * `login` names the site whose session the run carries (the demo customer, logged in through the
 * API before the page's runs). The not-found page is not in it: Lighthouse refuses a page that
 * answers 404. Dates come from the clock: tomorrow at the venue, a day that is in
 * the booking window with its classes still to come.
 */
export type BenchPage = { name: string; path: string; login?: 'bookings' | 'my-account' };

const venueDay = (offsetDays: number) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
};

export const BENCH_PAGES: readonly BenchPage[] = [
  { name: 'home', path: '/' },
  { name: 'venue', path: '/location/bury-leisure-centre' },
  { name: 'timetable', path: `/location/bury-leisure-centre/yoga/${venueDay(1)}` },
  { name: 'timetable-today', path: '/location/bury-leisure-centre/yoga' },
  { name: 'courses', path: '/courses/location/bury-leisure-centre' },
  { name: 'course-category', path: '/courses/location/bury-leisure-centre/swimming-lessons' },
  { name: 'course-details', path: '/courses/location/bury-leisure-centre/swimming-lessons/learn-to-swim-stage-1' },
  // A first visit (no remembered venue): the frame and "Choose your venue".
  { name: 'pricing', path: '/pricing' },
  { name: 'basket', path: '/basket' },
  { name: 'checkout', path: '/basket/checkout', login: 'bookings' },
  { name: 'dashboard', path: '/_/my-account/dashboard', login: 'my-account' },
  { name: 'comparator (static page)', path: '/lighthouse-comparator.html' },
];
