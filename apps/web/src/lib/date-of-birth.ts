/**
 * The date of birth asked when a ticket (the timetable's dialog) or a course has an age rule and
 * the person has none (issue 21): GOV.UK's date input (day, month, year) and its error messages
 * (design-system.service.gov.uk/components/date-input). Pure; docs/first-booking.md.
 */
export type DateParts = { day: string; month: string; year: string };
export type DatePart = keyof DateParts;
export const DATE_PARTS: readonly DatePart[] = ['day', 'month', 'year'];

export type DateOfBirthCheck = { ok: true; value: string } | { ok: false; message: string; parts: DatePart[] };

const NAMES: Record<DatePart, string> = { day: 'a day', month: 'a month', year: 'a year' };
const EARLIEST = '1900-01-01';

/**
 * The typed date as YYYY-MM-DD, or what is wrong with it and which parts to mark. `whose` is
 * 'your' or "Leo's"; `today` is YYYY-MM-DD (a date of birth is before it).
 */
export const checkDateOfBirth = (typed: DateParts, today: string, whose: string): DateOfBirthCheck => {
  const parts = { day: typed.day.trim(), month: typed.month.trim(), year: typed.year.trim() };
  const missing = DATE_PARTS.filter((part) => parts[part] === '');
  if (missing.length === 3) return { ok: false, message: `Enter ${whose} date of birth`, parts: [...DATE_PARTS] };
  if (missing.length > 0) {
    const named = missing.map((part) => NAMES[part].replace(/^a /, ''));
    return { ok: false, message: `Date of birth must include a ${named.join(' and ')}`, parts: missing };
  }
  const notNumbers = DATE_PARTS.filter((part) => !/^\d+$/.test(parts[part]));
  if (notNumbers.length > 0) return { ok: false, message: 'Date of birth must be a real date', parts: notNumbers };
  if (parts.year.length !== 4) return { ok: false, message: 'Year must include 4 numbers', parts: ['year'] };
  const [day, month, year] = [Number(parts.day), Number(parts.month), Number(parts.year)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || day < 1 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) {
    return { ok: false, message: 'Date of birth must be a real date', parts: [...DATE_PARTS] };
  }
  const value = `${parts.year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (value >= today) return { ok: false, message: 'Date of birth must be in the past', parts: [...DATE_PARTS] };
  if (value < EARLIEST) return { ok: false, message: 'Date of birth must be the same as or after 1 January 1900', parts: ['year'] };
  return { ok: true, value };
};
