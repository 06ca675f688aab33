import { describe, expect, it } from 'vitest';
import { timetableDayEndpoint } from '@app/contract/rules/timetable-day';
import { matchPageRoute } from './page-routes.ts';

// Only parsed and compared, never against the clock: a day and the one before.
const DAY = ['2030', '01', '02'].join('-');
const DAY_BEFORE = ['2030', '01', '01'].join('-');

describe('the route table of server-rendered pages', () => {
  it.each([
    ['/', 'src/features/venues/HomeScreen.tsx', {}],
    ['/location/bury', 'src/features/catalogue/ChooseActivityScreen.tsx', { venueSlug: 'bury' }],
    ['/location/bury/yoga', 'src/features/catalogue/ChooseSubActivityScreen.tsx', { venueSlug: 'bury', activitySlug: 'yoga' }],
    [`/location/bury/yoga/${DAY}`, 'src/features/timetable/TimeSlotScreen.tsx', { venueSlug: 'bury', activitySlug: 'yoga', dateSlug: DAY }],
    [`/location/bury/badminton/${DAY}/by-court`, 'src/features/timetable/TimeSlotScreen.tsx', { venueSlug: 'bury', activitySlug: 'badminton', dateSlug: DAY, type: 'by-court' }],
    [`/location/bury/badminton/${DAY}/by-court/x/y`, 'src/features/timetable/TimeSlotScreen.tsx', { venueSlug: 'bury', activitySlug: 'badminton', dateSlug: DAY, type: 'by-court' }],
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
