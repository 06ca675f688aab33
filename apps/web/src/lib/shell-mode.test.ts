// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { modeFromSearch, productUrl } from './shell-mode.ts';
import { hostTakesSubdomains } from '@app/contract/rules/sources';
import { documentTitle } from './page-meta.ts';

const OFF = { isEmbedded: false, isKiosk: false, centre: null };

describe('modeFromSearch (spec §2 query parameters embedded, kiosk, centre)', () => {
  it('turns flags on from the query and keeps them when a later URL says nothing', () => {
    const first = modeFromSearch('?embedded=true&kiosk=true&centre=bury-leisure-centre', OFF);
    expect(first).toEqual({ isEmbedded: true, isKiosk: true, centre: 'bury-leisure-centre' });
    // fixed-date: a query parameter the shell mode ignores
    expect(modeFromSearch('?date=2026-11-23', first)).toEqual(first);
  });

  it('turns a flag off when the query says false, and ignores a malformed centre', () => {
    expect(modeFromSearch('?embedded=false&centre=<x>', { isEmbedded: true, isKiosk: false, centre: 'a' })).toEqual({
      isEmbedded: false,
      isKiosk: false,
      centre: 'a',
    });
  });
});

describe('productUrl (spec §1 common links to another sub-domain)', () => {
  it('swaps the source sub-domain and adds embedded=true when embedded', () => {
    expect(productUrl('online-joining', '/centre/bury', { isEmbedded: true, currentHost: 'bookings.example.com', protocol: 'https:', routing: 'auto' })).toBe(
      'https://online-joining.example.com/centre/bury?embedded=true',
    );
    expect(productUrl('my-account', '/', { isEmbedded: false, currentHost: 'localhost:3000', protocol: 'http:' })).toBe(
      'http://my-account.localhost:3000/',
    );
    expect(productUrl('bookings', '/basket', { isEmbedded: false, currentHost: 'my-account.example.com', protocol: 'https:' })).toBe(
      'https://example.com/basket',
    );
  });
});

describe('productUrl on hosts without sub-domains (docs/shell.md "Hosts and sources")', () => {
  const on = (currentHost: string, extra: { routing?: 'auto' | 'subdomain' | 'path'; currentPath?: string } = {}) => ({
    isEmbedded: false,
    currentHost,
    protocol: 'http:',
    routing: extra.routing ?? 'auto',
    currentPath: extra.currentPath ?? '/',
  });

  it('uses the /_/<source> path form on an IP address instead of crashing', () => {
    expect(productUrl('my-account', '/dashboard', on('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000/_/my-account/dashboard');
    expect(productUrl('online-joining', '/?kiosk=true', on('10.1.2.3'))).toBe('http://10.1.2.3/_/online-joining?kiosk=true');
    expect(productUrl('my-account', '/', on('[::1]:3000'))).toBe('http://[::1]:3000/_/my-account');
    expect(productUrl('bookings', '/basket', on('127.0.0.1:3000', { currentPath: '/_/my-account/dashboard' }))).toBe('http://127.0.0.1:3000/basket');
  });

  it('uses it on a single-label host, with SOURCE_ROUTING=path, and from a page already under a prefix', () => {
    expect(productUrl('my-account', '/dashboard', on('intranet:8080'))).toBe('http://intranet:8080/_/my-account/dashboard');
    expect(productUrl('my-account', '/dashboard', on('leisure.example.com', { routing: 'path' }))).toBe('http://leisure.example.com/_/my-account/dashboard');
    expect(productUrl('online-joining', '/', on('localhost:3000', { currentPath: '/_/my-account/dashboard' }))).toBe('http://localhost:3000/_/online-joining');
  });

  it('keeps sub-domains for localhost and dotted names unless told otherwise', () => {
    expect(productUrl('my-account', '/dashboard', on('localhost:3000'))).toBe('http://my-account.localhost:3000/dashboard');
    expect(productUrl('my-account', '/dashboard', on('intranet', { routing: 'subdomain' }))).toBe('http://my-account.intranet/dashboard');
  });

  it.each([
    ['127.0.0.1', false],
    ['[::1]', false],
    ['intranet', false],
    ['localhost', true],
    ['my-account.localhost', true],
    ['example.com', true],
  ])('hostTakesSubdomains(%s) is %s', (host, expected) => {
    expect(hostTakesSubdomains(host)).toBe(expected);
  });
});

describe('documentTitle (spec §2)', () => {
  it("reads 'Bookings | {title}'", () => {
    expect(documentTitle('Shopping basket')).toBe('Bookings | Shopping basket');
    expect(documentTitle(undefined)).toBe('Bookings');
  });
});
