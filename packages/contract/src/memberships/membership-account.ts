import { z } from 'zod';
import { recordId } from '../common/record-id.ts';
import { shownAmountCardRequest, ZCheckoutAuthorise } from '../checkout/authorise.ts';
import { ZMoney } from './list-memberships.ts';
import { ZAgreement, ZDatedText, ZMandateStatus, ZScheduleEntry } from './online-joining.ts';

/**
 * A membership in My account (issue 23; docs/memberships.md), under DASHBOARD_BASE; the list stays
 * GET /api/dashboard/memberships (list-memberships.ts). Another customer's membership: 403
 * 'Unauthorised.'; an unknown id 404 membership_not_found.
 *
 *   GET  /api/dashboard/memberships/{membershipId}                    ZMembershipDetailResponse
 *   GET  /api/dashboard/memberships/{membershipId}/agreement          ZMembershipAgreementResponse
 *   GET  /api/dashboard/memberships/{membershipId}/cancel             ZCancelPreviewResponse (what cancelling today does)
 *   POST /api/dashboard/memberships/{membershipId}/cancel             ZCancelMembershipRequest → ZCancelMembershipResponse
 *   POST /api/dashboard/memberships/{membershipId}/arrears/authorise  ZArrearsAuthoriseRequest → ZArrearsAuthoriseResponse
 *   POST /api/dashboard/memberships/{membershipId}/arrears/pay        ZArrearsPayRequest → ZArrearsPayResponse
 */
export const ZMembershipParams = z.object({ membershipId: recordId() });

export const ZCollection = z.object({
  id: z.number().int(),
  date: ZDatedText,
  amount: ZMoney,
  status: z.enum(['scheduled', 'pending_submission', 'submitted', 'paid', 'failed', 'paid_by_card', 'cancelled']),
});

export const ZMembershipDetail = z.object({
  id: z.number().int(),
  membership_number: z.string(),
  plan: z.object({ id: z.number().int(), name: z.string(), billing: z.enum(['monthly', 'annual']), minimum_term_months: z.number().int() }),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  venue: z.object({ slug: z.string(), name: z.string() }),
  /** 'arrears': a Direct Debit failed; booking is blocked until it is paid by card. */
  status: z.enum(['active', 'frozen', 'cancelled', 'arrears', 'awaiting_mandate']),
  start_date: ZDatedText,
  /** Set once cancelled (the last day), or for annual upfront the end of the paid year. */
  ends_on: ZDatedText.nullable(),
  monthly: ZMoney,
  cooling_off_ends_on: ZDatedText,
  minimum_term_ends_on: ZDatedText.nullable(),
  mandate: z
    .object({ status: ZMandateStatus, account_holder_name: z.string(), sort_code: z.string(), account_number_ending: z.string(), reference: z.string() })
    .nullable(),
  /** Paid and coming payments. */
  schedule: z.array(ZScheduleEntry),
  collections: z.array(ZCollection),
  /** What is owed after a failed Direct Debit; null when nothing. */
  arrears: ZMoney.nullable(),
});
export type MembershipDetailDto = z.infer<typeof ZMembershipDetail>;
export const ZMembershipDetailResponse = z.object({ data: ZMembershipDetail });
export type MembershipDetailResponse = z.infer<typeof ZMembershipDetailResponse>;

export const ZMembershipAgreementResponse = z.object({ data: ZAgreement });

/* ---- Cancel ---- */

export const ZCancelPreview = z.object({
  /** false: cannot be cancelled online (12-month term, already cancelled); `message` says why and how. */
  allowed: z.boolean(),
  kind: z.enum(['cooling_off', 'notice', 'annual_end', 'minimum_term', 'already_cancelled']),
  /** What the screen shows before confirming. */
  message: z.string(),
  /** The last day of the membership (allowed only). */
  ends_on: ZDatedText.nullable(),
  /** The last Direct Debit (notice); null otherwise. */
  last_collection: z.object({ date: ZDatedText, amount: ZMoney }).nullable(),
  /** Within cooling-off: everything paid, refunded to the card and the Direct Debit. */
  refund: ZMoney.nullable(),
  /** Refused online: how to cancel instead. */
  how_to_cancel: z.string().nullable(),
});
export type CancelPreviewDto = z.infer<typeof ZCancelPreview>;
export const ZCancelPreviewResponse = z.object({ data: ZCancelPreview });
export type CancelPreviewResponse = z.infer<typeof ZCancelPreviewResponse>;

/** `ends_on`: the end date the customer was shown (a different one today is 409 cancel_changed). */
export const ZCancelMembershipRequest = z.object({ confirm: z.literal(true), ends_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).strict();
export type CancelMembershipRequest = z.infer<typeof ZCancelMembershipRequest>;
export const ZCancelMembershipResponse = z.object({ data: ZMembershipDetail, message: z.string() });
export type CancelMembershipResponse = z.infer<typeof ZCancelMembershipResponse>;

/* ---- Arrears: paid by card from the account site ---- */

export const ARREARS_RETURN_PATH = /^(\/_\/my-account)?\/memberships(\/\d+)?$/;
export const ZArrearsAuthoriseRequest = shownAmountCardRequest({ pattern: ARREARS_RETURN_PATH, maxLength: 60, site: 'account' });
export type ArrearsAuthoriseRequest = z.infer<typeof ZArrearsAuthoriseRequest>;
export const ZArrearsAuthoriseResponse = z.object({ data: ZCheckoutAuthorise });
export const ZArrearsPayRequest = z.object({ transaction_uuid: z.uuid() }).strict();
export const ZArrearsPayResponse = z.object({ data: ZMembershipDetail, message: z.string() });
