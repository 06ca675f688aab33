// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { modeFromSearch, productUrl } from './shell-mode.ts';
import { documentTitle } from './page-meta.ts';

const OFF = { isEmbedded: false, isKiosk: false, centre: null };

describe('modeFromSearch (spec §2 query parameters embedded, kiosk, centre)', () => {
  it('turns flags on from the query and keeps them when a later URL says nothing', () => {
    const first = modeFromSearch('?embedded=true&kiosk=true&centre=bury-leisure-centre', OFF);
    expect(first).toEqual({ isEmbedded: true, isKiosk: true, centre: 'bury-leisure-centre' });
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
    expect(productUrl('online-joining', '/centre/bury', { isEmbedded: true, currentHost: 'bookings.example.com', protocol: 'https:' })).toBe(
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

describe('documentTitle (spec §2)', () => {
  it("reads 'Bookings | {title}'", () => {
    expect(documentTitle('Shopping basket')).toBe('Bookings | Shopping basket');
    expect(documentTitle(undefined)).toBe('Bookings');
  });
});
