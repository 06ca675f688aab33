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

/**
 * Welsh day and month names (CLDR's, as Node's full ICU gives them). Browsers differ on Welsh:
 * Debian's Chromium, for one, has no Welsh date data and formats `cy` in English, and a page the
 * server rendered in Welsh would then not match the browser's render when hydrating. So Welsh
 * dates are English's pattern (en-GB, 24-hour) with these names, the same on every engine.
 */
const WELSH = {
  weekday: {
    long: ['Dydd Sul', 'Dydd Llun', 'Dydd Mawrth', 'Dydd Mercher', 'Dydd Iau', 'Dydd Gwener', 'Dydd Sadwrn'],
    short: ['Sul', 'Llun', 'Maw', 'Mer', 'Iau', 'Gwe', 'Sad'],
  },
  month: {
    long: ['Ionawr', 'Chwefror', 'Mawrth', 'Ebrill', 'Mai', 'Mehefin', 'Gorffennaf', 'Awst', 'Medi', 'Hydref', 'Tachwedd', 'Rhagfyr'],
    short: ['Ion', 'Chw', 'Maw', 'Ebr', 'Mai', 'Meh', 'Gor', 'Awst', 'Medi', 'Hyd', 'Tach', 'Rhag'],
  },
} as const;

type NamedPart = keyof typeof WELSH;
type NameStyle = 'long' | 'short';

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
};

/** English's names → their index (Sunday 0, January 0), from the engine itself ('Sep' or 'Sept' alike). */
const englishIndex = new Map<string, number>();
const indexOfEnglish = (part: NamedPart, style: NameStyle, value: string): number | undefined => {
  if (englishIndex.size === 0) {
    for (const s of ['long', 'short'] as const) {
      // 2027-01-03 is a Sunday; the 15th of each month of 2027.
      for (let day = 0; day < 7; day++) englishIndex.set(`weekday|${s}|${formatter('en-GB', { weekday: s, timeZone: 'UTC' }).format(new Date(Date.UTC(2027, 0, 3 + day, 12)))}`, day);
      for (let month = 0; month < 12; month++) englishIndex.set(`month|${s}|${formatter('en-GB', { month: s, timeZone: 'UTC' }).format(new Date(Date.UTC(2027, month, 15, 12)))}`, month);
    }
  }
  return englishIndex.get(`${part}|${style}|${value}`);
};

/**
 * A date's parts in the active language (`Intl.DateTimeFormat#formatToParts`, with Welsh names on a
 * Welsh page), or in `language` when given (the till's printed receipt is in the customer's).
 */
export const formatDateTimeParts = (date: Date, options: Intl.DateTimeFormatOptions, language: SupportedLanguage = activeLocale()): Intl.DateTimeFormatPart[] => {
  const parts = formatter('en-GB', options).formatToParts(date);
  if (language !== 'cy') return parts;
  return parts.map((part) => {
    if (part.type !== 'weekday' && part.type !== 'month') return part;
    const style = options[part.type];
    if (style !== 'long' && style !== 'short') return part;
    const index = indexOfEnglish(part.type, style, part.value);
    return index === undefined ? part : { ...part, value: WELSH[part.type][style][index]! };
  });
};

/** A date as text in the active language (`Intl.DateTimeFormat#format`, `toLocale…String`; Welsh names on a Welsh page), or in `language`. */
export const formatDateTime = (date: Date, options: Intl.DateTimeFormatOptions, language?: SupportedLanguage): string =>
  formatDateTimeParts(date, options, language)
    .map((part) => part.value)
    .join('');
