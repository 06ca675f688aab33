import { z } from 'zod';
import { ZOneTimeToken } from './fields.ts';

/** POST {auth}/token: a one-time login token for a link to another source (spec §2 `token`). No body. */
export const ZCreateLoginTokenResponse = z.object({ data: z.object({ token: z.string(), expires_in: z.number().int() }) });
export type CreateLoginTokenResponse = z.infer<typeof ZCreateLoginTokenResponse>;

/**
 * POST {auth}/token/exchange: the receiving site trades the one-time token for its own session.
 * The session arrives only as the HttpOnly cookie (docs/security.md): the token is never in the
 * body, so a script on the page cannot turn a one-time token into a readable session token.
 */
export const ZExchangeLoginTokenRequest = z.object({ token: ZOneTimeToken }).strict();
export type ExchangeLoginTokenRequest = z.infer<typeof ZExchangeLoginTokenRequest>;
export const ZExchangeLoginTokenResponse = z.object({
  status: z.literal('success'),
  data: z.object({ message: z.string() }),
});
export type ExchangeLoginTokenResponse = z.infer<typeof ZExchangeLoginTokenResponse>;
