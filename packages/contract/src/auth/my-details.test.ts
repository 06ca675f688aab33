import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZChangePasswordRequest, ZUpdateMyDetailsRequest } from './my-details.ts';

describe('ZUpdateMyDetailsRequest', () => {
  it('accepts any subset of the editable fields, blank optional ones as null', () => {
    expect(issuePaths(ZUpdateMyDetailsRequest, {})).toBeNull();
    expect(ZUpdateMyDetailsRequest.parse({ first_name: ' Sam ', address_line2: ' ', emergency_contact_phone: '' })).toEqual({
      first_name: 'Sam',
      address_line2: null,
      emergency_contact_phone: null,
    });
  });

  it.each([
    ['a blank first name', { first_name: ' ' }, 'first_name'],
    ['a phone with letters', { phone: 'abc' }, 'phone'],
    ['a bad postcode', { postcode: '!!' }, 'postcode'],
    ['an emergency phone too short', { emergency_contact_phone: '12' }, 'emergency_contact_phone'],
    ['marketing as text', { marketing_consent: 'yes' }, 'marketing_consent'],
    ['the email', { email: 'x@example.net' }, ''],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZUpdateMyDetailsRequest, input)).toContain(path);
  });
});

describe('ZChangePasswordRequest', () => {
  it.each([
    ['no current password', { password: 'a long new phrase' }, 'current_password'],
    ['a new password under 8 code points', { current_password: 'x', password: 'short' }, 'password'],
    ['a new password over 128 code points', { current_password: 'x', password: '😀'.repeat(129) }, 'password'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZChangePasswordRequest, input)).toContain(path);
  });
});
