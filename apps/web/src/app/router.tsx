import { lazy, useMemo, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { loadChunk } from '../features/errors/chunk-load.ts';
import { RouteErrorBoundary } from '../features/errors/RouteErrorBoundary.tsx';
import NotFoundScreen from '../features/errors/NotFoundScreen.tsx';
import { isNotFoundPage } from '../lib/page-data.ts';
import { keptScreenOf } from '../lib/same-screen.ts';
import { screenRendered, trackScreenLoad } from '../lib/page-meta.ts';
import { RouteInfoContext, type RouteInfo } from '../lib/route-info.ts';
import AppLayout from './AppLayout.tsx';

/**
 * Each screen is its own lazy chunk (DESIGN.md §6). A chunk that fails to load, or has not
 * arrived after 120 s, becomes a ChunkLoadError and the full-page error offers a reload.
 *
 * Declarative routes (`useRoutes`), not the data router: the data router adds about 17 KB
 * gzipped to the first download and the home route's budget is 125 KB (docs/performance.md).
 */
const screen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element'> => {
  const Screen = lazy(() => trackScreenLoad(loadChunk(load)).then(({ default: Loaded }) => ({ default: rendered(Loaded) })));
  return { element: <Screen /> };
};

/** The screen, then (server render) the sign that it has rendered, for the shell's breadcrumb slot (lib/page-meta.ts). */
const rendered = (Loaded: ComponentType) => {
  const Rendered = () => {
    screenRendered({ always: true });
    return null;
  };
  const WithRendered = () => (
    <>
      <Loaded />
      <Rendered />
    </>
  );
  return WithRendered;
};

/** `hasNoTrail`: the screen never shows breadcrumbs (spec §2 names none for the account's screens), so the shell keeps no space for them. */
type RouteHandle = { isRedirect?: boolean; hasNoTrail?: boolean };

/** Redirect routes send no page view to the tag manager (spec §4). */
const redirect: { handle: RouteHandle } = { handle: { isRedirect: true } };

const SOURCE = import.meta.env.VITE_SOURCE;

// A function, so builds of other sources drop it (and its lazy screens) entirely.
const accountRoutes = (): RouteObject[] => {
  return [
    { path: 'dashboard', ...screen(() => import('../features/my-account/DashboardScreen.tsx')) },
    { path: 'my-details', ...screen(() => import('../features/my-account/MyDetailsScreen.tsx')) },
    { path: 'bookings', ...screen(() => import('../features/my-account/BookingsScreen.tsx')) },
    { path: 'memberships', ...screen(() => import('../features/my-account/MembershipsScreen.tsx')) },
    { path: 'packages', ...screen(() => import('../features/my-account/PackagesScreen.tsx')) },
    { path: 'guest-passes', ...screen(() => import('../features/my-account/GuestPassesScreen.tsx')) },
    { path: 'payments', ...screen(() => import('../features/my-account/PaymentsScreen.tsx')) },
    { path: 'payments/:orderId', ...screen(() => import('../features/my-account/ReceiptScreen.tsx')) },
    { path: 'late-fees', ...screen(() => import('../features/my-account/LateFeesScreen.tsx')) },
  ].map((route) => ({ ...route, handle: { hasNoTrail: true } satisfies RouteHandle }));
};

// The membership app (issue 23, docs/online-joining-screens.md): plans, the join's steps, confirmation.
const joiningRoutes = (): RouteObject[] => [
  { path: 'centre/:venueSlug', ...screen(() => import('../features/joining/PlansScreen.tsx')) },
  { path: 'centre/:venueSlug/join/:planId/:step?', ...screen(() => import('../features/joining/JoinScreen.tsx')) },
  // A till sale's Direct Debit by the emailed link (issue 24): ranks above join/:joinId/:step.
  { path: 'join/direct-debit/:token', ...screen(() => import('../features/joining/MandateLinkScreen.tsx')) },
  { path: 'join/:joinId/confirmation', ...screen(() => import('../features/joining/JoinedScreen.tsx')) },
  { path: 'join/:joinId/agreement', ...screen(() => import('../features/joining/AgreementScreen.tsx')) },
  { path: 'join/:joinId/:step', ...screen(() => import('../features/joining/JoinFlowScreen.tsx')) },
];

// The till (issue 24, docs/front-of-house-screens.md): staff only, on the foh source.
const tillRoutes = (): RouteObject[] =>
  [
    { path: 'till', ...screen(() => import('../features/foh/TillScreen.tsx')) },
    { path: 'till/customers/:accountUserId', ...screen(() => import('../features/foh/CustomerScreen.tsx')) },
    { path: 'till/walk-in', ...screen(() => import('../features/foh/walk-in/WalkInScreen.tsx')) },
    { path: 'till/cash', ...screen(() => import('../features/foh/CashScreen.tsx')) },
    { path: 'till/roster', ...screen(() => import('../features/foh/attendance/RosterScreen.tsx')) },
    { path: 'till/close', ...screen(() => import('../features/foh/CloseTillScreen.tsx')) },
    { path: 'till/z-report/:sessionId', ...screen(() => import('../features/foh/ZReportScreen.tsx')) },
    { path: 'till/kiosk-takings', ...screen(() => import('../features/foh/kiosk-takings/KioskTakingsScreen.tsx')) },
  ].map((route) => ({ ...route, handle: { hasNoTrail: true } satisfies RouteHandle }));

// The operator console (issue 26, docs/operator-tools.md): managers only, on the foh source.
const manageRoutes = (): RouteObject[] =>
  [
    { path: 'manage', ...screen(() => import('../features/manage/ManageHomeScreen.tsx')) },
    { path: 'manage/venues/:venueSlug', ...screen(() => import('../features/manage/ManageDayScreen.tsx')) },
    { path: 'manage/venues/:venueSlug/changes', ...screen(() => import('../features/manage/ManageChangesScreen.tsx')) },
    { path: 'manage/venues/:venueSlug/new-series', ...screen(() => import('../features/manage/NewSeriesScreen.tsx')) },
    { path: 'manage/venues/:venueSlug/details', ...screen(() => import('../features/manage/VenueSettingsScreen.tsx')) },
    { path: 'manage/venues/:venueSlug/categories', ...screen(() => import('../features/manage/CategoriesScreen.tsx')) },
    { path: 'manage/settings', ...screen(() => import('../features/manage/ManageSettingsScreen.tsx')) },
    { path: 'manage/import', ...screen(() => import('../features/manage/ImportScreen.tsx')) },
    { path: 'manage/theme', ...screen(() => import('../features/manage/ThemeScreen.tsx')) },
    { path: 'manage/series/:templateId', ...screen(() => import('../features/manage/SeriesEditScreen.tsx')) },
  ].map((route) => ({ ...route, handle: { hasNoTrail: true } satisfies RouteHandle }));

/** An activity's addresses, with and without a date: one element, so the two reconcile. */
const activityScreen = screen(() => import('./ActivityRoute.tsx'));

/** Every route of spec §2; React Router ranks static segments above dynamic ones. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      SOURCE === 'online-joining'
        ? { index: true, ...screen(() => import('../features/joining/JoinHomeScreen.tsx')) }
        : { index: true, ...screen(() => import('../features/venues/HomeScreen.tsx')) },
      ...(SOURCE === 'online-joining' ? joiningRoutes() : []),
      ...(SOURCE === 'foh' ? tillRoutes() : []),
      ...(SOURCE === 'foh' ? manageRoutes() : []),
      { path: 'redirect-to-selected-venue', ...redirect, ...screen(() => import('../features/venues/redirects/SelectedVenueRedirect.tsx')) },
      { path: 'course-redirect-to-selected-venue', ...redirect, ...screen(() => import('../features/venues/redirects/CourseSelectedVenueRedirect.tsx')) },
      { path: 'register', ...screen(() => import('../features/my-account/RegisterScreen.tsx')) },
      // Password reset from the emailed link: on the bookings and account sites (docs/account.md).
      ...(SOURCE === 'bookings' || SOURCE === 'my-account'
        ? [
            { path: 'forgotten-password', ...screen(() => import('../features/my-account/ForgottenPasswordScreen.tsx')) },
            { path: 'reset-password', ...screen(() => import('../features/my-account/ResetPasswordScreen.tsx')) },
          ]
        : []),
      { path: 'basket', ...screen(() => import('../features/basket/BasketScreen.tsx')) },
      { path: 'basket/checkout', ...screen(() => import('../features/checkout/CheckoutScreen.tsx')) },
      { path: 'booking-confirmed/:completeOrderId', ...screen(() => import('../features/checkout/BookingConfirmedScreen.tsx')) },
      { path: 'attendees', ...screen(() => import('../features/checkout/AttendeesScreen.tsx')) },
      { path: 'pricing', ...screen(() => import('../features/memberships/PricingScreen.tsx')) },
      { path: 'accessibility', ...screen(() => import('../features/accessibility/AccessibilityStatementScreen.tsx')) },
      // The self-service kiosk's home (issue 24, docs/kiosk.md): `/kiosk?kiosk=true&centre={venue}`.
      { path: 'kiosk', handle: { hasNoTrail: true } satisfies RouteHandle, ...screen(() => import('../features/kiosk/KioskScreen.tsx')) },
      // Spec §2: a /login page everywhere but the bookings site, which uses the modal.
      ...(SOURCE === 'bookings' ? [] : [{ path: 'login', ...screen(() => import('../features/auth/LoginPage.tsx')) }]),
      // Spec §2 account sub-navigation: its screens live on the account site.
      ...(SOURCE === 'my-account' ? accountRoutes() : []),
      { path: 'location/:venueSlug', ...screen(() => import('../features/catalogue/ChooseActivityScreen.tsx')) },
      // One screen for both (ActivityRoute.tsx): a dateless timetable gets its date without being drawn again.
      { path: 'location/:venueSlug/:activitySlug', ...activityScreen },
      { path: 'location/:venueSlug/:activitySlug/:dateSlug/:type?/*', ...activityScreen },
      { path: 'courses/location/:venueSlug', ...screen(() => import('../features/catalogue/ChooseCourseScreen.tsx')) },
      { path: 'courses/location/:venueSlug/:activitySlug', ...screen(() => import('../features/catalogue/ChooseCourseScreen.tsx')) },
      { path: 'courses/location/:venueSlug/:activitySlug/:courseSlug', ...screen(() => import('../features/catalogue/CourseDetailsScreen.tsx')) },
      { path: ':venueSlug', ...redirect, ...screen(() => import('../features/venues/redirects/VenueRedirect.tsx')) },
      { path: ':venueSlug/:activitySlug', ...redirect, ...screen(() => import('../features/catalogue/redirects/ActivityRedirect.tsx')) },
      { path: ':venueSlug/:activitySlug/:dateSlug/:type?', ...redirect, ...screen(() => import('../features/venues/redirects/TimeSlotRedirect.tsx')) },
      // Small, and also needed by the error boundary, so it ships with the shell.
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

/**
 * A 404 the server sent as the not-found page (lib/page-data.ts isNotFoundPage): the shell and
 * that page at once, as the server rendered them, with no venue of the address (its theme and
 * footer are the remembered venue's, as in the page), instead of finding out again.
 */
const notFoundRoutes: RouteObject[] = [{ path: '/', element: <AppLayout />, children: [{ path: '*', element: <NotFoundScreen /> }] }];

/** The routes for the current URL, with what the shell needs to know about the match. */
export const AppRoutes = () => {
  const location = useLocation();
  const table = isNotFoundPage(location.pathname) ? notFoundRoutes : routes;
  const element = useRoutes(table, location);
  const info = useMemo<RouteInfo>(() => {
    const matches = matchRoutes(table, location) ?? [];
    const isRedirect = matches.some((match) => (match.route.handle as RouteHandle | undefined)?.isRedirect);
    const last = matches.at(-1)?.route;
    return {
      isRedirect,
      venueSlug: matches.at(-1)?.params.venueSlug,
      expectsTrail: !isRedirect && !!last && !last.index && last.path !== '*' && last.path !== '/' && !(last.handle as RouteHandle | undefined)?.hasNoTrail,
    };
  }, [table, location]);
  return (
    <RouteInfoContext.Provider value={info}>
      {/* A navigation that keeps its screen (lib/same-screen.ts) keeps the key, so nothing remounts. */}
      <RouteErrorBoundary key={keptScreenOf(location) ?? location.pathname}>{element}</RouteErrorBoundary>
    </RouteInfoContext.Provider>
  );
};
