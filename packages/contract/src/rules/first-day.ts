/**
 * The day an activity's timetable opens on when its address has no date (issue 21), shared by
 * the browser (apps/web features/timetable) and the server, which renders that page with the
 * day it picks by its own clock (issue 28; the browser then checks it by its own).
 */

/** A date of the booking window as the dates endpoint lists it (sessions and the last start per day). */
export type DayOfWindow = { raw: string; today: boolean; bookable: boolean; sessions: number; lastStartsAt: string | null };

/** Whether a date still has something to book at `now` (ms): open, with a session that has not started. */
export const hasSomethingLeft = (date: DayOfWindow, now: number): boolean =>
  date.bookable && date.sessions > 0 && date.lastStartsAt !== null && Date.parse(date.lastStartsAt) > now;

/**
 * The first date that still has something to book; else the first with a session still to come
 * (a date that opens later); else the first date (today), which then says when the next session
 * is, if any. Null for an empty window.
 */
export const firstDayToOpen = (dates: readonly DayOfWindow[], now: number): string | null =>
  (
    dates.find((date) => hasSomethingLeft(date, now)) ??
    dates.find((date) => date.sessions > 0 && date.lastStartsAt !== null && Date.parse(date.lastStartsAt) > now) ??
    dates[0]
  )?.raw ?? null;
