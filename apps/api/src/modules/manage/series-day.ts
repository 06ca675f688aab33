import type { Db } from '../../db/connect.ts';
import { MATERIALISE_DAYS_AHEAD, materialiseOccurrencesBetween } from '../timetable/service.ts';
import * as repo from './repository.ts';

/**
 * A series' new weekday (docs/operator-tools.md "Editing and ending a series"), inside the edit's
 * transaction after its sessions are locked: each future session with no bookings moves to the
 * new weekday of its own ISO week; one whose new start would be before now, after the series'
 * last date, or on a date the series already has a session on (`UNIQUE (template_id,
 * local_date)`, cancelled ones too) is cancelled instead, its holds released and its waitlist
 * closed as ending a series does. Sessions with bookings keep their day. Then the weeks the
 * timetable keeps ahead get their session on the new day (the timetable's own materialiser).
 */

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const isoDay = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

type Future = { id: number; local_date: string; booked: number };

export const moveToWeekday = async (trx: Db, series: repo.SeriesRow, day: number, startTime: string, future: readonly Future[]) => {
  const free = future.filter((o) => o.booked === 0);
  const freeIds = new Set(free.map((o) => o.id));
  // Dates that stay taken: every other session of the series, and free ones already on the new day.
  const taken = new Set((await repo.seriesDates(trx, series.template_id)).filter((o) => !freeIds.has(o.id)).map((o) => o.local_date));
  for (const o of free) if (isoDay(o.local_date) === day) taken.add(o.local_date);
  // Every target is on the new day and no session still to move is, so one move never meets another.
  const moves = free.filter((o) => isoDay(o.local_date) !== day).map((o) => ({ id: o.id, to: addDays(o.local_date, day - isoDay(o.local_date)) }));
  const upcoming = await repo.startAfterNow(trx, moves, startTime, series.timezone);
  const cancelled: number[] = [];
  for (const move of moves) {
    if (taken.has(move.to) || !upcoming.has(move.id) || (series.valid_until !== null && move.to > series.valid_until)) {
      cancelled.push(move.id);
      continue;
    }
    await repo.moveToDate(trx, move.id, move.to);
    taken.add(move.to);
  }
  for (const id of cancelled) {
    await repo.releaseHolds(trx, id);
    await repo.closeWaitlist(trx, id);
  }
  await repo.cancelOccurrences(trx, cancelled);
  return cancelled;
};

/** The sessions on the new day up to the horizon the nightly job keeps (it makes the later ones). */
export const fillAhead = async (trx: Db, series: repo.SeriesRow, today: string) =>
  materialiseOccurrencesBetween(trx, today, addDays(today, MATERIALISE_DAYS_AHEAD), { activityId: series.activity_id });
