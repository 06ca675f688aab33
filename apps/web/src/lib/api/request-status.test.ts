import { describe, expect, it } from 'vitest';
import { initialRequestStatus, requestStatusReducer } from './request-status.ts';

describe('request-status record (spec §4)', () => {
  it('requesting sets the flag and forgets an earlier error', () => {
    const failed = requestStatusReducer(initialRequestStatus, {
      type: 'failed',
      error: { message: 'Nope', statusCode: 400, validationMessages: {} },
    });
    expect(requestStatusReducer(failed, { type: 'requesting' })).toEqual({ ...initialRequestStatus, requesting: true });
  });

  it('succeeded keeps the status code', () => {
    const state = requestStatusReducer({ ...initialRequestStatus, requesting: true }, { type: 'succeeded', statusCode: 201 });
    expect(state).toEqual({ requesting: false, error: null, statusCode: 201, validationMessages: {} });
  });

  it('failed keeps the message, status code and validation messages', () => {
    const state = requestStatusReducer(
      { ...initialRequestStatus, requesting: true },
      { type: 'failed', error: { message: 'The given data was invalid.', statusCode: 422, validationMessages: { email: ['Required'] } } },
    );
    expect(state).toEqual({
      requesting: false,
      error: 'The given data was invalid.',
      statusCode: 422,
      validationMessages: { email: ['Required'] },
    });
  });

  it('clear resets everything', () => {
    const state = requestStatusReducer({ requesting: false, error: 'x', statusCode: 500, validationMessages: { a: ['b'] } }, { type: 'clear' });
    expect(state).toEqual(initialRequestStatus);
  });
});
