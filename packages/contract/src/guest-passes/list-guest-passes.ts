import { z } from 'zod';

/**
 * GET {dashboard}/guest-passes: the account's guest passes, held and used. Only when the
 * client's `online_guest_passes_enabled` is on; otherwise 404 `guest_passes_disabled`.
 */
export const ZGuestPass = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(['available', 'used']),
  /** YYYY-MM-DD. */
  valid_until: z.string(),
  used_at: z.string().nullable(),
  used_venue: z.object({ slug: z.string(), name: z.string() }).nullable(),
  guest_name: z.string().nullable(),
  membership_reference: z.string().nullable(),
});
export type GuestPassDto = z.infer<typeof ZGuestPass>;
export const ZListGuestPassesResponse = z.object({
  data: z.array(ZGuestPass),
  summary: z.object({ held: z.number().int(), used: z.number().int(), available: z.number().int() }),
});
export type ListGuestPassesResponse = z.infer<typeof ZListGuestPassesResponse>;
