import { z } from 'zod';

/**
 * POST {auth}/customer/login (spec §7): username is the email address or the customer reference.
 * Not `.strict()`, unlike other bodies: scripts written for the live product send extra keys,
 * which are dropped rather than refused (docs/api-compatibility.md).
 */
export const ZLoginRequest = z.object({
  username: z.string().trim().min(1, 'Required').max(254, 'Must contain at most 254 character(s)'),
  password: z.string().min(1, 'Required').max(200, 'Must contain at most 200 character(s)'),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

/** `data.token` per the spec; top-level `status` and `token` as the live product's clients read them. */
export const ZLoginResponse = z.object({
  status: z.literal('success'),
  token: z.string(),
  data: z.object({ token: z.string() }),
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;
