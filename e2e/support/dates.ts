/**
 * Dates for journeys, from the clock (issue 19): the suite runs today and under a shifted clock
 * (`faketime -m -f +30d npm test`), so no journey names a calendar day. The venues' days are
 * days in Europe/London (the demo venues' timezone), whatever the machine's timezone.
 */
export const VENUE_TIMEZONE = 'Europe/London';

/** `YYYY-MM-DD` of `at` in `timeZone`. */
export const isoDateIn = (at: Date, timeZone = VENUE_TIMEZONE) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/** Today at the venues, `YYYY-MM-DD`. */
export const venueToday = () => isoDateIn(new Date());

/** The calendar day `days` after (or before, when negative) `iso`, `YYYY-MM-DD`. */
export const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The same day `years` years before `iso` (29 February becomes 28 February), `YYYY-MM-DD`. */
export const yearsBefore = (iso: string, years: number) => {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = year - years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${target}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
};

const format = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));

/** As the timetable's breadcrumb and date strip read it: 'Monday 23 November 2026'. */
export const longDayName = (iso: string) =>
  `${format(iso, { weekday: 'long' })} ${format(iso, { day: 'numeric' })} ${format(iso, { month: 'long' })} ${format(iso, { year: 'numeric' })}`;

/** As account screens read a date: '9 March 2017'. */
export const dayMonthYear = (iso: string) => `${format(iso, { day: 'numeric' })} ${format(iso, { month: 'long' })} ${format(iso, { year: 'numeric' })}`;
