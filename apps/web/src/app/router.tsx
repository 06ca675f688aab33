import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { loadChunk } from '../features/errors/chunk-load.ts';
import { RouteErrorBoundary } from '../features/errors/RouteErrorBoundary.tsx';
import type { RouteHandle } from '../features/shell/use-page-views.ts';
import NotFoundScreen from '../features/errors/NotFoundScreen.tsx';
import AppLayout from './AppLayout.tsx';

/**
 * Each screen is its own lazy chunk (DESIGN.md §6). A chunk that fails to load, or has not
 * arrived after 120 s, becomes a ChunkLoadError and the full-page error offers a reload.
 */
const screen = (load: () => Promise<{ default: ComponentType; loader?: LoaderFunction }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const module = await loadChunk(load);
    // A screen module may export a route loader (the redirect routes decide before rendering).
    return module.loader ? { Component: module.default, loader: module.loader } : { Component: module.default };
  },
});

/** Redirect routes send no page view to the tag manager (spec §4). */
const redirect: { handle: RouteHandle } = { handle: { isRedirect: true } };

const SOURCE = import.meta.env.VITE_SOURCE;

/** Every route of spec §2; React Router ranks static segments above dynamic ones. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, ...screen(() => import('../features/venues/HomeScreen.tsx')) },
      { path: 'redirect-to-selected-venue', ...redirect, ...screen(() => import('../features/venues/redirects/SelectedVenueRedirect.tsx')) },
      { path: 'course-redirect-to-selected-venue', ...redirect, ...screen(() => import('../features/venues/redirects/CourseSelectedVenueRedirect.tsx')) },
      { path: 'register', ...screen(() => import('../features/account/RegisterScreen.tsx')) },
      { path: 'basket', ...screen(() => import('../features/basket/BasketScreen.tsx')) },
      { path: 'basket/checkout', ...screen(() => import('../features/checkout/CheckoutScreen.tsx')) },
      { path: 'booking-confirmed/:completeOrderId', ...screen(() => import('../features/account/BookingConfirmedScreen.tsx')) },
      { path: 'attendees', ...screen(() => import('../features/account/AttendeesScreen.tsx')) },
      { path: 'pricing', ...screen(() => import('../features/account/PricingScreen.tsx')) },
      // Spec §2: a /login page everywhere but the bookings site, which uses the modal.
      ...(SOURCE === 'bookings' ? [] : [{ path: 'login', ...screen(() => import('./LoginPage.tsx')) }]),
      { path: 'location/:venueSlug', ...screen(() => import('../features/catalogue/ChooseActivityScreen.tsx')) },
      { path: 'location/:venueSlug/:activitySlug', ...screen(() => import('../features/catalogue/ChooseSubActivityScreen.tsx')) },
      { path: 'location/:venueSlug/:activitySlug/:dateSlug/:type?/*', ...screen(() => import('../features/timetable/TimeSlotScreen.tsx')) },
      { path: 'courses/location/:venueSlug', ...screen(() => import('../features/catalogue/ChooseCourseScreen.tsx')) },
      { path: 'courses/location/:venueSlug/:activitySlug', ...screen(() => import('../features/catalogue/ChooseCourseScreen.tsx')) },
      { path: 'courses/location/:venueSlug/:activitySlug/:courseSlug', ...screen(() => import('../features/catalogue/CourseDetailsScreen.tsx')) },
      { path: ':venueSlug', ...redirect, ...screen(() => import('../features/venues/redirects/VenueRedirect.tsx')) },
      { path: ':venueSlug/:activitySlug', ...redirect, ...screen(() => import('../features/venues/redirects/ActivityRedirect.tsx')) },
      { path: ':venueSlug/:activitySlug/:dateSlug/:type?', ...redirect, ...screen(() => import('../features/venues/redirects/TimeSlotRedirect.tsx')) },
      // Small, and also needed by the error boundary, so it ships with the shell.
      { path: '*', Component: NotFoundScreen },
    ],
  },
];

export const router = createBrowserRouter(routes);
