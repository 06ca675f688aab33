import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZListVenuesQuery } from './list-venues.ts';
import { ZGetVenueParams } from './get-venue.ts';

describe('ZListVenuesQuery', () => {
  it('accepts no filter, a name search, and a point with or without a radius', () => {
    expect(issuePaths(ZListVenuesQuery, {})).toBeNull();
    expect(issuePaths(ZListVenuesQuery, { search: 'bury' })).toBeNull();
    expect(issuePaths(ZListVenuesQuery, { lat: '53.6', lng: '-2.3' })).toBeNull();
    expect(issuePaths(ZListVenuesQuery, { lat: '53.6', lng: '-2.3', radius: '0.1' })).toBeNull();
    expect(ZListVenuesQuery.parse({ lat: '53.6', lng: '-2.3', radius: '500' })).toEqual({ lat: 53.6, lng: -2.3, radius: 500 });
  });

  it.each([
    ['a latitude that is not a number', { lat: 'abc', lng: '-2' }, 'lat'],
    ['an empty latitude', { lat: '', lng: '-2' }, 'lat'],
    ['a latitude in exponent form', { lat: '5e1', lng: '-2' }, 'lat'],
    ['a latitude above 90', { lat: '91', lng: '-2' }, 'lat'],
    ['a latitude below -90', { lat: '-90.5', lng: '-2' }, 'lat'],
    ['a longitude below -180', { lat: '53', lng: '-181' }, 'lng'],
    ['a longitude above 180', { lat: '53', lng: '180.01' }, 'lng'],
    ['a latitude without a longitude', { lat: '53' }, 'lng'],
    ['a longitude without a latitude', { lng: '-2' }, 'lat'],
    ['a radius without a point', { radius: '5' }, 'radius'],
    ['a radius of 0', { lat: '53', lng: '-2', radius: '0' }, 'radius'],
    ['a negative radius', { lat: '53', lng: '-2', radius: '-1' }, 'radius'],
    ['a radius over 500 miles', { lat: '53', lng: '-2', radius: '501' }, 'radius'],
    ['a search over 100 characters', { search: 'x'.repeat(101) }, 'search'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZListVenuesQuery, input)).toContain(path);
  });
});

describe('ZGetVenueParams', () => {
  it.each(['bury-leisure-centre', '7', '123456789', '1234567890123'])('accepts %s (an id or a slug)', (id) => {
    expect(issuePaths(ZGetVenueParams, { id })).toBeNull();
  });

  it.each([
    ['capitals', 'Bury'],
    ['an underscore', 'bury_centre'],
    ['a path', '../etc'],
    ['a decimal', '1.5'],
    ['nothing', ''],
    ['over 100 characters', 'x'.repeat(101)],
    ['a space', 'bury centre'],
  ])('rejects an id with %s', (_case, id) => {
    expect(issuePaths(ZGetVenueParams, { id })).toContain('id');
  });
});
