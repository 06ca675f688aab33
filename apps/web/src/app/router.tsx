import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

/** Each screen is its own lazy chunk (DESIGN.md §6). */
const screen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Every route of spec §2, in the order React Router ranks them anyway (static before dynamic). */
export const routes: RouteObject[] = [
  {
    path: '/',
    ...screen(() => import('../features/shell/RootLayout.tsx')),
    children: [
      { index: true, ...screen(() => import('../features/venues/HomeScreen.tsx')) },
      { path: 'redirect-to-selected-venue', ...screen(() => import('../features/venues/redirects/SelectedVenueRedirect.tsx')) },
      { path: 'course-redirect-to-selected-venue', ...screen(() => import('../features/venues/redirects/CourseSelectedVenueRedirect.tsx')) },
      { path: 'location/:venueSlug', ...screen(() => import('../features/catalogue/ChooseActivityScreen.tsx')) },
      { path: 'location/:venueSlug/:activitySlug', ...screen(() => import('../features/catalogue/ChooseSubActivityScreen.tsx')) },
      { path: 'location/:venueSlug/:activitySlug/:dateSlug/:type?/*', ...screen(() => import('../features/timetable/TimeSlotScreen.tsx')) },
      { path: 'courses/location/:venueSlug', ...screen(() => import('../features/catalogue/ChooseCourseScreen.tsx')) },
      { path: 'courses/location/:venueSlug/:activitySlug', ...screen(() => import('../features/catalogue/ChooseCourseScreen.tsx')) },
      { path: 'courses/location/:venueSlug/:activitySlug/:courseSlug', ...screen(() => import('../features/catalogue/CourseDetailsScreen.tsx')) },
      { path: ':venueSlug', ...screen(() => import('../features/venues/redirects/VenueRedirect.tsx')) },
      { path: ':venueSlug/:activitySlug', ...screen(() => import('../features/venues/redirects/ActivityRedirect.tsx')) },
      { path: ':venueSlug/:activitySlug/:dateSlug/:type?', ...screen(() => import('../features/venues/redirects/TimeSlotRedirect.tsx')) },
      { path: '*', ...screen(() => import('../features/errors/NotFoundScreen.tsx')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
