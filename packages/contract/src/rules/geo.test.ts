import { describe, expect, it } from 'vitest';
import { boundsAround, formatMiles, haversineMiles, isValidVenueLocation, MAP_DEFAULTS, roundMiles, venuesWithinRadius } from './geo.ts';

describe('map constants (spec §9)', () => {
  it('match the spec word for word', () => {
    expect(MAP_DEFAULTS.radius).toBe(5);
    expect([MAP_DEFAULTS.latitude, MAP_DEFAULTS.longitude]).toEqual([53.59, -2]);
    expect(MAP_DEFAULTS.metresPerMile).toBe(1609.344);
    expect(MAP_DEFAULTS.zoom).toEqual({ mobile: 10.3, other: 10.9 });
    expect(MAP_DEFAULTS.secondZoom).toEqual({ mobile: 4.4, other: 5.5 });
    expect(MAP_DEFAULTS.country).toBe('gb');
  });
});

describe('haversineMiles', () => {
  it('is zero from a point to itself', () => {
    expect(haversineMiles({ lat: 53.6, lng: -2.3 }, { lat: 53.6, lng: -2.3 })).toBe(0);
  });

  it('measures Manchester to London as about 163 miles', () => {
    expect(haversineMiles({ lat: 53.4808, lng: -2.2426 }, { lat: 51.5074, lng: -0.1278 })).toBeCloseTo(163, 0);
  });

  it('measures one degree of latitude as about 69.1 miles', () => {
    expect(roundMiles(haversineMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 }))).toBe(69.1);
  });
});

describe('distances shown to one decimal in miles (spec §5)', () => {
  it.each([
    [2.345, 2.3],
    [2.35, 2.4],
    [0.04, 0],
    [10, 10],
  ])('%d rounds to %d', (miles, shown) => expect(roundMiles(miles)).toBe(shown));

  it('formats with one decimal and the unit', () => {
    expect(formatMiles(2.345)).toBe('2.3 miles');
    expect(formatMiles(1)).toBe('1.0 mile');
    expect(formatMiles(0)).toBe('0.0 miles');
  });
});

describe('isValidVenueLocation (spec §5: lng and lat numbers, lat between -90 and 90)', () => {
  it.each([
    [{ lat: 53.6, lng: -2.3 }, true],
    [{ lat: 90, lng: 180 }, true],
    [{ lat: -90, lng: 0 }, true],
    [{ lat: 90.1, lng: 0 }, false],
    [{ lat: -91, lng: 0 }, false],
    [{ lat: null, lng: -2.3 }, false],
    [{ lat: 53.6, lng: null }, false],
    [{ lat: '53.6', lng: -2.3 }, false],
    [{ lat: Number.NaN, lng: -2.3 }, false],
    [{}, false],
  ])('%j → %s', (venue, valid) => expect(isValidVenueLocation(venue)).toBe(valid));
});

describe('venuesWithinRadius', () => {
  const bury = { lat: 53.6, lng: -2.3 };
  const venues = [
    { slug: 'heywood', lat: 53.5926, lng: -2.218 },
    { slug: 'bury', lat: 53.5933, lng: -2.2966 },
    { slug: 'manchester', lat: 53.4766, lng: -2.2366 },
    { slug: 'no-location', lat: null, lng: null },
    { slug: 'broken', lat: 153, lng: -2.3 },
  ];

  it('keeps valid venues inside the radius, nearest first, with distances to one decimal', () => {
    const found = venuesWithinRadius(venues, bury, 5);
    expect(found.map((v) => v.slug)).toEqual(['bury', 'heywood']);
    expect(found.map((v) => v.distance)).toEqual([0.5, 3.4]);
  });

  it('includes farther venues as the radius grows', () => {
    expect(venuesWithinRadius(venues, bury, 10).map((v) => v.slug)).toEqual(['bury', 'heywood', 'manchester']);
  });
});

describe('boundsAround', () => {
  it('spans the radius in miles (1609.344 m each) either side of the centre', () => {
    const [sw, ne] = boundsAround({ lat: 53.6, lng: -2.3 }, 5);
    expect(haversineMiles({ lat: sw.lat, lng: -2.3 }, { lat: 53.6, lng: -2.3 })).toBeCloseTo(5, 1);
    expect(haversineMiles({ lat: 53.6, lng: ne.lng }, { lat: 53.6, lng: -2.3 })).toBeCloseTo(5, 1);
  });
});
