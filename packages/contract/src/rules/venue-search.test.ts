import { describe, expect, it } from 'vitest';
import { filterVenuesByName, foldVenueName, matchesVenueName } from './venue-search.ts';
import { TRICKY_VENUE_NAMES, TRICKY_VENUE_SEARCHES } from './venue-search.fixtures.ts';

describe('venue name search (spec §5: case-insensitive substring)', () => {
  it.each([
    ['Bury Leisure Centre', 'bury', true],
    ['Bury Leisure Centre', 'LEISURE', true],
    ['Bury Leisure Centre', 'sure cen', true],
    ['Bury Leisure Centre', '  bury  ', true],
    ['Radcliffe Leisure Centre', 'bury', false],
    ['Ashton-under-Lyne Leisure Centre', 'under-lyne', true],
  ])('%s matches %j: %s', (name, term, expected) => expect(matchesVenueName(name, term)).toBe(expected));

  it('keeps every venue in order for an empty term', () => {
    const venues = [{ name: 'B' }, { name: 'A' }];
    expect(filterVenuesByName(venues, '')).toEqual(venues);
    expect(filterVenuesByName(venues, '   ')).toEqual(venues);
  });

  it('keeps the original order of the matches', () => {
    const venues = [{ name: 'Rochdale Pool' }, { name: 'Bury Pool' }, { name: 'Bolton Gym' }];
    expect(filterVenuesByName(venues, 'pool').map((v) => v.name)).toEqual(['Rochdale Pool', 'Bury Pool']);
  });

  it('folds without a locale: the Turkish dotted İ, ß and composed or decomposed accents', () => {
    expect(foldVenueName('İ')).toBe('i\u0307');
    expect(foldVenueName('Straße')).toBe('strasse');
    expect(foldVenueName('Cafe\u0301')).toBe(foldVenueName('CAFÉ'));
  });

  it.each(TRICKY_VENUE_SEARCHES)('a search for %j finds %j among the tricky names', (term, found) => {
    const venues = TRICKY_VENUE_NAMES.map((name) => ({ name }));
    expect(filterVenuesByName(venues, term).map((v) => v.name)).toEqual(found);
  });
});
