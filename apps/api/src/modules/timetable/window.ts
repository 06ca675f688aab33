/**
 * The rolling booking window (docs/timetable.md "Booking window"), as pure date arithmetic on
 * venue-local 'YYYY-MM-DD' dates. With W the window (booking_window_days for a logged-in
 * customer, visitor_window_days for a visitor) and R the release time:
 * - date D opens at R, venue time, on D − (W + 1): so today + W is open all day, and
 *   today + W + 1 opens tonight at R;
 * - before R the last open date is today + W; from R on it is today + W + 1;
 * - the date after the last open one is listed as not yet bookable, with the instant it opens;
 * - the day endpoints answer dates from today to that next date; any other date is a 422.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export type BookingWindow = {
  /** Venue-local today. */
  first: string;
  /** The last date open for booking now. */
  lastOpen: string;
  /** The next date to open (listed with `bookable: false`). */
  next: string;
};

export const bookingWindow = ({ today, windowDays, afterRelease }: { today: string; windowDays: number; afterRelease: boolean }): BookingWindow => {
  const lastOpen = addDays(today, windowDays + (afterRelease ? 1 : 0));
  return { first: today, lastOpen, next: addDays(lastOpen, 1) };
};

/** Every date the day endpoints answer for: today … the next date to open. */
export const isWithinWindow = (window: BookingWindow, date: string): boolean => date >= window.first && date <= window.next;

/** Dates from `from` to `to` inclusive. */
export const datesBetween = (from: string, to: string): string[] => {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
};

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const weekdayLong = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Display forms of a date entry (wire notes): 'Mon', '23 Nov', 'Monday 23 November 2026'. */
export const prettyDate = (date: string) => {
  const at = new Date(`${date}T12:00:00Z`);
  return {
    day_pretty: weekday.format(at),
    date_pretty: dayMonth.format(at),
    full_date_pretty: `${weekdayLong.format(at)} ${dayMonthYear.format(at)}`,
    year: at.getUTCFullYear(),
  };
};
