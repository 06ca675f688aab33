import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSpaPath, pageLookup, withoutTrailingSlash } from './known-paths.ts';

/** The account site's own static routes, read from the web app's route table. */
const accountRoutes = () => {
  const router = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/src/app/router.tsx'), 'utf8');
  const block = /const accountRoutes = [\s\S]*?\n};/.exec(router)?.[0] ?? '';
  return [...block.matchAll(/path: '([^':]+)'/g)].map((match) => match[1]!);
};

describe('isSpaPath (the route table of spec §2)', () => {
  it.each([
    '/',
    '/basket',
    '/basket/checkout',
    '/booking-confirmed/abc-123',
    '/register',
    '/attendees',
    '/pricing',
    '/login',
    '/redirect-to-selected-venue',
    '/location/bury-leisure-centre',
    '/location/bury-leisure-centre/swimming',
    '/location/bury-leisure-centre/swimming/2026-11-23', // fixed-date: a date inside a path that is only parsed
    '/location/bury-leisure-centre/swimming/2026-11-23/classes/extra/parts', // fixed-date: a date inside a path that is only parsed
    '/courses/location/bury-leisure-centre',
    '/courses/location/bury-leisure-centre/swimming/learn-to-swim',
    '/bury-leisure-centre',
    '/bury-leisure-centre/swimming/2026-11-23/classes', // fixed-date: a date inside a path that is only parsed
  ])('%s has a screen', (path) => {
    expect(isSpaPath(path)).toBe(true);
  });

  it.each([
    '/a/b/c/d/e',
    '/basket/checkout/one/two/three',
    '/courses/location/v/a/c/extra',
    '/courses/a/b/c/d',
    '/favicon.ico',
    '/wp-login.php',
    '/location/v/a/file.json',
  ])('%s has none', (path) => {
    expect(isSpaPath(path)).toBe(false);
  });
});

describe('withoutTrailingSlash', () => {
  it('removes a trailing slash and leaves the root alone', () => {
    expect(withoutTrailingSlash('/basket/')).toBe('/basket');
    expect(withoutTrailingSlash('/location/a//')).toBe('/location/a');
    expect(withoutTrailingSlash('/basket')).toBeNull();
    expect(withoutTrailingSlash('/')).toBeNull();
    expect(withoutTrailingSlash('//')).toBe('/');
  });

  it('never produces a protocol-relative address', () => {
    expect(withoutTrailingSlash('//evil.example/')).toBe('/evil.example');
    expect(withoutTrailingSlash('///evil.example//')).toBe('/evil.example');
  });
});

describe('pageLookup (what the server asks the database before answering 200)', () => {
  it('knows every static route of the account site (a page loaded or reloaded there answers 200)', () => {
    const routes = accountRoutes();
    expect(routes).toEqual(expect.arrayContaining(['dashboard', 'payments', 'late-fees']));
    for (const route of routes) expect(pageLookup(`/${route}`, 'my-account'), route).toBeNull();
  });

  it.each([
    ['/', 'bookings', null],
    ['/basket', 'bookings', null],
    ['/basket/checkout', 'bookings', null],
    ['/booking-confirmed/42', 'bookings', null],
    ['/login', 'my-account', null],
    ['/dashboard', 'my-account', null],
    ['/dashboard', 'bookings', { venueSlug: 'dashboard' }],
    ['/payments/4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f10', 'my-account', null],
    ['/payments/x', 'bookings', { venueSlug: 'payments', activitySlug: 'x' }],
    ['/login', 'bookings', { venueSlug: 'login' }],
    ['/basket/x', 'bookings', { venueSlug: 'basket', activitySlug: 'x' }],
    ['/bury', 'bookings', { venueSlug: 'bury' }],
    ['/bury/swimming', 'bookings', { venueSlug: 'bury', activitySlug: 'swimming' }],
    ['/bury/swimming/2026-11-23/classes', 'bookings', { venueSlug: 'bury', activitySlug: 'swimming' }], // fixed-date: a date inside a path that is only parsed
    ['/location/bury', 'bookings', { venueSlug: 'bury' }],
    ['/location/bury/swimming/2026-11-23/classes/x', 'bookings', { venueSlug: 'bury', activitySlug: 'swimming' }], // fixed-date: a date inside a path that is only parsed
    ['/location', 'bookings', { venueSlug: 'location' }],
    ['/courses/location/bury', 'bookings', { venueSlug: 'bury' }],
    ['/courses/location/bury/swimming', 'bookings', { venueSlug: 'bury', activitySlug: 'swimming' }],
    ['/courses/location/bury/swimming/learn', 'bookings', { venueSlug: 'bury', activitySlug: 'swimming', courseSlug: 'learn' }],
    ['/courses/x', 'bookings', { venueSlug: 'courses', activitySlug: 'x' }],
    ['/centre/bury', 'online-joining', { venueSlug: 'bury' }],
    ['/centre/bury/join/5/start', 'online-joining', { venueSlug: 'bury' }],
    ['/join/4f0c6a52-2d7e-4f7e-9a51-6b1b0f6d2f10/payment', 'online-joining', null],
    ['/centre/bury', 'bookings', { venueSlug: 'centre', activitySlug: 'bury' }],
  ])('%s on %s looks up %j', (path, source, expected) => {
    expect(pageLookup(path, source)).toEqual(expected);
  });
});

describe('every static route of the web app has no venue lookup', () => {
  // A literal path of router.tsx (no `:param`) read as `/{venue}` would answer 404 and, since
  // issue 28, paint the not-found page instead of the screen (/accessibility did).
  const router = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/src/app/router.tsx'), 'utf8');
  const literal = (block: string) => [...block.matchAll(/path: '([^':*]+)'/g)].map((match) => match[1]!).filter((p) => p !== '/');
  const shared = literal(/export const routes[\s\S]*$/.exec(router)?.[0] ?? '').filter((p) => !['login', 'forgotten-password', 'reset-password'].includes(p));
  it.each([
    ['bookings', shared],
    ['foh', literal(router).filter((p) => p.startsWith('till') || p.startsWith('manage'))],
    ['online-joining', [...shared, 'login']],
  ] as const)('%s: %j', (source, paths) => {
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(pageLookup(`/${p}`, source), p).toBeNull();
  });
  it("the operator console's venue pages need no lookup on the foh source only", () => {
    expect(pageLookup('/manage/venues/bury-leisure-centre', 'foh')).toBeNull();
    expect(pageLookup('/manage/venues/bury-leisure-centre/changes', 'foh')).toBeNull();
    expect(pageLookup('/manage/venues/bury-leisure-centre/new-series', 'foh')).toBeNull();
    expect(pageLookup('/manage/venues/bury-leisure-centre/details', 'foh')).toBeNull();
    expect(pageLookup('/manage/venues/bury-leisure-centre/categories', 'foh')).toBeNull();
    expect(pageLookup('/manage/series/12', 'foh')).toBeNull();
    expect(pageLookup('/manage/venues/bury-leisure-centre/other', 'foh')).toEqual({ venueSlug: 'manage', activitySlug: 'venues' });
    expect(pageLookup('/manage', 'bookings')).toEqual({ venueSlug: 'manage' });
  });
  it("the till's customer and Z report pages need no venue", () => {
    expect(pageLookup('/till/customers/12', 'foh')).toBeNull();
    expect(pageLookup('/till/z-report/3', 'foh')).toBeNull();
    expect(pageLookup('/till/customers/12', 'bookings')).toEqual({ venueSlug: 'till', activitySlug: 'customers' });
  });
});

