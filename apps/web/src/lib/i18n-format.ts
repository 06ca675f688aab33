/**
 * The active language for `Intl` (dates, times, money, plurals; issue 27, docs/languages.md
 * "Dates, times and money"). In the browser it is the page's `<html lang>`, which the server set
 * from the `lang` cookie and which changes with the language (lib/language-switch.ts); in a
 * server render it is the render's own (entry-server.tsx sets it around each render), so the
 * server's text and the browser's first render agree when hydrating.
 * No import of i18n.ts: the server render and the formatters' tests use this file alone.
 */
export type SupportedLanguage = 'en-GB' | 'cy';

/** A value as one of our languages; anything else reads English. */
export const asSupportedLanguage = (value: unknown): SupportedLanguage => (value === 'cy' ? 'cy' : 'en-GB');

let serverLanguage: SupportedLanguage | null = null;

/** Set by the server entry around each render (one render at a time). */
export const setServerLanguage = (language: SupportedLanguage | null) => {
  serverLanguage = language;
};

/** The language screens format in: `'en-GB'` or `'cy'`, each an `Intl` locale as it stands. */
export const activeLocale = (): SupportedLanguage =>
  typeof document === 'undefined' ? (serverLanguage ?? 'en-GB') : asSupportedLanguage(document.documentElement.lang);
