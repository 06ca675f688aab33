import { z } from 'zod';
import { validationMessages as m } from './validation-messages.ts';

type LengthIssue = { code?: string; origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean; exact?: boolean };

/**
 * Spec §5's length messages for a text field's length rule that has no message of its own:
 * exactly n (`.length(n)`), at least n or over n (a minimum, inclusive or not), at most n or
 * under n (a maximum, inclusive or not). Undefined for any other issue (zod's own text, or the
 * schema's message, stays).
 */
export const lengthMessage = (issue: LengthIssue): string | undefined => {
  if (issue.origin !== 'string') return undefined;
  if (issue.code === 'too_small') {
    const n = Number(issue.minimum);
    return issue.exact ? m.exactly(n) : issue.inclusive === false ? m.over(n) : m.atLeast(n);
  }
  if (issue.code === 'too_big') {
    const n = Number(issue.maximum);
    return issue.exact ? m.exactly(n) : issue.inclusive === false ? m.under(n) : m.atMost(n);
  }
  return undefined;
};

/**
 * Makes every schema's length rule without a message of its own answer with spec §5's words
 * (zod's global error map; a schema's own message still wins). The API calls it once at start.
 */
export const applySpecLengthMessages = () => z.config({ customError: (issue) => lengthMessage(issue as LengthIssue) });
