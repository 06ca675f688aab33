import { z } from 'zod';

/**
 * A weekly class series made in the operator console (issue 26, docs/operator-tools.md "Session
 * series"): an activity at the venue with its price and booking window, and its weekly template
 * (day, time, duration, room, instructor, capacity) from a first date; its occurrences are made
 * at once for the weeks the timetable keeps ahead. Managers only.
 */
const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Must be a real date');

export const ZCreateSeriesRequest = z
  .object({
    name: z.string().trim().min(3, 'Must be at least 3 characters').max(80, 'Must contain at most 80 character(s)'),
    description: z.string().trim().max(1000, 'Must contain at most 1000 character(s)').optional(),
    category_id: z.number().int().positive('Choose an activity'),
    iso_day_of_week: z.number().int().min(1, 'Choose a day').max(7, 'Choose a day'),
    start_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time (HH:MM)'),
    duration_minutes: z.number().int('Must be a whole number of minutes').min(5, 'Must be at least 5').max(480, 'Must be at most 480'),
    instructor_id: z.number().int().positive().nullable(),
    location_id: z.number().int().positive().nullable(),
    capacity: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(1000, 'Must be at most 1000'),
    price_pence: z.number().int('Must be a whole number of pence').min(0, 'Must be at least 0').max(100_000, 'Must be at most 100000'),
    member_price_pence: z.number().int('Must be a whole number of pence').min(0, 'Must be at least 0').max(100_000, 'Must be at most 100000').optional(),
    booking_window_days: z.number().int('Must be a whole number of days').min(1, 'Must be at least 1').max(90, 'Must be at most 90'),
    starts_on: ZDay,
  })
  .strict();
export type CreateSeriesRequest = z.infer<typeof ZCreateSeriesRequest>;

export const ZCreateSeriesResponse = z.object({
  data: z.object({
    activity_id: z.number().int(),
    template_id: z.number().int(),
    name: z.string(),
    category_slug: z.string(),
    first_date: z.string().nullable(),
    occurrences: z.number().int(),
  }),
  message: z.string(),
});

/** GET /api/manage/venues/{venue}/series-options: the class activities, rooms and instructors a series may name. */
export const ZSeriesOptionsResponse = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), parent: z.string().nullable() })),
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  instructors: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** POST /api/manage/timetable-import: the CSV's text; a dry run unless `apply` (docs/operator-tools.md "Timetable import"). */
export const ZTimetableImportRequest = z
  .object({
    csv: z.string().min(1, 'Choose a CSV file').max(900_000, 'The file is too large (at most 900 KB)'),
    apply: z.boolean(),
  })
  .strict();
export const ZTimetableImportResponse = z.object({
  applied: z.boolean(),
  dry_run: z.boolean(),
  rows: z.array(z.object({ line: z.number().int(), summary: z.string() })),
  errors: z.array(z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() })),
});
