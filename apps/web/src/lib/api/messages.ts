/** Generic error messages by status (spec §8). */
export const GENERIC_MESSAGES = {
  404: 'Unable to complete request, item not found.',
  403: 'Unauthorised.',
  500: 'Something has gone wrong, please try again.',
} as const;

export type MessageOverrides = Partial<Record<number, string>> & { default?: string };

/**
 * The message a user sees for a failed request: a custom message for the status wins;
 * 404 and 403 have their own text; anything else reads as a 500. An empty `default`
 * hides the message for every status that has no custom text.
 */
export const genericErrorMessage = (status: number, overrides: MessageOverrides = {}): string => {
  const custom = overrides[status];
  if (custom !== undefined) return custom;
  if (overrides.default === '') return '';
  if (status === 404 || status === 403) return GENERIC_MESSAGES[status];
  return overrides.default ?? GENERIC_MESSAGES[500];
};
