import { activeLocale, type SupportedLanguage } from '../i18n-format.ts';

/**
 * Generic error messages by status (spec §8), in each language (issue 27). They live here, not in
 * a translations file, because they are what a failed request reads when no namespace may have
 * loaded (the translations' own fetch failing, the network gone), and they must be the API's own
 * words for the status (apps/api/src/lib/messages/cy-common.ts: checkout/failure.ts tells a
 * generic answer from a specific one by comparing them). docs/languages.md "Texts outside the
 * translation files".
 */
export const GENERIC_MESSAGES_BY_LANGUAGE: Record<SupportedLanguage, Record<404 | 403 | 500, string>> = {
  'en-GB': {
    404: 'Unable to complete request, item not found.',
    403: 'Unauthorised.',
    500: 'Something has gone wrong, please try again.',
  },
  cy: {
    404: "Methu cwblhau'r cais, ni chafwyd hyd i'r eitem.",
    403: 'Heb awdurdod.',
    500: "Aeth rhywbeth o'i le, rhowch gynnig arall arni.",
  },
};

/** The English texts, word for word as spec §8 has them. */
export const GENERIC_MESSAGES = GENERIC_MESSAGES_BY_LANGUAGE['en-GB'];

export type MessageOverrides = Partial<Record<number, string>> & { default?: string };

/**
 * The message a user sees for a failed request, in the page's language: a custom message for
 * the status wins; 404 and 403 have their own text; anything else reads as a 500. An empty
 * `default` hides the message for every status that has no custom text.
 */
export const genericErrorMessage = (status: number, overrides: MessageOverrides = {}): string => {
  const custom = overrides[status];
  if (custom !== undefined) return custom;
  if (overrides.default === '') return '';
  const messages = GENERIC_MESSAGES_BY_LANGUAGE[activeLocale()];
  if (status === 404 || status === 403) return messages[status];
  return overrides.default ?? messages[500];
};
