import { describe, expect, it } from 'vitest';
import { isSpaPath, withoutTrailingSlash } from './known-paths.ts';

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
    '/location/bury-leisure-centre/swimming/2026-11-23',
    '/location/bury-leisure-centre/swimming/2026-11-23/classes/extra/parts',
    '/courses/location/bury-leisure-centre',
    '/courses/location/bury-leisure-centre/swimming/learn-to-swim',
    '/bury-leisure-centre',
    '/bury-leisure-centre/swimming/2026-11-23/classes',
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
