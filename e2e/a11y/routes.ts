import { venueToday } from '../support/dates.ts';

/** The timetable routes show today's classes: the first bookable day, whatever the clock says. */
const TODAY = venueToday();

/**
 * One real address per route of apps/web/src/app/router.tsx (demo slugs for the parameters),
 * with the <h1> each shows. New routes go here, and every a11y spec checks them.
 */
export const BOOKINGS_ROUTES = [
  ['/', 'Find your venue and book in minutes'],
  ['/register', 'Sign up'],
  ['/forgotten-password', 'Forgotten password'],
  ['/reset-password?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'Choose a new password'],
  ['/basket', 'Shopping basket'],
  ['/basket/checkout', 'Checkout'],
  ['/booking-confirmed/1', "We couldn't find that order"],
  ['/attendees', 'Attendees'],
  ['/pricing', 'Membership pricing'],
  ['/accessibility', 'Accessibility statement'],
  // The self-service kiosk's home (issue 24, docs/kiosk.md); with no centre it welcomes without a venue name.
  ['/kiosk', 'Welcome'],
  ['/location/bury-leisure-centre', 'What would you like to do?'],
  ['/location/bury-leisure-centre/racket-sports', 'Racket Sports'],
  [`/location/bury-leisure-centre/swimming/${TODAY}`, 'Swimming'],
  [`/location/bury-leisure-centre/yoga/${TODAY}`, 'Yoga'],
  [`/location/bury-leisure-centre/badminton/${TODAY}/by-court`, 'Badminton'],
  [`/location/bury-leisure-centre/public-swim/${TODAY}`, 'Public Swim'],
  ['/courses/location/bury-leisure-centre', 'Courses at Bury Leisure Centre'],
  ['/courses/location/bury-leisure-centre/swimming-lessons', 'Swimming Lessons'],
  ['/courses/location/bury-leisure-centre/swimming-lessons/learn-to-swim-stage-1', 'Learn to Swim Stage 1'],
  ['/location/atlantis-lido', "We couldn't find that venue"],
  ['/no/such/page/here/at-all', "Whoops! Looks like you've gone offside."],
] as const;

/** The account site's routes behind login. */
export const ACCOUNT_ROUTES = [
  ['/login', 'Log in'],
  ['/dashboard', 'Dashboard'],
  ['/my-details', 'My details'],
  ['/memberships', 'Memberships'],
  ['/packages', 'Packages'],
  ['/bookings', 'Bookings'],
  ['/guest-passes', 'Guest passes'],
  ['/payments', 'Payments'],
  // A receipt of an order that is not the customer's: the page says so (docs/account-holdings.md).
  ['/payments/00000000-0000-4000-8000-000000000000', 'Receipt'],
  // The demo customer owes no fee: the page says there is nothing to pay (e2e/account/late-fees.spec.ts shows the form).
  ['/late-fees', 'Pay late-cancellation fees'],
] as const;

export const accountSite = (baseURL: string, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = 'my-account.localhost';
  return url.toString();
};

/**
 * The other sources' routes (issue 27: every route of every source), each source's screens of
 * apps/web/src/app/router.tsx. `{planId}`, `{customerId}`, `{templateId}` stand for the demo data's ids, found
 * when the test runs (e2e/language/untranslated.spec.ts). Addresses with ids that match nothing
 * show the screen's "not found" state.
 */
export const JOINING_ROUTES = [
  '/',
  '/login',
  '/centre/bury-leisure-centre',
  '/centre/bury-leisure-centre/join/{planId}',
  '/join/direct-debit/no-such-link',
  '/join/00000000-0000-4000-8000-000000000000/confirmation',
  '/join/00000000-0000-4000-8000-000000000000/agreement',
  '/join/00000000-0000-4000-8000-000000000000/details',
] as const;

/** The till's screens (staff on the foh source); no till is open, so each shows what it shows then. */
export const TILL_ROUTES = [
  '/till',
  '/till/customers/{customerId}',
  '/till/walk-in',
  '/till/cash',
  '/till/roster',
  '/till/close',
  '/till/z-report/0',
  '/till/kiosk-takings',
] as const;

/** The operator console (the demo manager on the foh source); a small venue's day (26 sessions) keeps the page short. */
export const MANAGE_ROUTES = [
  '/manage',
  '/manage/venues/prestwich-fitness-centre',
  '/manage/venues/prestwich-fitness-centre/changes',
  '/manage/venues/prestwich-fitness-centre/new-series',
  '/manage/venues/prestwich-fitness-centre/details',
  '/manage/venues/prestwich-fitness-centre/categories',
  '/manage/settings',
  '/manage/import',
  '/manage/theme',
  '/manage/series/{templateId}',
] as const;

/** The self-service kiosk's home with its centre (docs/kiosk.md "The address"). */
export const KIOSK_ROUTES = ['/kiosk?kiosk=true&centre=bury-leisure-centre'] as const;
