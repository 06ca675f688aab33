import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZGetFooterQuery } from './get-footer.ts';

describe('ZGetFooterQuery', () => {
  it('accepts a venue slug', () => {
    expect(issuePaths(ZGetFooterQuery, { venue: 'bury-leisure-centre' })).toBeNull();
  });

  it.each([
    ['no venue', {}],
    ['a path', { venue: '../etc' }],
    ['capitals', { venue: 'Bury' }],
    ['an empty venue', { venue: '' }],
    ['a venue over 100 characters', { venue: 'v'.repeat(101) }],
    ['a list of venues', { venue: ['bury-leisure-centre', 'ramsbottom-pool'] }],
  ])('rejects %s', (_case, input) => {
    expect(issuePaths(ZGetFooterQuery, input)).toContain('venue');
  });
});
