import { z } from 'zod';
import { ZAuthUser } from './auth-user.ts';

/** GET {auth}/user: the logged-in user with their membership users (bearer token, no body). */
export const ZGetAuthUserResponse = z.object({ data: ZAuthUser });
export type GetAuthUserResponse = z.infer<typeof ZGetAuthUserResponse>;
