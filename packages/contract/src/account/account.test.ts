import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZCreateFamilyMemberRequest, ZUpdateFamilyMemberRequest } from './family-member.ts';
import { ZNewPassword } from '../auth/fields.ts';

describe('ZNewPassword (ASVS 5 L2: 8 to 128 characters, no composition rules)', () => {
  it.each([['eight ch'], ['ünïcödé!'], ['😀😀😀😀😀😀😀😀'], ['x'.repeat(128)]])('accepts %j', (password) => {
    expect(issuePaths(ZNewPassword, password)).toBeNull();
  });
  it.each([['seven c'], ['😀😀😀😀😀😀😀'], ['x'.repeat(129)], [''], [undefined], [12345678]])('rejects %j', (password) => {
    expect(issuePaths(ZNewPassword, password)).not.toBeNull();
  });
});

describe('family member requests', () => {
  it('needs a date of birth for a child only', () => {
    expect(issuePaths(ZCreateFamilyMemberRequest, { first_name: 'A', last_name: 'B', relationship: 'partner' })).toBeNull();
    expect(issuePaths(ZCreateFamilyMemberRequest, { first_name: 'A', last_name: 'B', relationship: 'child' })).toContain('date_of_birth');
  });
  it.each([
    ['self', { first_name: 'A', last_name: 'B', relationship: 'self' }, 'relationship'],
    ['a blank name', { first_name: ' ', last_name: 'B', relationship: 'other' }, 'first_name'],
    ['a date that does not exist', { first_name: 'A', last_name: 'B', relationship: 'child', date_of_birth: '2019-02-29' }, 'date_of_birth'], // fixed-date: no 29 February that year
  ])('rejects %s', (_case, body, path) => {
    expect(issuePaths(ZCreateFamilyMemberRequest, body)).toContain(path);
  });
  it('refuses an empty change', () => {
    expect(issuePaths(ZUpdateFamilyMemberRequest, {})).not.toBeNull();
  });
});
