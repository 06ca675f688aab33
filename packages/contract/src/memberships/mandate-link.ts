import { z } from 'zod';
import { ZJoinMandateRequest, ZJoinQuote, ZMandateStatus } from './online-joining.ts';

/**
 * The Direct Debit step of a membership sold at the till (issue 24; docs/memberships.md "Sold at
 * the till"): the member opens the emailed link on the online-joining site and gives their bank
 * details there (staff never type them). The token is the credential (no login needed); a
 * logged-in customer of another account is refused (403). A link used, expired or unknown is
 * 410 / 410 / 404 with its message.
 *
 *   GET  /api/online-joining/mandate-links/{token}           ZMandateLinkResponse
 *   POST /api/online-joining/mandate-links/{token}/mandate   ZJoinMandateRequest → ZMandateLinkDoneResponse
 */

/** 43 base64url characters (256 random bits). */
export const ZMandateLinkParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This is not a Direct Debit link.') });

export const MANDATE_LINK_USED_MESSAGE = 'This link has already been used: the Direct Debit is set up. See your membership in My account.';
export const MANDATE_LINK_EXPIRED_MESSAGE = 'This link has expired. Ask at reception for a new one.';
export const MANDATE_LINK_UNKNOWN_MESSAGE = 'This Direct Debit link is not valid. Check that you opened the whole link from the email.';

export const ZMandateLink = z.object({
  membership_number: z.string(),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  venue: z.object({ slug: z.string(), name: z.string() }),
  person: z.object({ first_name: z.string(), last_name: z.string() }),
  quote: ZJoinQuote,
  expires_at: z.string(),
});
export type MandateLinkDto = z.infer<typeof ZMandateLink>;
export const ZMandateLinkResponse = z.object({ data: ZMandateLink });

export const ZMandateLinkRequest = ZJoinMandateRequest;

export const ZMandateLinkDone = z.object({
  membership_number: z.string(),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  status: z.literal('active'),
  mandate: z.object({ status: ZMandateStatus, reference: z.string(), account_number_ending: z.string(), account_holder_name: z.string() }),
  first_collection: z.object({ date: z.object({ date: z.string(), text: z.string() }), amount: z.object({ raw: z.number().int(), formatted: z.string() }) }).nullable(),
  emailed_to: z.string(),
});
export type MandateLinkDoneDto = z.infer<typeof ZMandateLinkDone>;
export const ZMandateLinkDoneResponse = z.object({ data: ZMandateLinkDone, message: z.string() });
