import type { CreateSeriesRequest } from '@app/contract/manage/series';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unprocessable } from '../../lib/errors.ts';
import { MATERIALISE_DAYS_AHEAD, materialiseOccurrencesBetween } from '../timetable/service.ts';
import { getVenue } from '../venues/service.ts';
import * as repo from './repository.ts';
import type { Manager } from './manager.ts';

/**
 * A weekly class series made in the console (docs/operator-tools.md "Session series"): in one
 * transaction the activity (a class of the chosen sub-activity at the venue, its booking window),
 * its price, its weekly template from the first date, the occurrences of the weeks the timetable
 * keeps ahead (the nightly job makes the later ones), and the operator_changes row.
 */

const VISITOR_WINDOW_DAYS = 5;

export const seriesOptions = async (db: Db, manager: Manager, venueSlug: string) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const [categories, locations, instructors] = await Promise.all([
    repo.classCategoriesAt(db, manager.clientId, venue.id),
    repo.locationsOf(db, manager.clientId, venue.id),
    repo.instructorsOf(db, manager.clientId),
  ]);
  return { categories: categories.map(({ id, name, parent }) => ({ id, name, parent })), locations, instructors };
};

const invalid = (field: string, message: string) => unprocessable('validation_failed', 'The given data was invalid.', { [field]: [message] });

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const createSeries = async (db: Db, manager: Manager, venueSlug: string, body: CreateSeriesRequest) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const made = await inTransaction(db, async (trx) => {
    const [categories, locations, instructors, today] = await Promise.all([
      repo.classCategoriesAt(trx, manager.clientId, venue.id),
      repo.locationsOf(trx, manager.clientId, venue.id),
      repo.instructorsOf(trx, manager.clientId),
      repo.venueToday(trx, venue.id),
    ]);
    const category = categories.find((c) => c.id === body.category_id);
    if (!category) throw invalid('category_id', 'Choose a class activity offered at this venue.');
    if (body.location_id !== null && !locations.some((l) => l.id === body.location_id)) throw invalid('location_id', 'Choose a room at this venue.');
    if (body.instructor_id !== null && !instructors.some((i) => i.id === body.instructor_id)) throw invalid('instructor_id', 'Choose an instructor of this operator.');
    if (body.starts_on < today) throw invalid('starts_on', 'The first date cannot be in the past.');
    const activity = await repo.insertActivity(trx, {
      client_id: manager.clientId,
      venue_id: venue.id,
      category_id: category.id,
      name: body.name,
      description: body.description ?? null,
      booking_window_days: body.booking_window_days,
      visitor_window_days: Math.min(VISITOR_WINDOW_DAYS, body.booking_window_days),
    });
    await repo.insertPricingOption(trx, { client_id: manager.clientId, activity_id: activity.id, name: 'Standard', price_pence: body.price_pence, member_price_pence: body.member_price_pence ?? body.price_pence });
    const template = await repo.insertTemplate(trx, {
      client_id: manager.clientId,
      activity_id: activity.id,
      location_id: body.location_id,
      instructor_id: body.instructor_id,
      iso_day_of_week: body.iso_day_of_week,
      start_time: `${body.start_time}:00`,
      duration_minutes: body.duration_minutes,
      capacity: body.capacity,
      valid_from: body.starts_on,
    });
    await materialiseOccurrencesBetween(trx, body.starts_on, addDays(today, MATERIALISE_DAYS_AHEAD), { activityId: activity.id });
    const occurrences = await repo.templateOccurrences(trx, template.id);
    await repo.insertChange(trx, {
      client_id: manager.clientId,
      venue_id: venue.id,
      occurrence_id: null,
      actor_user_id: manager.userId,
      action: 'series_created',
      reason: null,
      detail: { activity: body.name, activity_id: activity.id, template_id: template.id, day: body.iso_day_of_week, time: body.start_time, capacity: body.capacity, price_pence: body.price_pence, starts_on: body.starts_on },
    });
    return { activity_id: activity.id, template_id: template.id, name: body.name, category_slug: category.slug, first_date: occurrences.first_date, occurrences: occurrences.n };
  });
  return { data: made, message: made.first_date ? `${made.name} created: ${made.occurrences} sessions on the timetable from ${made.first_date}.` : `${made.name} created.` };
};
