/**
 * An instant's date and time on the wall clock of a time zone. The venues' zone, Europe/London,
 * and UTC are worked out here, without `Intl`: the first `Intl.DateTimeFormat` a page makes is a
 * long task on a phone (lib/i18n-format.ts `calendarParts`; docs/performance.md "Dates without
 * Intl"), and the timetable asked for one as it hydrated. Any other zone is `Intl`'s.
 */
export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when UK clocks change. */
const lastSundayAtOne = (year: number, month: number): number => {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR;
};

/**
 * Europe/London's offset from UTC at `ms`, in hours: British Summer Time (+1) from 01:00 UTC on the
 * last Sunday of March to 01:00 UTC on the last Sunday of October, the rule in force since 1996;
 * `wall-clock.test.ts` checks it against the engine's time-zone data hour by hour.
 */
const londonOffsetHours = (ms: number): number => {
  const year = new Date(ms).getUTCFullYear();
  return ms >= lastSundayAtOne(year, 2) && ms < lastSundayAtOne(year, 9) ? 1 : 0;
};

const fromUtcFields = (shifted: Date): WallClock => ({
  year: shifted.getUTCFullYear(),
  month: shifted.getUTCMonth() + 1,
  day: shifted.getUTCDate(),
  hour: shifted.getUTCHours(),
  minute: shifted.getUTCMinutes(),
});

const zones = new Map<string, Intl.DateTimeFormat>();
const byIntl = (instant: Date, timeZone: string): WallClock => {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    zones.set(timeZone, zone);
  }
  const parts = zone.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
};

export const wallClock = (instant: Date, timeZone: string): WallClock => {
  const ms = instant.getTime();
  if (timeZone === 'UTC') return fromUtcFields(instant);
  if (timeZone === 'Europe/London' && new Date(ms).getUTCFullYear() >= 1997) return fromUtcFields(new Date(ms + londonOffsetHours(ms) * HOUR));
  return byIntl(instant, timeZone);
};

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' on the zone's wall clock. */
export const wallDate = (instant: Date, timeZone: string): string => {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
};

/** 'YYYY-MM-DD HH:MM' on the zone's wall clock (24-hour). */
export const wallDateTime = (instant: Date, timeZone: string): string => {
  const { hour, minute } = wallClock(instant, timeZone);
  return `${wallDate(instant, timeZone)} ${pad(hour)}:${pad(minute)}`;
};
