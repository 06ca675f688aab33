import { describe, expect, it } from 'vitest';
import { filterVenuesByName, matchesVenueName } from './venue-search.ts';

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
});
