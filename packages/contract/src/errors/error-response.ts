import { z } from 'zod';

/**
 * The error body of every non-2xx response (DESIGN.md §3): a user-safe `message`, the
 * field → messages map of a 422, and a stable snake_case `code` (e.g. 'venue_not_found')
 * that clients may branch on instead of the wording.
 */
export const ZErrorResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;
