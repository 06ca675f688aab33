import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { errorToast, fieldLabel, toastValidationMessages } from './api-error.ts';

describe('error toasts of failed requests (spec §8)', () => {
  it("lists a 422's field errors, and nothing for other failures", () => {
    const invalid = new ApiError('The given data was invalid.', 422, { first_name: ['Required'], country: ['Must contain exactly 2 character(s)'] });
    expect(errorToast(invalid, invalid.message)).toEqual({ type: 'error', content: 'The given data was invalid.', validationMessages: invalid.validationMessages });
    expect(errorToast(new ApiError('Sorry, this session is full.', 409, { items: ['full'] }), 'Sorry, this session is full.')).toEqual({ type: 'error', content: 'Sorry, this session is full.' });
    expect(toastValidationMessages(new ApiError('The given data was invalid.', 422))).toBeUndefined();
    expect(toastValidationMessages(new ApiError('The given data was invalid.', 422, { email: [] }))).toBeUndefined();
    expect(toastValidationMessages(new Error('offline'))).toBeUndefined();
  });

  it.each([
    ['first_name', 'First name'],
    ['items.0.ticket_id', 'Ticket id'],
    ['billing.postcode', 'Postcode'],
    ['selectedUserId', 'Selected user id'],
    ['Idempotency-Key', 'Idempotency key'],
    ['body', 'Body'],
  ])('names the field %s as %s', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });
});
