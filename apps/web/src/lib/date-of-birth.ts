/**
 * The date of birth asked when a ticket (the timetable's dialog) or a course has an age rule and
 * the person has none (issue 21): GOV.UK's date input (day, month, year) and its error messages
 * (design-system.service.gov.uk/components/date-input). Pure; docs/first-booking.md. The messages
 * themselves are `common:dateOfBirth.errors.<problem>` in each language (issue 27); this names
 * the problem.
 */
export type DateParts = { day: string; month: string; year: string };
export type DatePart = keyof DateParts;
export const DATE_PARTS: readonly DatePart[] = ['day', 'month', 'year'];

/**
 * What is wrong: `enter` (nothing typed), `include_<parts>` (those parts are missing, e.g.
 * `include_month_year`), `real`, `yearDigits`, `past`, `earliest` (before 1 January 1900).
 */
export type DateOfBirthProblem = 'enter' | `include_${string}` | 'real' | 'yearDigits' | 'past' | 'earliest';

export type DateOfBirthCheck = { ok: true; value: string } | { ok: false; problem: DateOfBirthProblem; parts: DatePart[] };

const EARLIEST = '1900-01-01';

/**
 * The typed date as YYYY-MM-DD, or what is wrong with it and which parts to mark. `today` is
 * YYYY-MM-DD (a date of birth is before it).
 */
export const checkDateOfBirth = (typed: DateParts, today: string): DateOfBirthCheck => {
  const parts = { day: typed.day.trim(), month: typed.month.trim(), year: typed.year.trim() };
  const missing = DATE_PARTS.filter((part) => parts[part] === '');
  if (missing.length === 3) return { ok: false, problem: 'enter', parts: [...DATE_PARTS] };
  if (missing.length > 0) return { ok: false, problem: `include_${missing.join('_')}`, parts: missing };
  const notNumbers = DATE_PARTS.filter((part) => !/^\d+$/.test(parts[part]));
  if (notNumbers.length > 0) return { ok: false, problem: 'real', parts: notNumbers };
  if (parts.year.length !== 4) return { ok: false, problem: 'yearDigits', parts: ['year'] };
  const [day, month, year] = [Number(parts.day), Number(parts.month), Number(parts.year)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || day < 1 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) {
    return { ok: false, problem: 'real', parts: [...DATE_PARTS] };
  }
  const value = `${parts.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (value >= today) return { ok: false, problem: 'past', parts: [...DATE_PARTS] };
  if (value < EARLIEST) return { ok: false, problem: 'earliest', parts: ['year'] };
  return { ok: true, value };
};
