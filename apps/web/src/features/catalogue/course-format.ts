import { formatDateTime, formatDateTimeParts } from '../../lib/i18n-format.ts';
import { wallDate } from '../../lib/wall-clock.ts';
/** How a course's schedule reads on cards and its page. Pure, so it is unit-tested. */

const utcDate = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

/** 'Sat 9 Jan 2027' (built from parts: engines differ on the comma after the weekday). */
export const formatCourseDate = (isoDate: string): string => {
  const parts = formatDateTimeParts(utcDate(isoDate), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
};

/** 0 = Sunday … 6 = Saturday → 'Saturday'. */
export const dayName = (dayOfWeek: number): string =>
  // 2027-01-03 is a Sunday.
  formatDateTime(new Date(Date.UTC(2027, 0, 3 + (((dayOfWeek % 7) + 7) % 7), 12)), { weekday: 'long', timeZone: 'UTC' });

/** '09:00' + 30 → '09:00–09:30' (wraps past midnight). */
export const timeRange = (start: string, durationMinutes: number): string => {
  const [h = 0, m = 0] = start.split(':').map(Number);
  const end = (h * 60 + m + durationMinutes) % (24 * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${start}–${pad(Math.floor(end / 60))}:${pad(end % 60)}`;
};

/** Ages line, or null when the course is for everyone. */
export const ageRange = (
  minAge: number | null,
  maxAge: number | null,
): { key: 'ages' | 'agesFrom' | 'agesUpTo'; min?: number; max?: number } | null => {
  if (minAge !== null && maxAge !== null) return { key: 'ages', min: minAge, max: maxAge };
  if (minAge !== null) return { key: 'agesFrom', min: minAge };
  if (maxAge !== null) return { key: 'agesUpTo', max: maxAge };
  return null;
};

/** Whole-course price spread over its sessions, in pence (rounded to the penny). */
export const pricePerSession = (pricePence: number, weeks: number): number => Math.round(pricePence / Math.max(weeks, 1));

/** Today's date in the venue's time zone, 'YYYY-MM-DD' (the time-slot route's date). */
export const todayIn = (timeZone: string, now: Date = new Date()): string => wallDate(now, timeZone);
