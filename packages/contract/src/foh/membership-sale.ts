import { z } from 'zod';
import { recordId } from '../common/record-id.ts';
import { ZJoinQuote } from '../memberships/online-joining.ts';
import { ZFohPaidTender, ZFohPaymentLine } from './pay.ts';
import { ZMoney, ZPathId } from './common.ts';

/**
 * A membership sold at the till (issue 24 "Sell a membership with the join quote";
 * docs/memberships.md "Sold at the till"). Staff only; the customer's person, the till session
 * the caller has open. The plans are the online-joining plans API of the till's venue; the quote
 * is the one server-side join quote (the person's date of birth from the account).
 *
 *   POST /api/foh/customers/{accountUserId}/memberships/quote   ZTillMembershipQuoteRequest → ZTillMembershipQuoteResponse
 *   POST /api/foh/customers/{accountUserId}/memberships         ZTillMembershipSaleRequest → ZTillMembershipSaleResponse (201)
 *   POST /api/foh/memberships/{membershipId}/mandate-link        (no body) → ZMandateLinkSentResponse (201): a new link
 *        for a membership still waiting for its Direct Debit; the older links stop working (409 when not waiting)
 *
 * Today's payment is taken with the till's tenders (cash, cheque, voucher, card terminal; not
 * account credit) and recorded in the till session as a sale. A monthly plan waits for its
 * Direct Debit mandate ('awaiting_mandate') until the member completes it from the emailed link;
 * an annual upfront plan is active at once. The same person and plan twice → 409 already_a_member.
 */

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD');

export const ZTillMembershipQuoteRequest = z
  .object({
    till_session_id: recordId(),
    plan_id: recordId(),
    /** One of the customer's people (the account holder or a family member). */
    membership_user_id: recordId(),
    start_date: ZDate,
  })
  .strict();
export type TillMembershipQuoteRequest = z.infer<typeof ZTillMembershipQuoteRequest>;
export const ZTillMembershipQuoteResponse = z.object({ data: ZJoinQuote });

export const ZTillMembershipSaleRequest = ZTillMembershipQuoteRequest.extend({
  /** Today's payment: the lines add up to the quote's today_total (none when nothing is due). */
  payments: z.array(ZFohPaymentLine).max(10, 'At most 10 payment lines'),
}).strict();
export type TillMembershipSaleRequest = z.infer<typeof ZTillMembershipSaleRequest>;

export const ZTillMembershipSale = z.object({
  membership_id: z.number().int(),
  membership_number: z.string(),
  /** 'awaiting_mandate' until the member gives their bank details from the emailed link. */
  status: z.enum(['active', 'awaiting_mandate']),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  quote: ZJoinQuote,
  /** The order of today's payment; null when nothing was due. */
  order_reference: z.string().nullable(),
  till_session_id: z.number().int(),
  tenders: z.array(ZFohPaidTender),
  change_due: ZMoney,
  /** Where the Direct Debit link went (monthly plans); null for annual upfront. */
  mandate_link_sent_to: z.string().nullable(),
  mandate_link_expires_at: z.string().nullable(),
});
export type TillMembershipSaleDto = z.infer<typeof ZTillMembershipSale>;
export const ZTillMembershipSaleResponse = z.object({ data: ZTillMembershipSale, message: z.string() });

export const ZMembershipParams = z.object({ membershipId: ZPathId });
export const ZMandateLinkSentResponse = z.object({
  data: z.object({ membership_id: z.number().int(), sent_to: z.string(), expires_at: z.string() }),
  message: z.string(),
});
export type MandateLinkSentDto = z.infer<typeof ZMandateLinkSentResponse>['data'];
