import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZSearchPlacesQuery } from './search-places.ts';

describe('ZSearchPlacesQuery', () => {
  it('accepts a search, with a limit from 1 to 10', () => {
    expect(ZSearchPlacesQuery.parse({ query: ' Bury ' })).toEqual({ query: 'Bury' });
    expect(ZSearchPlacesQuery.parse({ query: 'Bury', limit: '10' })).toEqual({ query: 'Bury', limit: 10 });
    expect(issuePaths(ZSearchPlacesQuery, { query: 'St', limit: '1' })).toBeNull();
  });

  it.each([
    ['a missing query', {}, 'query'],
    ['a one-letter query', { query: 'B' }, 'query'],
    ['a query of one letter and spaces', { query: ' B  ' }, 'query'],
    ['a query over 100 characters', { query: 'x'.repeat(101) }, 'query'],
    ['a limit of 0', { query: 'Bury', limit: '0' }, 'limit'],
    ['a limit of 11', { query: 'Bury', limit: '11' }, 'limit'],
    ['a limit of 100', { query: 'Bury', limit: '100' }, 'limit'],
    ['a limit that is not a number', { query: 'Bury', limit: 'abc' }, 'limit'],
    ['a fractional limit', { query: 'Bury', limit: '1.5' }, 'limit'],
    ['a negative limit', { query: 'Bury', limit: '-1' }, 'limit'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZSearchPlacesQuery, input)).toContain(path);
  });
});
