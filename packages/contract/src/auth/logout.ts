import { z } from 'zod';

/** POST {auth}/logout: revokes the bearer token (no body). */
export const ZLogoutResponse = z.object({ data: z.object({ message: z.string() }) });
export type LogoutResponse = z.infer<typeof ZLogoutResponse>;
