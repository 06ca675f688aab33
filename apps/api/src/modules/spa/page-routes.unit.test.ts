import { describe, expect, it } from 'vitest';
import { timetableDayEndpoint } from '@app/contract/rules/timetable-day';
import { matchPageRoute } from './page-routes.ts';

// Only parsed and compared, never against the clock: a day and the one before.
const DAY = ['2030', '01', '02'].join('-');
const DAY_BEFORE = ['2030', '01', '01'].join('-');
const DAY_AFTER = ['2030', '01', '03'].join('-');

describe('the route table of server-rendered pages', () => {
  it.each([
    ['/', 'src/features/venues/HomeScreen.tsx', {}],
    ['/location/bury', 'src/features/catalogue/ChooseActivityScreen.tsx', { venueSlug: 'bury' }],
    ['/location/bury/yoga', 'src/app/ActivityRoute.tsx', { venueSlug: 'bury', activitySlug: 'yoga' }],
    [`/location/bury/yoga/${DAY}`, 'src/app/ActivityRoute.tsx', { venueSlug: 'bury', activitySlug: 'yoga', dateSlug: DAY }],
    [`/location/bury/badminton/${DAY}/by-court`, 'src/app/ActivityRoute.tsx', { venueSlug: 'bury', activitySlug: 'badminton', dateSlug: DAY, type: 'by-court' }],
    [`/location/bury/badminton/${DAY}/by-court/x/y`, 'src/app/ActivityRoute.tsx', { venueSlug: 'bury', activitySlug: 'badminton', dateSlug: DAY, type: 'by-court' }],
  ])('%s is %s', (path, screen, params) => {
    const match = matchPageRoute(path);
    expect(match?.route.screen).toBe(screen);
    expect(match?.params).toEqual(params);
  });

  it.each(['/location', '/accessibility', '/bury', `/bury/yoga/${DAY}`, '/pricingx', '/dashboard', '/basket/x'])('%s is not in it', (path) => {
    expect(matchPageRoute(path)).toBeNull();
  });

  it.each([
    ['bookings', '/basket', 'src/features/basket/BasketScreen.tsx', {}],
    ['bookings', '/basket/checkout', 'src/features/checkout/CheckoutScreen.tsx', {}],
    ['bookings', '/booking-confirmed/ORD-1', 'src/features/checkout/BookingConfirmedScreen.tsx', { completeOrderId: 'ORD-1' }],
    ['my-account', '/dashboard', 'src/features/my-account/DashboardScreen.tsx', {}],
    ['my-account', '/payments/12', 'src/features/my-account/ReceiptScreen.tsx', { orderId: '12' }],
  ] as const)("%s's personal screen %s is %s (its frame and skeleton; nothing of the customer's in the page)", async (source, path, screen, params) => {
    const match = matchPageRoute(path, source);
    expect(match?.route.screen).toBe(screen);
    expect(match?.params).toEqual(params);
    expect(await match?.route.data(match.params, { activities: (rest: string) => rest, get: async () => undefined, isLoggedIn: true } as never)).toEqual([]);
  });

  it("a site's table has only its own routes: the account's screens are not the bookings site's, nor its home page the account site's", () => {
    expect(matchPageRoute('/dashboard', 'bookings')).toBeNull();
    expect(matchPageRoute('/', 'my-account')).toBeNull();
    expect(matchPageRoute('/basket', 'my-account')).toBeNull();
  });

  it("a visitor's account screen is the browser's (it sends them to log in); a customer's renders", async () => {
    const { route, params } = matchPageRoute('/dashboard', 'my-account')!;
    const context = (isLoggedIn: boolean) => ({ activities: (rest: string) => rest, get: async () => undefined, isLoggedIn }) as never;
    expect(await route.first?.(params, context(false))).toBe('browser');
    expect(await route.first?.(params, context(true))).toBeNull();
  });
});

describe('an activity without a date (issue 21 and 28): the server picks the day by its clock', () => {
  const { route, params } = matchPageRoute('/location/bury/yoga')!;
  const at = (day: string, time: string) => Date.parse(`${day}T${time}:00Z`);
  // The window: the first day's last class starts at 19:30, the second has none, the third one at 18:00.
  const window = [
    { raw: DAY_BEFORE, today: true, bookable: true, sessions: 3, last_starts_at: `${DAY_BEFORE}T19:30:00.000Z` },
    { raw: DAY, today: false, bookable: true, sessions: 0, last_starts_at: null },
    { raw: DAY_AFTER, today: false, bookable: true, sessions: 2, last_starts_at: `${DAY_AFTER}T18:00:00.000Z` },
  ];
  const answers = (category: Record<string, unknown>): Record<string, unknown> => ({
    'venues/bury': { data: { slug: 'bury', migration_date: null } },
    'venue/bury/categories/yoga': { data: { slug: 'yoga', kind: 'activity', is_root: false, children: [], v1_type: 'class_templates', ...category } },
    'venue/bury/activity-category/yoga/dates': { data: window },
  });
  const context = (now: number, isLoggedIn = false, category: Record<string, unknown> = {}) =>
    ({ activities: (rest: string) => rest, api: (rest: string) => rest, get: async (url: string) => answers(category)[url], isLoggedIn, selectedVenue: null, now }) as const;

  it("a visitor's page carries the window and the day the server picked: today while a class is still to start", async () => {
    expect(await route.first?.(params, context(at(DAY_BEFORE, '08:00')))).toBeNull();
    expect(await route.data(params, context(at(DAY_BEFORE, '08:00')))).toEqual([
      'venues/bury',
      'venue/bury/categories/yoga',
      'venue/bury/activity-category/yoga/dates',
      `venue/bury/activity/yoga/timetable?date=${DAY_BEFORE}`,
    ]);
  });

  it('late in the evening, the first day with something left (not the empty day between)', async () => {
    expect((await route.data(params, context(at(DAY_BEFORE, '21:30')))).at(-1)).toBe(`venue/bury/activity/yoga/timetable?date=${DAY_AFTER}`);
  });

  it("a customer's window is theirs: their page is the browser's, with no day in it", async () => {
    expect(await route.first?.(params, context(at(DAY_BEFORE, '08:00'), true))).toBe('browser');
    expect(await route.data(params, context(at(DAY_BEFORE, '08:00'), true))).toEqual(['venues/bury', 'venue/bury/categories/yoga']);
  });

  it('a parent activity renders its list (no day); a course category is a redirect to its courses', async () => {
    const parent = context(at(DAY_BEFORE, '08:00'), false, { children: [{ slug: 'hatha' }] });
    expect(await route.first?.(params, parent)).toBeNull();
    expect(await route.data(params, parent)).toEqual(['venues/bury', 'venue/bury/categories/yoga']);
    expect(await route.first?.(params, context(at(DAY_BEFORE, '08:00'), false, { kind: 'course' }))).toEqual({ redirect: '/courses/location/bury/yoga' });
  });
});

describe("a timetable day's endpoint (as TimeSlotScreen picks it)", () => {
  const category = { v1_type: null, v2_type: null, allocation_strategy: null, children: [] };
  it.each([
    [{ v1_type: 'class_templates' }, undefined, { path: 'timetable', version: 'v1' }],
    [{ v1_type: 'ad_hoc_templates' }, undefined, { path: 'timetable', version: 'v1' }],
    [{ v2_type: 'classes' }, undefined, { path: 'timetable', version: 'v1' }],
    [{ v1_type: 'fast_ticket_templates' }, undefined, { path: 'times', version: 'v1' }],
    [{ v2_type: 'ticketed' }, undefined, { path: 'times', version: 'v1' }],
    [{ v2_type: 'resources' }, undefined, { path: 'times', version: 'v1' }],
    [{ v2_type: 'resources' }, 'by-court', { path: 'slots', version: 'v1' }],
    [{ v2_type: 'resources', allocation_strategy: 'customer' }, undefined, { path: 'slots', version: 'v1' }],
    [{}, undefined, null],
    [{ v1_type: 'class_templates', children: [{}] }, undefined, null],
  ])('%o %s → %o', (overrides, type, expected) => {
    expect(timetableDayEndpoint({ ...category, ...overrides }, null, DAY, type)).toEqual(expected);
  });

  it('the migration date picks v2 from that day on; a bad date fetches nothing', () => {
    const classes = { ...category, v1_type: 'class_templates' };
    expect(timetableDayEndpoint(classes, DAY, DAY_BEFORE, undefined)?.version).toBe('v1');
    expect(timetableDayEndpoint(classes, DAY, DAY, undefined)?.version).toBe('v2');
    expect(timetableDayEndpoint(classes, null, `${DAY.slice(0, 5)}02-30`, undefined)).toBeNull();
    expect(timetableDayEndpoint(classes, null, 'today', undefined)).toBeNull();
  });
});
