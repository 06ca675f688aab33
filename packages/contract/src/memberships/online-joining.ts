import { z } from 'zod';
import { shownAmountCardRequest, ZCheckoutAuthorise } from '../checkout/authorise.ts';
import { recordId } from '../common/record-id.ts';
import { ZMoney } from './list-memberships.ts';

/**
 * Online joining (issue 23; docs/memberships.md): the plans a venue sells, the join quote, and a
 * join in steps — start (plan, person, start date), Direct Debit mandate (monthly plans), today's
 * payment by card (the checkout's card step and 3-D Secure), complete. Routes under API_BASE:
 *
 *   GET  /api/online-joining/venues/{venue}/plans          ZListPlansResponse (public)
 *   POST /api/online-joining/quote                          ZJoinQuoteRequest → ZJoinQuoteResponse (public)
 *   POST /api/online-joining/joins                          ZStartJoinRequest → ZJoinResponse (login)
 *   GET  /api/online-joining/joins/{joinId}                 ZJoinResponse
 *   PUT  /api/online-joining/joins/{joinId}/mandate         ZJoinMandateRequest → ZJoinResponse
 *   POST /api/online-joining/joins/{joinId}/authorise       ZJoinAuthoriseRequest → ZJoinAuthoriseResponse
 *   POST /api/online-joining/joins/{joinId}/complete        ZJoinCompleteRequest → ZJoinConfirmationResponse
 *   GET  /api/online-joining/joins/{joinId}/confirmation    ZJoinConfirmationResponse
 *
 * Refusals are { message, code, errors: { <field>: [message] } } with 4xx (docs/memberships.md).
 */

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD');
export const ZAgeBand = z.enum(['adult', 'junior', 'concession']);
export const ZBilling = z.enum(['monthly', 'annual']);

/** A date with its written form ('1 January 2027'). */
export const ZDatedText = z.object({ date: z.string(), text: z.string() });

/* ---- Plans ---- */

export const ZPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The venues that sell it (a plan can cover several). */
  venues: z.array(z.object({ slug: z.string(), name: z.string() })),
  billing: ZBilling,
  /** Per month (annual plans: the monthly equivalent, for comparison). */
  monthly_price: ZMoney,
  /** Annual upfront: the price of the year; null for monthly. */
  annual_price: ZMoney.nullable(),
  joining_fee: ZMoney,
  /** 0 (none) or 12. */
  minimum_term_months: z.union([z.literal(0), z.literal(12)]),
  /** 'No minimum term' or '12-month minimum term'. */
  term_text: z.string(),
  age_band: ZAgeBand,
  /** 'Adult (18 and over)', 'Junior (under 16)', 'Concession (60 and over)'. */
  age_band_text: z.string(),
  peak: z.enum(['peak', 'off_peak']),
  /** 'Any time' or 'Off-peak: weekdays before 4pm and weekends'. */
  peak_text: z.string(),
  /** What it includes: activities free for members, and member prices on the rest. */
  includes: z.array(z.object({ name: z.string(), kind: z.enum(['free', 'member_price']) })),
});
export type PlanDto = z.infer<typeof ZPlan>;
export const ZListPlansParams = z.object({ venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug') });
export const ZListPlansResponse = z.object({ data: z.array(ZPlan) });
export type ListPlansResponse = z.infer<typeof ZListPlansResponse>;

/* ---- The quote ---- */

export const ZJoinQuoteRequest = z
  .object({
    venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug'),
    plan_id: recordId(),
    start_date: ZDate,
    /** Optional for the quote (checked against the plan's age band when given). */
    date_of_birth: ZDate.optional(),
  })
  .strict();
export type JoinQuoteRequest = z.infer<typeof ZJoinQuoteRequest>;

export const ZJoinQuote = z.object({
  plan_id: z.number().int(),
  venue: z.string(),
  billing: ZBilling,
  start_date: ZDatedText,
  joining_fee: ZMoney,
  /** The start date to the end of its month; null for annual. */
  pro_rata: z.object({ amount: ZMoney, from: ZDatedText, to: ZDatedText, days: z.number().int(), days_in_month: z.number().int() }).nullable(),
  /** Started after the 20th: the next month paid today in full. */
  next_month: z.object({ amount: ZMoney, from: ZDatedText, to: ZDatedText }).nullable(),
  /** Annual upfront: the year paid today. */
  annual: z.object({ amount: ZMoney, from: ZDatedText, to: ZDatedText }).nullable(),
  today_total: ZMoney,
  nothing_to_pay_today: z.boolean(),
  /** Null for annual upfront (no mandate). */
  first_collection: z.object({ date: ZDatedText, amount: ZMoney }).nullable(),
  monthly: ZMoney,
  /** Null without a minimum term. */
  minimum_term_ends_on: ZDatedText.nullable(),
  cooling_off_ends_on: ZDatedText,
  mandate_required: z.boolean(),
  notice_rule: z.string(),
});
export type JoinQuoteDto = z.infer<typeof ZJoinQuote>;
export const ZJoinQuoteResponse = z.object({ data: ZJoinQuote });
export type JoinQuoteResponse = z.infer<typeof ZJoinQuoteResponse>;

/* ---- A join ---- */

export const ZStartJoinRequest = z
  .object({
    venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug'),
    plan_id: recordId(),
    start_date: ZDate,
    /** Who joins: one of the account's people; the account holder when absent. */
    membership_user_id: recordId().nullable().optional(),
    /** Required when the person has no date of birth on record; else must match it. Recorded on the person. */
    date_of_birth: ZDate.optional(),
  })
  .strict();
export type StartJoinRequest = z.infer<typeof ZStartJoinRequest>;

export const ZJoinParams = z.object({ joinId: z.uuid() });

export const ZMandateStatus = z.enum(['pending_submission', 'submitted', 'active', 'failed', 'cancelled']);

export const ZJoin = z.object({
  id: z.string(),
  status: z.enum(['pending', 'completed']),
  plan: ZPlan,
  venue: z.object({ slug: z.string(), name: z.string() }),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  quote: ZJoinQuote,
  /** What is left to do: the mandate (monthly plans), then the card (when something is due today), then complete. */
  next_step: z.enum(['mandate', 'card', 'complete', 'done']),
  /** The Direct Debit set up for this join; never the full account number. */
  mandate: z
    .object({
      status: ZMandateStatus,
      account_holder_name: z.string(),
      sort_code: z.string(),
      account_number_ending: z.string(),
      reference: z.string(),
    })
    .nullable(),
  /** Set once completed. */
  membership_id: z.number().int().nullable(),
});
export type JoinDto = z.infer<typeof ZJoin>;
export const ZJoinResponse = z.object({ data: ZJoin });
export type JoinResponse = z.infer<typeof ZJoinResponse>;

/** The Direct Debit step: UK modulus-checked bank details and the sole-authoriser confirmation. */
export const ZJoinMandateRequest = z
  .object({
    account_holder_name: z.string().trim().min(1, 'Required').max(100),
    /** 6 digits, dashes and spaces allowed ('20-00-00'). */
    sort_code: z.string().regex(/^\s*\d{2}[\s-]?\d{2}[\s-]?\d{2}\s*$/, 'Enter a 6-digit sort code, like 20-00-00'),
    account_number: z.string().regex(/^\s*\d{6,8}\s*$/, 'Enter an account number of 6 to 8 digits'),
    sole_authoriser: z.literal(true, { error: 'Confirm that you can authorise debits from this account alone' }),
  })
  .strict();
export type JoinMandateRequest = z.infer<typeof ZJoinMandateRequest>;

/** The web's return paths after a 3-D Secure challenge (online-joining site, with or without the path prefix). */
export const JOIN_RETURN_PATH = /^(\/_\/online-joining)?\/join\/[0-9a-f-]{36}\/payment$/;

/** Today's payment by card: as checkout's authorise (card identifier or saved card, 3-D Secure browser fields). */
export const ZJoinAuthoriseRequest = shownAmountCardRequest({ pattern: JOIN_RETURN_PATH, maxLength: 80, site: 'online-joining' });
export type JoinAuthoriseRequest = z.infer<typeof ZJoinAuthoriseRequest>;
export const ZJoinAuthoriseResponse = z.object({ data: ZCheckoutAuthorise });

/** `transaction_uuid` of the authorised card payment; absent when nothing is due today. */
export const ZJoinCompleteRequest = z.object({ transaction_uuid: z.uuid().nullable().optional() }).strict();

/* ---- Confirmation and agreement ---- */

export const ZAgreementSection = z.object({ heading: z.string(), paragraphs: z.array(z.string()) });
export const ZAgreement = z.object({ title: z.string(), sections: z.array(ZAgreementSection) });
export type AgreementDto = z.infer<typeof ZAgreement>;

export const ZScheduleEntry = z.object({
  date: ZDatedText,
  description: z.string(),
  amount: ZMoney,
  method: z.enum(['card', 'direct_debit']),
});

export const ZJoinConfirmation = z.object({
  membership_id: z.number().int(),
  membership_number: z.string(),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  venue: z.object({ slug: z.string(), name: z.string() }),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  start_date: ZDatedText,
  /** What was paid today (card) and the Direct Debits to come (the first few). */
  schedule: z.array(ZScheduleEntry),
  paid_today: ZMoney,
  /** The order of today's payment (Payments in My account); null when nothing was paid. */
  order_reference: z.string().nullable(),
  agreement: ZAgreement,
  /** The address the agreement email went to. */
  emailed_to: z.string(),
});
export type JoinConfirmationDto = z.infer<typeof ZJoinConfirmation>;
export const ZJoinConfirmationResponse = z.object({ data: ZJoinConfirmation, message: z.string() });
export type JoinConfirmationResponse = z.infer<typeof ZJoinConfirmationResponse>;
