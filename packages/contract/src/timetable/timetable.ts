import { z } from 'zod';
import { ZBookableEntry } from './entry.ts';

/**
 * GET {activities}/venue/{venue}/activity/{activity}/timetable and /v2/timetable?date=:
 * classes and ad-hoc sessions of one venue-local day. v1 entries also carry the old service's
 * capitalised keys that public clients read (`Name`, `Spaces`, `Activity_Id`).
 */
export const ZTimetableEntryV1 = ZBookableEntry.extend({
  Name: z.string(),
  Spaces: z.number().int(),
  Activity_Id: z.number().int(),
});
export const ZTimetableV1Response = z.object({ data: z.array(ZTimetableEntryV1) });
export const ZTimetableV2Response = z.object({ data: z.array(ZBookableEntry) });
export type TimetableV1Response = z.infer<typeof ZTimetableV1Response>;
export type TimetableV2Response = z.infer<typeof ZTimetableV2Response>;
