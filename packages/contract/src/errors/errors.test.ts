import { describe, expect, it } from 'vitest';
import { issuePaths } from '../../test/issues.ts';
import { ZErrorResponse } from './error-response.ts';

describe('ZErrorResponse', () => {
  it('accepts a message, with or without a code and field errors', () => {
    expect(issuePaths(ZErrorResponse, { message: 'Unauthorised.' })).toBeNull();
    expect(issuePaths(ZErrorResponse, { message: 'Unauthorised.', code: 'forbidden' })).toBeNull();
    expect(
      issuePaths(ZErrorResponse, { message: 'The given data was invalid.', code: 'validation_failed', errors: { email: ['Required'] } }),
    ).toBeNull();
  });

  it.each([
    ['a missing message', { code: 'forbidden' }, 'message'],
    ['a message that is not a string', { message: 404 }, 'message'],
    ['a code that is not a string', { message: 'x', code: 404 }, 'code'],
    ['field errors that are not lists', { message: 'x', errors: { email: 'Required' } }, 'errors.email'],
    ['field errors that are not strings', { message: 'x', errors: { email: [1] } }, 'errors.email.0'],
  ])('rejects %s', (_case, input, path) => {
    expect(issuePaths(ZErrorResponse, input)).toContain(path);
  });
});
