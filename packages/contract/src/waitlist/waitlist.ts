import { z } from 'zod';

/**
 * Waitlists (spec §7): numeric occurrence ids use the activities service, non-numeric (v2 uuid)
 * ones the v1 activities occurrences path (spec §5: a non-numeric id selects the newer service).
 */
export const ZWaitlistEntry = z.object({
  /** numeric on the old service, the entry's uuid on the new one. */
  id: z.union([z.number().int(), z.string()]),
  waitlist_id: z.union([z.number().int(), z.string()]),
  type: z.string(),
  occurrence_id: z.number().int(),
  membership_user_id: z.number().int(),
  status: z.enum(['waiting', 'offered', 'accepted', 'lapsed', 'left']),
  /** 1 = next in line. */
  position: z.number().int(),
  offer_expires_at: z.string().nullable(),
});
export type WaitlistEntryDto = z.infer<typeof ZWaitlistEntry>;
export const ZWaitlistEntryResponse = z.object({ data: ZWaitlistEntry });
/** Join and leave answer the entry and the toast's text (WAITLIST_JOINED_MESSAGE / WAITLIST_LEFT_MESSAGE). */
export const ZWaitlistActionResponse = z.object({ data: ZWaitlistEntry, message: z.string() });
export type WaitlistActionResponse = z.infer<typeof ZWaitlistActionResponse>;

/** POST {activities}/waitlist/add. */
export const ZWaitlistAddRequest = z.looseObject({
  item: z.looseObject({ id: z.number().int().positive(), type: z.string().max(64).optional() }),
  selected_user_id: z.number().int().positive().nullable().optional(),
});

/** DELETE {activities}/waitlist/remove/{waitlistId}. */
export const ZWaitlistRemoveParams = z.object({ waitlistId: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number) });

/** POST {v1Activities}/occurrences/{id}/waitlist/members, body { data: { user_id } }. */
export const ZWaitlistMembersParams = z.object({ id: z.uuid('Must be an occurrence id') });
export const ZWaitlistMembersRequest = z.looseObject({
  data: z.looseObject({ user_id: z.number().int().positive().nullable().optional() }),
});
/** DELETE {v1Activities}/occurrences/{occurrenceId}/waitlist/members/{userId}. */
export const ZWaitlistMemberParams = z.object({
  occurrenceId: z.uuid('Must be an occurrence id'),
  userId: z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number),
});

export const WAITLIST_JOINED_MESSAGE = 'Successfully joined the waitlist.';
export const WAITLIST_LEFT_MESSAGE = 'Successfully removed from the waitlist.';
