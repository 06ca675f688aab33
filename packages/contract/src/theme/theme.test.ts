import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZGetThemeQuery } from './get-theme.ts';

describe('ZGetThemeQuery', () => {
  it('accepts no venue or a venue slug', () => {
    expect(issuePaths(ZGetThemeQuery, {})).toBeNull();
    expect(issuePaths(ZGetThemeQuery, { venue: 'salford-quays-sports-village' })).toBeNull();
  });

  it.each([
    ['markup', '<script>'],
    ['capitals', 'Bury'],
    ['a path', '../etc'],
    ['nothing', ''],
    ['over 100 characters', 'v'.repeat(101)],
  ])('rejects a venue with %s', (_case, venue) => {
    expect(issuePaths(ZGetThemeQuery, { venue })).toContain('venue');
  });
});
