import { z } from 'zod';

/** GET {activities}/{id}: one class by its numeric (v1) occurrence id. */
export const ZClassParams = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number) });

/** GET {v1Activities}/occurrences/{id}: an occurrence by its uuid (v2) or numeric (v1) id. */
export const ZOccurrenceParams = z.object({
  id: z.union([z.uuid(), z.string().regex(/^\d{1,9}$/)], { error: 'Must be an occurrence id' }),
});

/** Whose actions to compute on a single occurrence. */
export const ZOccurrenceQuery = z.object({
  selected_user_id: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number).optional(),
});

/** GET {activities}/venue/{venue}/activity-category/{category}/activity/{activityIdentifier}/tickets. */
export const ZTicketsParams = z.object({
  venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug'),
  category: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be an activity slug'),
  /** The sub-activity slug (all its ticket types) or one activity's numeric id. */
  activityIdentifier: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be an activity slug or id'),
});

/**
 * GET {activities}/venue/{venue}/activity/{activity}/live?date=: server-sent events. Event
 * `availability` with data `{"occurrence_ids":[…]}` whenever a place of that day changes
 * (after a reconnect of the server's listener, `{"occurrence_ids":[],"resync":true}`: reload all).
 */
export const ZLiveQuery = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)') });
export const LIVE_EVENT = 'availability';
export type LiveEventData = { occurrence_ids: number[]; resync?: true };
