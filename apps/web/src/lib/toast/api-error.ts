import { isApiError } from '../api/errors.ts';
import type { ToastInput } from './store.ts';

/**
 * The field errors of a failed request that a toast lists under 'Validation errors' (spec §8):
 * a 422 with field messages (the API's `{ message, code: 'validation_failed', errors }`); none
 * for any other failure.
 */
export const toastValidationMessages = (error: unknown): Record<string, string[]> | undefined =>
  isApiError(error) && error.statusCode === 422 && Object.values(error.validationMessages).some((messages) => messages.length > 0)
    ? error.validationMessages
    : undefined;

/** An error toast for a failed request: `content` (the server's message or a fallback) and a 422's field errors. */
export const errorToast = (error: unknown, content: string): ToastInput => {
  const validationMessages = toastValidationMessages(error);
  return validationMessages ? { type: 'error', content, validationMessages } : { type: 'error', content };
};

/**
 * A field key of the API (`first_name`, `items.0.ticket_id`, `billing.postcode`) as a reader
 * sees it: its last named part in words, capitalised ('First name', 'Ticket id', 'Postcode').
 */
export const fieldLabel = (field: string): string => {
  const named = field.split('.').filter((part) => part !== '' && !/^\d+$/.test(part));
  const words = (named.at(-1) ?? field)
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
};
