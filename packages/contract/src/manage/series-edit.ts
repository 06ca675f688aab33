import { z } from 'zod';
import { ZPathId } from '../foh/common.ts';

/**
 * Editing and ending a weekly series in the operator console (issue 26, docs/operator-tools.md
 * "Editing and ending a series"). Managers only; the series is named by its weekly template.
 */
const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Must be a real date');
const ZPence = z.number().int('Must be a whole number of pence').min(0, 'Must be at least 0').max(100_000, 'Must be at most 100000');

export const ZSeriesParams = z.object({ templateId: ZPathId });

/** PUT /api/manage/series/{templateId}: the series as it should be from now on (every field; `iso_day_of_week` 1–7, Monday = 1). */
export const ZUpdateSeriesRequest = z
  .object({
    iso_day_of_week: z.number().int('Choose a day').min(1, 'Choose a day').max(7, 'Choose a day'),
    start_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time (HH:MM)'),
    duration_minutes: z.number().int('Must be a whole number of minutes').min(5, 'Must be at least 5').max(480, 'Must be at most 480'),
    instructor_id: z.number().int().positive().nullable(),
    location_id: z.number().int().positive().nullable(),
    capacity: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(1000, 'Must be at most 1000'),
    price_pence: ZPence,
    member_price_pence: ZPence,
    booking_window_days: z.number().int('Must be a whole number of days').min(1, 'Must be at least 1').max(90, 'Must be at most 90'),
    tag_ids: z.array(z.number().int().positive()).max(20, 'At most 20 tags'),
    reason: z.string().trim().min(3, 'Must be at least 3 characters').max(200, 'Must be at most 200 characters').optional(),
  })
  .strict();
export type UpdateSeriesRequest = z.infer<typeof ZUpdateSeriesRequest>;

/** POST /api/manage/series/{templateId}/end: no sessions after `last_date`. */
export const ZEndSeriesRequest = z
  .object({ last_date: ZDay, reason: z.string().trim().min(3, 'Must be at least 3 characters').max(200, 'Must be at most 200 characters') })
  .strict();
export type EndSeriesRequest = z.infer<typeof ZEndSeriesRequest>;

export const ZManageSeries = z.object({
  template_id: z.number().int(),
  activity_id: z.number().int(),
  name: z.string(),
  venue_slug: z.string(),
  iso_day_of_week: z.number().int(),
  start_time: z.string(),
  duration_minutes: z.number().int(),
  instructor_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  capacity: z.number().int(),
  price_pence: z.number().int(),
  member_price_pence: z.number().int(),
  booking_window_days: z.number().int(),
  tag_ids: z.array(z.number().int()),
  valid_from: z.string(),
  valid_until: z.string().nullable(),
});
export type ManageSeries = z.infer<typeof ZManageSeries>;

/** Every answer: the series as stored now; `kept` future sessions with bookings kept their time, room and instructor. */
export const ZManageSeriesResponse = z.object({
  data: ZManageSeries,
  tags: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  changed_sessions: z.number().int().optional(),
  kept_sessions: z.number().int().optional(),
  /** A new weekday: future sessions with no bookings that could not move (before now, after the last date, or a date the series already has) and were cancelled. */
  cancelled_sessions: z.number().int().optional(),
  message: z.string().optional(),
});
