import { z } from 'zod';
import { ZPathId, ZStaffRef } from '../foh/common.ts';

/**
 * The operator console's occurrence changes (issue 26, docs/operator-tools.md). Every route is for
 * staff with the operator (manager) role: a customer or plain staff member gets 403
 * 'Unauthorised.'; a venue or occurrence of another operator is 404.
 */

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Must be a real date');

export const ZManageVenueParams = z.object({ venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug') });
export const ZManageOccurrenceParams = z.object({ occurrenceId: ZPathId });

/** GET /api/manage/venues: the operator's venues (the console's venue choice). */
export const ZManageVenue = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export const ZListManageVenuesResponse = z.object({ data: z.array(ZManageVenue) });

/** GET /api/manage/venues/{venue}/occurrences?date=: the venue's occurrences of one venue-local day. */
export const ZManageOccurrencesQuery = z.object({ date: ZDay });
export const ZManageOccurrence = z.object({
  id: z.number().int(),
  activity_name: z.string(),
  kind: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** 'HH:MM' venue time. */
  time: z.string(),
  end_time: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  held: z.number().int(),
  waiting: z.number().int(),
  instructor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  location: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  cancelled_at: z.string().nullable(),
  started: z.boolean(),
  /** The weekly series (template) it belongs to; null for a one-off session. */
  template_id: z.number().int().nullable(),
});
export type ManageOccurrence = z.infer<typeof ZManageOccurrence>;
export const ZOption = z.object({ id: z.number().int(), name: z.string() });
export const ZManageOccurrencesResponse = z.object({
  data: z.array(ZManageOccurrence),
  venue: ZManageVenue,
  date: z.string(),
  instructors: z.array(ZOption),
  locations: z.array(ZOption),
});

/** The reason a manager gives, recorded and (for a cancellation) told to the booked customers. */
export const ZChangeReason = z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(200, 'Must contain at most 200 character(s)');

/** POST /api/manage/occurrences/{id}/cancel. */
export const ZCancelOccurrenceRequest = z.object({ reason: ZChangeReason }).strict();
export const ZCancelOccurrenceResponse = z.object({
  data: ZManageOccurrence,
  cancelled_bookings: z.number().int(),
  emailed_accounts: z.number().int(),
  credit_pence: z.number().int(),
  released_holds: z.number().int(),
  closed_waitlist_entries: z.number().int(),
  message: z.string(),
});

/** PUT /api/manage/occurrences/{id}/capacity: never below the places booked or held (409). */
export const ZChangeCapacityRequest = z
  .object({
    capacity: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(1000, 'Must be at most 1000'),
    reason: ZChangeReason.optional(),
  })
  .strict();

/** PUT /api/manage/occurrences/{id}/staffing: the instructor and/or the room (null clears it). */
export const ZChangeStaffingRequest = z
  .object({
    instructor_id: z.number().int().positive().nullable().optional(),
    location_id: z.number().int().positive().nullable().optional(),
    reason: ZChangeReason.optional(),
  })
  .strict()
  .refine((body) => body.instructor_id !== undefined || body.location_id !== undefined, { message: 'Name an instructor or a room to change', path: ['instructor_id'] });

export const ZChangeOccurrenceResponse = z.object({ data: ZManageOccurrence, emailed_accounts: z.number().int(), message: z.string() });

/** GET /api/manage/venues/{venue}/changes?page=: the venue's recorded changes, newest first. */
export const ZManageChangesQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const ZOperatorChange = z.object({
  id: z.number().int(),
  action: z.string(),
  occurrence_id: z.number().int().nullable(),
  summary: z.string(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  by: ZStaffRef,
  created_at: z.string(),
});
export type OperatorChange = z.infer<typeof ZOperatorChange>;
export const ZManageChangesResponse = z.object({
  data: z.array(ZOperatorChange),
  venue: ZManageVenue,
  meta: z.object({ current_page: z.number().int(), last_page: z.number().int(), total: z.number().int() }),
});
