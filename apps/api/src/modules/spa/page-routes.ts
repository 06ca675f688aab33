import type { Source } from '@app/contract/rules/sources';
import { firstDayToOpen, type DayOfWindow } from '@app/contract/rules/first-day';
import { timetableDayEndpoint, type TimetableCategory } from '@app/contract/rules/timetable-day';

/**
 * The public pages of the bookings site the server renders (docs/performance.md "Server rendering
 * of every public page"): for each route shape of apps/web/src/app/router.tsx, the screen's chunk
 * (its key in the Vite manifest, for the preload hints), the translation namespaces its first
 * render reads, and the public API answers its first render asks for, as the exact URLs the web
 * app's queries build (the page carries them; the app's queries take them as initial data, so it
 * hydrates without fetching them again). Only public data: an answer that differs for a logged-in
 * viewer is left out for them, and the screen renders its skeleton at its final size instead.
 */
export type RouteContext = {
  /** `{activitiesBase}/{path}`. */
  activities: (path: string) => string;
  /** `{apiBase}/{path}`. */
  api: (path: string) => string;
  /** The answer's JSON body (fetched once per page; undefined when it is not a 200). */
  get: (url: string) => Promise<unknown>;
  /** The request carries the readable logged-in cookie of its source. */
  isLoggedIn: boolean;
  /** The remembered venue's slug (the `selected_venue` cookie, web lib/selected-venue.ts), or null. */
  selectedVenue: string | null;
  /** The server's clock to the minute for this page (ms; the page carries it, page-data.ts). */
  now: number;
};

export type PageRoute = {
  /** React Router path: `:name` a segment, `:name?` an optional one, a final `*` anything deeper. */
  path: string;
  /** The sites (spec §1 sources) whose router has the route, each with its own server bundle; bookings when absent. */
  sources?: readonly Source[];
  /** The screen's module as the Vite manifest names it. */
  screen: string;
  /** Translation namespaces besides `common`. */
  namespaces: readonly string[];
  /** The API answers the first render needs. */
  data: (params: Record<string, string | undefined>, context: RouteContext) => Promise<string[]> | string[];
  /**
   * What the screen does at once instead of rendering, decided on the server: `redirect` where
   * its `<Navigate replace>` would go (the page answers with a redirect there), or `browser` when
   * only the browser can decide (the page is not server-rendered; it still carries its data).
   * Null, or no `first`: the screen renders.
   */
  first?: (params: Record<string, string | undefined>, context: RouteContext) => Promise<{ redirect: string } | 'browser' | null>;
};

const enc = encodeURIComponent;

const venueAndCategories = ({ venueSlug = '' }: Record<string, string | undefined>, { activities }: RouteContext) => [
  activities(`venues/${enc(venueSlug)}`),
  activities(`venue/${enc(venueSlug)}/categories`),
];

const dataOf = (body: unknown): Record<string, unknown> | undefined =>
  body && typeof body === 'object' && 'data' in body ? ((body as { data: unknown }).data as Record<string, unknown>) : undefined;

/** A leaf activity (no further choice): the screen goes straight to its timetable. */
const isSubActivity = (category: Record<string, unknown> | undefined) =>
  !!category && category.kind !== 'course' && !category.is_root && Array.isArray(category.children) && category.children.length === 0;

/**
 * A personal screen's routes: no API answer in the page (nothing tied to a login is ever in a
 * page), only translations. `needsLogin`: a visitor's page is left to the browser.
 */
const personal = (
  sources: readonly Source[],
  screen: string,
  namespaces: readonly string[],
  paths: readonly string[],
  { needsLogin = false } = {},
): PageRoute[] =>
  paths.map((path) => ({
    path,
    sources,
    screen,
    namespaces,
    data: () => [],
    ...(needsLogin ? { first: async (_: unknown, { isLoggedIn }: RouteContext) => (isLoggedIn ? null : ('browser' as const)) } : {}),
  }));

/** The module both activity addresses render (with and without a date), as the Vite manifest names it. */
const ACTIVITY_SCREEN = 'src/app/ActivityRoute.tsx';

/** The dates endpoint's answer as the first-day rule reads it (an unreadable answer is an empty window). */
const windowOf = (body: unknown): DayOfWindow[] => {
  const list = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(list)) return [];
  return list.flatMap((date: Record<string, unknown>) =>
    typeof date?.raw === 'string'
      ? [
          {
            raw: date.raw,
            today: date.today === true,
            bookable: date.bookable === true,
            sessions: typeof date.sessions === 'number' ? date.sessions : 0,
            lastStartsAt: typeof date.last_starts_at === 'string' ? date.last_starts_at : null,
          },
        ]
      : [],
  );
};

/**
 * The timetable of one day: the venue, the category (what is booked), the booking window, and a
 * visitor's day, from the endpoint the category and date pick.
 */
const timetableOfDay: PageRoute['data'] = async ({ venueSlug = '', activitySlug = '', dateSlug = '', type }, { activities, get, isLoggedIn }) => {
  const [venue, activity] = [enc(venueSlug), enc(activitySlug)];
  // lib/venues.ts asks for `venues/{slug}` unencoded; a slug is [a-z0-9-], the same either way.
  const venueUrl = activities(`venues/${venue}`);
  const categoryUrl = activities(`venue/${venue}/categories/${activity}`);
  // A logged-in viewer's window (more days) and day (their own actions: Booked, Remove) are
  // theirs: not in a page; the date strip and the list render their skeletons.
  if (isLoggedIn) return [venueUrl, categoryUrl];
  const urls = [venueUrl, categoryUrl, activities(`venue/${venue}/activity-category/${activity}/dates`)];
  const [venueBody, categoryBody] = await Promise.all([get(venueUrl), get(categoryUrl)]);
  const category = dataOf(categoryBody) as TimetableCategory | undefined;
  if (!category || !Array.isArray(category.children)) return urls;
  const endpoint = timetableDayEndpoint(category, dataOf(venueBody)?.migration_date as string | null | undefined, dateSlug, type);
  if (!endpoint) return urls;
  const version = endpoint.version === 'v2' ? 'v2/' : '';
  return [...urls, activities(`venue/${venue}/activity/${activity}/${version}${endpoint.path}?${new URLSearchParams({ date: dateSlug })}`)];
};

export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    screen: 'src/features/venues/HomeScreen.tsx',
    namespaces: ['catalogue'],
    data: (_, { activities }) => [activities('venues')],
  },
  {
    // Membership pricing (PricingScreen): for a visitor, the remembered venue's activities and the
    // classes of the first one (its first bookable day's timetable, as useCategoryActivities asks).
    // A logged-in viewer's venue may be their home venue and what they see depends on their
    // membership: their page carries nothing, and the screen renders its skeleton.
    path: '/pricing',
    screen: 'src/features/memberships/PricingScreen.tsx',
    namespaces: ['checkout'],
    data: async (_, { activities, get, isLoggedIn, selectedVenue }) => {
      if (isLoggedIn || !selectedVenue) return [];
      const venue = enc(selectedVenue);
      const categoriesUrl = activities(`venue/${venue}/categories`);
      const list = (await get(categoriesUrl)) as { data?: { slug?: string; has_children?: boolean }[] } | undefined;
      const categories = Array.isArray(list?.data) ? list.data : [];
      const leaves = categories.filter((category) => !category.has_children);
      const first = (leaves.length > 0 ? leaves : categories)[0]?.slug;
      if (!first) return [categoriesUrl];
      const datesUrl = activities(`venue/${venue}/activity-category/${enc(first)}/dates`);
      const dates = (await get(datesUrl)) as { data?: { raw?: string; bookable?: boolean }[] } | undefined;
      const day = (Array.isArray(dates?.data) ? (dates.data.find((date) => date.bookable) ?? dates.data[0]) : undefined)?.raw;
      if (!day) return [categoriesUrl, datesUrl];
      return [categoriesUrl, datesUrl, activities(`venue/${venue}/activity/${enc(first)}/v2/timetable?${new URLSearchParams({ date: day })}`)];
    },
  },
  {
    path: '/location/:venueSlug',
    screen: 'src/features/catalogue/ChooseActivityScreen.tsx',
    namespaces: ['catalogue'],
    data: venueAndCategories,
  },
  {
    // The timetable of one day (TimeSlotScreen, through app/ActivityRoute.tsx): the venue, the
    // category (what is booked), the booking window, and a visitor's day, from the endpoint the
    // category and date pick.
    path: '/location/:venueSlug/:activitySlug/:dateSlug/:type?/*',
    screen: ACTIVITY_SCREEN,
    namespaces: ['timetable', 'basket'],
    data: timetableOfDay,
  },
  {
    // Courses of a venue (ChooseCourseScreen): its course categories for the filter, the courses.
    path: '/courses/location/:venueSlug',
    screen: 'src/features/catalogue/ChooseCourseScreen.tsx',
    namespaces: ['catalogue'],
    data: (params, context) => [...venueAndCategories(params, context), context.activities(`venue/${enc(params.venueSlug ?? '')}/courses`)],
  },
  {
    path: '/courses/location/:venueSlug/:activitySlug',
    screen: 'src/features/catalogue/ChooseCourseScreen.tsx',
    namespaces: ['catalogue'],
    data: (params, context) => [
      ...venueAndCategories(params, context),
      context.activities(`venue/${enc(params.venueSlug ?? '')}/courses?${new URLSearchParams({ category: params.activitySlug ?? '' })}`),
    ],
  },
  {
    // A course (CourseDetailsScreen): the course, then its sessions and places (public: the same
    // for every viewer; who of the account it is for is a logged-in customer's, not in the page).
    path: '/courses/location/:venueSlug/:activitySlug/:courseSlug',
    screen: 'src/features/catalogue/CourseDetailsScreen.tsx',
    namespaces: ['catalogue'],
    data: async ({ venueSlug = '', activitySlug = '', courseSlug = '' }, { activities, get }) => {
      const courseUrl = activities(`venue/${enc(venueSlug)}/courses/${enc(activitySlug)}/${enc(courseSlug)}`);
      const urls = [activities(`venues/${enc(venueSlug)}`), courseUrl];
      const id = dataOf(await get(courseUrl))?.id;
      return typeof id === 'number' ? [...urls, activities(`courses/${id}/availability`)] : urls;
    },
  },
  {
    // An activity without a date (app/ActivityRoute.tsx): a parent lists its sub-activities; a
    // course category goes to its courses (the server sends that redirect itself). A sub-activity
    // opens on the first day with something left (issue 21): for a visitor the server picks it by
    // its own clock and renders that day's timetable here, with the window and the day in the
    // page; the browser checks the day by its own clock once it is live, then puts the date in the
    // address (the journey timetable/day-choice.spec.ts pins a different clock). A logged-in
    // customer's window is theirs (not in a page): their page stays the browser's.
    path: '/location/:venueSlug/:activitySlug',
    screen: ACTIVITY_SCREEN,
    namespaces: ['catalogue', 'timetable', 'basket'],
    data: async (params, context) => {
      const { venueSlug = '', activitySlug = '' } = params;
      const { activities, get, isLoggedIn, now } = context;
      const categoryUrl = activities(`venue/${enc(venueSlug)}/categories/${enc(activitySlug)}`);
      const urls = [activities(`venues/${enc(venueSlug)}`), categoryUrl];
      if (isLoggedIn || !isSubActivity(dataOf(await get(categoryUrl)))) return urls;
      const datesUrl = activities(`venue/${enc(venueSlug)}/activity-category/${enc(activitySlug)}/dates`);
      const day = firstDayToOpen(windowOf(await get(datesUrl)), now);
      return day ? timetableOfDay({ ...params, dateSlug: day }, context) : [...urls, datesUrl];
    },
    first: async ({ venueSlug = '', activitySlug = '' }, { activities, get, isLoggedIn }) => {
      const category = dataOf(await get(activities(`venue/${enc(venueSlug)}/categories/${enc(activitySlug)}`)));
      if (category?.kind === 'course') return { redirect: `/courses/location/${enc(venueSlug)}/${enc(activitySlug)}` };
      return isLoggedIn && isSubActivity(category) ? 'browser' : null;
    },
  },
  // Personal screens (docs/performance.md "Personal screens (issue 28, session 12)"): the page
  // carries nothing but their translations. The server renders the frame, heading and the
  // screen's skeleton at its content's size; the screen fetches its data as before. A visitor
  // gets what the screen shows them (the basket's empty state, checkout's Log in).
  ...personal(['bookings'], 'src/features/basket/BasketScreen.tsx', ['basket', 'timetable'], ['/basket']),
  ...personal(['bookings'], 'src/features/checkout/CheckoutScreen.tsx', ['checkout', 'basket'], ['/basket/checkout']),
  ...personal(['bookings'], 'src/features/checkout/AttendeesScreen.tsx', ['checkout'], ['/attendees']),
  ...personal(['bookings'], 'src/features/checkout/BookingConfirmedScreen.tsx', ['checkout'], ['/booking-confirmed/:completeOrderId']),
  // The account site's screens need a login (RequireLogin): a visitor's page is the browser's,
  // which sends them to /login as before.
  ...[
    ['dashboard', 'DashboardScreen'],
    ['my-details', 'MyDetailsScreen'],
    ['bookings', 'BookingsScreen'],
    ['memberships', 'MembershipsScreen'],
    ['packages', 'PackagesScreen'],
    ['guest-passes', 'GuestPassesScreen'],
    ['payments', 'PaymentsScreen'],
    ['payments/:orderId', 'ReceiptScreen'],
    ['late-fees', 'LateFeesScreen'],
  ].flatMap(([path, screen]) =>
    personal(['my-account'], `src/features/my-account/${screen}.tsx`, ['my-account', 'holdings', 'account'], [`/${path}`], { needsLogin: true }),
  ),
  // The membership app's public pages (issue 23/28; docs/online-joining-screens.md): the centres
  // that sell online, and a centre's plans, with the public answers their first render reads (the
  // venue as `venues/online-joining/{slug}` asks for it, and the plans).
  {
    path: '/',
    sources: ['online-joining'],
    screen: 'src/features/joining/JoinHomeScreen.tsx',
    namespaces: ['joining'],
    data: (_, { activities }) => [activities('venues')],
  },
  {
    path: '/centre/:venueSlug',
    sources: ['online-joining'],
    screen: 'src/features/joining/PlansScreen.tsx',
    namespaces: ['joining'],
    data: ({ venueSlug = '' }, { activities, api }) => [activities(`venues/online-joining/${enc(venueSlug)}`), api(`online-joining/venues/${enc(venueSlug)}/plans`)],
  },
];

/**
 * The not-found page (spec §2 'Any other path'), rendered on the server for a 404 whose screen
 * would be that page at once (not-found-page.ts): the shell and NotFoundScreen, whose text is in
 * `common`; the page carries nothing else.
 */
export const NOT_FOUND_ROUTE: PageRoute = {
  path: '*',
  screen: 'src/features/errors/NotFoundScreen.tsx',
  namespaces: [],
  data: () => [],
};

/**
 * The route a path is, with its parameters, or null. The paths above start with static segments
 * that no static route of the table shares, so the first match is React Router's match too.
 */
export const matchPageRoute = (
  pathname: string,
  source: Source = 'bookings',
): { route: PageRoute; params: Record<string, string | undefined> } | null => {
  const segments = pathname.split('/').filter(Boolean);
  for (const route of PAGE_ROUTES) {
    if (!(route.sources ?? ['bookings']).includes(source)) continue;
    const pattern = route.path.split('/').filter(Boolean);
    const params: Record<string, string | undefined> = {};
    let i = 0;
    let matched = true;
    for (const part of pattern) {
      if (part === '*') {
        i = segments.length;
        break;
      }
      const segment = segments[i];
      if (part.startsWith(':')) {
        const optional = part.endsWith('?');
        if (segment === undefined) {
          if (optional) continue;
          matched = false;
          break;
        }
        params[part.slice(1).replace(/\?$/, '')] = segment;
      } else if (segment !== part) {
        matched = false;
        break;
      }
      i += 1;
    }
    if (matched && i === segments.length) return { route, params };
  }
  return null;
};
