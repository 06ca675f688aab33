import { afterEach, describe, expect, it } from 'vitest';
import { common as apiWelsh } from '../../../../api/src/lib/messages/cy-common.ts';
import { setServerLanguage } from '../i18n-format.ts';
import { GENERIC_MESSAGES, genericErrorMessage } from './messages.ts';

describe('generic error messages by status (spec §8)', () => {
  it('404 reads "Unable to complete request, item not found."', () =>
    expect(genericErrorMessage(404)).toBe('Unable to complete request, item not found.'));
  it('403 reads "Unauthorised."', () => expect(genericErrorMessage(403)).toBe('Unauthorised.'));
  it('500 reads "Something has gone wrong, please try again."', () =>
    expect(genericErrorMessage(500)).toBe('Something has gone wrong, please try again.'));
  it.each([400, 409, 418, 502, 503])('any other status (%i) shows the 500 text', (status) =>
    expect(genericErrorMessage(status)).toBe('Something has gone wrong, please try again.'));
  it('a custom message overrides the generic one', () =>
    expect(genericErrorMessage(404, { 404: 'That class no longer exists.' })).toBe('That class no longer exists.'));
  it('a custom default replaces the 500 text for other statuses', () =>
    expect(genericErrorMessage(409, { default: 'Try again later.' })).toBe('Try again later.'));
  it('an empty default hides the message', () => {
    expect(genericErrorMessage(500, { default: '' })).toBe('');
    expect(genericErrorMessage(404, { default: '' })).toBe('');
  });
});

describe('in Welsh (issue 27)', () => {
  afterEach(() => setServerLanguage(null));

  it('a Welsh page reads the Welsh of each, as the API answers a Welsh request', () => {
    setServerLanguage('cy');
    for (const status of [404, 403, 500] as const) {
      expect(genericErrorMessage(status)).toBe(apiWelsh.exact[GENERIC_MESSAGES[status]]);
      expect(genericErrorMessage(status)).not.toBe(GENERIC_MESSAGES[status]);
    }
    expect(genericErrorMessage(502)).toBe("Aeth rhywbeth o'i le, rhowch gynnig arall arni.");
  });

  it('a custom message still wins', () => {
    setServerLanguage('cy');
    expect(genericErrorMessage(404, { 404: 'Dim dosbarth.' })).toBe('Dim dosbarth.');
  });
});
