import { z } from 'zod';

/** POST {auth}/customer/login (spec §7): username is the email address or the customer reference. */
export const ZLoginRequest = z
  .object({
    username: z.string().trim().min(1, 'Required').max(254, 'Must contain at most 254 character(s)'),
    password: z.string().min(1, 'Required').max(200, 'Must contain at most 200 character(s)'),
  })
  .strict();
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({ data: z.object({ token: z.string() }) });
export type LoginResponse = z.infer<typeof ZLoginResponse>;
