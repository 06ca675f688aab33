import { isApiError } from '../../lib/api/errors.ts';
import { genericErrorMessage } from '../../lib/api/messages.ts';

/**
 * Spec §8: the server's message, else this failure's own text (not the client's per-status
 * generic one, which stands in when a response had no message).
 */
export const failureMessage = (error: unknown, fallback: string) => {
  if (!(error instanceof Error) || !error.message) return fallback;
  if (isApiError(error) && error.message === genericErrorMessage(error.statusCode)) return fallback;
  return error.message;
};
