import type { EndSeriesRequest, ManageSeries, UpdateSeriesRequest } from '@app/contract/manage/series-edit';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import type { Manager } from './manager.ts';
import * as repo from './repository.ts';
import { fillAhead, moveToWeekday } from './series-day.ts';

/**
 * Editing and ending a weekly class series (issue 26, docs/operator-tools.md "Editing and ending a
 * series"). One transaction under the template's and activity's row locks and every future
 * session's row lock (the lock a hold takes), with its operator_changes row.
 */

export const SERIES_NOT_FOUND = 'We couldn\u2019t find that series.';
const VISITOR_WINDOW_DAYS = 5;
const invalid = (field: string, message: string) => unprocessable('validation_failed', 'The given data was invalid.', { [field]: [message] });
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const toDto = (row: repo.SeriesRow): ManageSeries => {
  const { venue_id: _venue, timezone: _tz, pricing_option_id: _po, ...rest } = row;
  return rest;
};

const findOrFail = async (db: Db, manager: Manager, templateId: number, lock = false) => {
  const series = await repo.findSeries(db, manager.clientId, templateId, lock);
  if (!series) throw notFound('series_not_found', SERIES_NOT_FOUND);
  return series;
};

export const getSeries = async (db: Db, manager: Manager, templateId: number) => {
  const series = await findOrFail(db, manager, templateId);
  return { data: toDto(series), tags: await repo.tagsOf(db, manager.clientId) };
};

const record = (db: Db, manager: Manager, series: repo.SeriesRow, action: 'series_changed' | 'series_ended', summary: string, reason: string | null, detail: Record<string, unknown>) =>
  repo.insertChange(db, { client_id: manager.clientId, venue_id: series.venue_id, occurrence_id: null, actor_user_id: manager.userId, action, reason, detail: { summary, activity: series.name, template_id: series.template_id, ...detail } });

const FIELDS = ['iso_day_of_week', 'start_time', 'duration_minutes', 'instructor_id', 'location_id', 'capacity', 'price_pence', 'member_price_pence', 'booking_window_days', 'tag_ids'] as const;
const WORDS: Record<(typeof FIELDS)[number], string> = {
  iso_day_of_week: 'day',
  start_time: 'time',
  duration_minutes: 'duration',
  instructor_id: 'instructor',
  location_id: 'room',
  capacity: 'capacity',
  price_pence: 'price',
  member_price_pence: 'member price',
  booking_window_days: 'booking window',
  tag_ids: 'tags',
};

/**
 * The series from now on: the template (the nightly job makes later weeks from it), the price,
 * the booking window and tags; and its sessions not yet started: capacity on every one (never
 * below its places taken: the 0079 trigger refuses, 409, and nothing is changed), time, duration,
 * room and instructor on those with no bookings (those with bookings keep theirs: the answer says
 * how many, and the occurrence's own Change tells its customers); a new weekday moves those with
 * no bookings within their week, or cancels one that cannot move (series-day.ts).
 */
export const updateSeries = async (db: Db, manager: Manager, templateId: number, body: UpdateSeriesRequest) => {
  const result = await inTransaction(db, async (trx) => {
    const from = await findOrFail(trx, manager, templateId, true);
    const [locations, instructors, tags, today] = await Promise.all([repo.locationsOf(trx, manager.clientId, from.venue_id), repo.instructorsOf(trx, manager.clientId), repo.tagsOf(trx, manager.clientId), repo.venueToday(trx, from.venue_id)]);
    if (body.location_id !== null && !locations.some((l) => l.id === body.location_id)) throw invalid('location_id', 'Choose a room at this venue.');
    if (body.instructor_id !== null && !instructors.some((i) => i.id === body.instructor_id)) throw invalid('instructor_id', 'Choose an instructor of this operator.');
    const tagIds = [...new Set(body.tag_ids)].sort((a, b) => a - b);
    if (tagIds.some((id) => !tags.some((t) => t.id === id))) throw invalid('tag_ids', 'Choose tags of this operator.');
    const to = { ...body, tag_ids: tagIds };
    const changed = FIELDS.filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]));
    if (changed.length === 0) throw unprocessable('nothing_changed', 'Nothing was changed: the series is already this.');
    const template = { start_time: body.start_time, duration_minutes: body.duration_minutes, instructor_id: body.instructor_id, location_id: body.location_id, capacity: body.capacity };
    await repo.updateTemplate(trx, templateId, { ...template, iso_day_of_week: body.iso_day_of_week, start_time: `${body.start_time}:00` });
    await repo.updateSeriesActivity(trx, from.activity_id, body.booking_window_days, Math.min(VISITOR_WINDOW_DAYS, body.booking_window_days));
    await repo.updatePrice(trx, from.pricing_option_id, { price_pence: body.price_pence, member_price_pence: body.member_price_pence });
    await repo.replaceActivityTags(trx, from.activity_id, tagIds);
    const locked = await repo.lockFutureOccurrences(trx, templateId, today);
    const dayChanged = changed.includes('iso_day_of_week');
    const cancelled = dayChanged ? await moveToWeekday(trx, from, body.iso_day_of_week, body.start_time, locked) : [];
    const future = locked.filter((o) => !cancelled.includes(o.id));
    const movable = future.filter((o) => o.booked === 0).map((o) => o.id);
    try {
      await repo.applyToOccurrences(trx, future.map((o) => o.id), movable, template, from.timezone);
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'occurrences_capacity_floor') {
        throw conflict('capacity_below_taken', 'The capacity cannot be lower than the places already booked or held on a future session of this series.');
      }
      throw error;
    }
    const pick = (source: Record<string, unknown>) => Object.fromEntries(changed.map((field) => [field, source[field]]));
    if (dayChanged) await fillAhead(trx, from, today);
    const kept = future.length - movable.length;
    await record(trx, manager, from, 'series_changed', `${from.name}: ${changed.map((f) => WORDS[f]).join(', ')}`, body.reason ?? null, { from: pick(from), to: pick(to), sessions: future.length, kept, ...(dayChanged ? { cancelled: cancelled.length } : {}) });
    return { changed: future.length, kept, cancelled: cancelled.length, dayChanged };
  });
  const { data } = await getSeries(db, manager, templateId);
  const theDay = result.dayChanged ? 'day, ' : '';
  const kept = result.kept === 1 ? `1 session with bookings keeps its ${theDay}time, room and instructor.` : `${result.kept} sessions with bookings keep their ${theDay}time, room and instructor.`;
  const cancelled = result.cancelled === 0 ? '' : result.cancelled === 1 ? ' 1 session could not move to the new day and is cancelled.' : ` ${result.cancelled} sessions could not move to the new day and are cancelled.`;
  const message = result.kept === 0 ? `${data.name} is saved: ${result.changed} future sessions follow.${cancelled}` : `${data.name} is saved: ${result.changed} future sessions follow. ${kept}${cancelled}`;
  return { data, changed_sessions: result.changed, kept_sessions: result.kept, cancelled_sessions: result.cancelled, message };
};

/**
 * No sessions after `last_date`. **Refused (409 series_has_bookings) while a session after it has
 * bookings** — cancel those first (each its own cancel: credit and email); the others are
 * cancelled in this transaction (holds released, waitlists closed, the OpenActive item bumped by
 * the occurrences trigger), and the nightly job makes no more.
 */
export const endSeries = async (db: Db, manager: Manager, templateId: number, body: EndSeriesRequest) => {
  const ended = await inTransaction(db, async (trx) => {
    const series = await findOrFail(trx, manager, templateId, true);
    const today = await repo.venueToday(trx, series.venue_id);
    if (body.last_date < addDays(today, -1)) throw invalid('last_date', 'The last date cannot be before yesterday.');
    if (series.valid_until !== null && series.valid_until <= body.last_date) throw conflict('series_already_ends', `The series already ends on ${series.valid_until}.`);
    const after = await repo.lockFutureOccurrences(trx, templateId, addDays(body.last_date, 1));
    const booked = after.filter((o) => o.booked > 0);
    if (booked.length > 0) {
      throw conflict('series_has_bookings', `Sessions after ${body.last_date} have bookings (${booked.map((o) => o.local_date).join(', ')}): cancel them first, so their customers are credited and told.`);
    }
    for (const occurrence of after) {
      await repo.releaseHolds(trx, occurrence.id);
      await repo.closeWaitlist(trx, occurrence.id);
    }
    await repo.cancelOccurrences(trx, after.map((o) => o.id));
    await repo.endTemplate(trx, templateId, body.last_date);
    await record(trx, manager, series, 'series_ended', `${series.name}, last session on or before ${body.last_date}`, body.reason, { last_date: body.last_date, cancelled_sessions: after.length });
    return after.length;
  });
  const { data } = await getSeries(db, manager, templateId);
  return { data, changed_sessions: ended, message: `${data.name} ends on ${body.last_date}: ${ended === 1 ? '1 later session' : `${ended} later sessions`} cancelled.` };
};
