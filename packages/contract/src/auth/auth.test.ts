import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZLoginRequest } from './login.ts';

const valid = { username: 'customer@example.com', password: 'Demo1234!' };

describe('ZLoginRequest', () => {
  it('accepts an email or customer reference and a password', () => {
    expect(issuePaths(ZLoginRequest, valid)).toBeNull();
    expect(issuePaths(ZLoginRequest, { username: 'ANW100001', password: 'x' })).toBeNull();
  });

  it('drops unknown fields rather than refusing them (scripts of the live product send extras)', () => {
    expect(ZLoginRequest.parse({ ...valid, remember: true, device: 'script' })).toEqual(valid);
  });

  it.each([
    ['a missing username', { password: valid.password }, 'username'],
    ['an empty username', { ...valid, username: '' }, 'username'],
    ['a username of spaces only', { ...valid, username: '   ' }, 'username'],
    ['a username over 254 characters', { ...valid, username: `${'a'.repeat(243)}@example.com` }, 'username'],
    ['a username that is not a string', { ...valid, username: 42 }, 'username'],
    ['a missing password', { username: valid.username }, 'password'],
    ['an empty password', { ...valid, password: '' }, 'password'],
    ['a password over 200 characters', { ...valid, password: 'p'.repeat(201) }, 'password'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZLoginRequest, input)).toContain(path);
  });
});
