/**
 * The active language for `Intl` (dates, times, money, plurals; issue 27, docs/languages.md
 * "Dates, times and money"). In the browser it is the page's `<html lang>`, which the server set
 * from the `lang` cookie and which changes with the language (lib/language-switch.ts); in a
 * server render it is the render's own (entry-server.tsx sets it around each render), so the
 * server's text and the browser's first render agree when hydrating.
 * No import of i18n.ts: the server render and the formatters' tests use this file alone.
 */
import { wallClock } from './wall-clock.ts';

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
 * English day and month names as en-GB's `Intl` gives them (Node's ICU 78; 'Sept', not 'Sep').
 * `i18n-format.test.ts` compares every calendar format below with the engine's, date by date.
 */
const ENGLISH = {
  weekday: {
    long: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    short: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
  month: {
    long: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  },
} as const;

const CALENDAR_FIELDS = ['weekday', 'day', 'month', 'year'] as const;
/** The calendar formats the screens use, by their fields (weekday, day, month, year). */
const CALENDAR_SHAPES = new Set(['weekday', 'day', 'month', 'year', 'day month', 'day month year', 'month year', 'weekday day month', 'weekday day month year']);

/**
 * A calendar date in UTC (the API's dates: 'YYYY-MM-DD' at noon UTC) or on London's wall clock (an
 * instant: a payment's day) formatted without `Intl`:
 * the first `Intl.DateTimeFormat` a page makes costs 40–60 ms of one task on this machine's
 * Chromium (its date patterns and calendar load; 160–560 ms with the CPU slowed 4x), and the
 * timetable, course and account pages made it while hydrating (docs/performance.md "Dates
 * without Intl"). en-GB's pattern: 'Sat 5 Sept', 'Sat, 5 Sept 2026', '5 September 2026'.
 * Any other format (a time, another zone, another shape) is `Intl`'s, as before.
 */
const calendarParts = (instant: Date, options: Intl.DateTimeFormatOptions, language: SupportedLanguage): Intl.DateTimeFormatPart[] | null => {
  const { timeZone, weekday, day, month, year, ...rest } = options;
  if ((timeZone !== 'UTC' && timeZone !== 'Europe/London') || Object.keys(rest).length > 0) return null;
  // The venues' zone: the date on London's wall clock (lib/wall-clock.ts), as a UTC day.
  const { year: y, month: m, day: d } = wallClock(instant, timeZone);
  const date = new Date(Date.UTC(y, m - 1, d, 12));
  if (weekday !== undefined && weekday !== 'long' && weekday !== 'short') return null;
  if (month !== undefined && month !== 'long' && month !== 'short') return null;
  if ((day !== undefined && day !== 'numeric') || (year !== undefined && year !== 'numeric')) return null;
  const fields = CALENDAR_FIELDS.filter((field) => options[field] !== undefined);
  if (!CALENDAR_SHAPES.has(fields.join(' '))) return null;
  const names = language === 'cy' ? WELSH : ENGLISH;
  const values: Record<(typeof CALENDAR_FIELDS)[number], string> = {
    weekday: weekday ? names.weekday[weekday][date.getUTCDay()]! : '',
    day: String(date.getUTCDate()),
    month: month ? names.month[month][date.getUTCMonth()]! : '',
    year: String(date.getUTCFullYear()),
  };
  const parts: Intl.DateTimeFormatPart[] = [];
  fields.forEach((field, i) => {
    // en-GB puts a comma after the weekday of a date with its year.
    if (i > 0) parts.push({ type: 'literal', value: i === 1 && fields[0] === 'weekday' && year ? ', ' : ' ' });
    parts.push({ type: field, value: values[field] });
  });
  return parts;
};

/**
 * A date's parts in the active language (`Intl.DateTimeFormat#formatToParts`, with Welsh names on a
 * Welsh page), or in `language` when given (the till's printed receipt is in the customer's).
 */
export const formatDateTimeParts = (date: Date, options: Intl.DateTimeFormatOptions, language: SupportedLanguage = activeLocale()): Intl.DateTimeFormatPart[] => {
  const calendar = calendarParts(date, options, language);
  if (calendar) return calendar;
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
