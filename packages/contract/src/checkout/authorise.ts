import { z } from 'zod';
import { ZCheckoutSource, ZCompletedWaivers, ZPaymentLine, ZTermIds } from './payment.ts';

/**
 * POST /api/checkout/authorise (spec §7; wire notes): billing name and address, the 3-D Secure 2
 * browser fields, card identifier (from the provider's tokenisation) or saved_card_id, card holder
 * name, completed waivers, payments, session key, source, terms, save_card, saved_card_id.
 */
export const ZBillingAddress = z.looseObject({
  address_1: z.string().max(200).optional(),
  address_2: z.string().max(200).nullable().optional(),
  city: z.string().max(100).optional(),
  postcode: z.string().max(16).optional(),
  /** ISO 3166-1 alpha-2 ('GB'): exactly two characters (spec §5 'Must contain exactly 2 character(s)'). */
  country: z.string().length(2).optional(),
});

/** The 3-D Secure 2 browser fields of an authorise (checkout's, and a late-fee card payment's). */
export const BROWSER_FIELDS = {
  browser_color_depth: z.union([z.number().int(), z.string().max(4)]).optional(),
  browser_java_enabled: z.boolean().optional(),
  browser_javascript_enabled: z.boolean().optional(),
  browser_language: z.string().max(35).optional(),
  browser_screen_height: z.union([z.number().int(), z.string().max(6)]).optional(),
  browser_screen_width: z.union([z.number().int(), z.string().max(6)]).optional(),
  browser_timezone: z.union([z.number().int(), z.string().max(6)]).optional(),
};

/**
 * A card payment of an amount the customer was shown, outside the basket (late fees, membership
 * arrears, a join's first payment): the card identifier from the provider's tokenisation or a
 * saved card, the 3-D Secure browser fields, and the return path of the screen that asked (a
 * challenge comes back there). `amount` in pence; a different amount than the server's is 409.
 */
export const shownAmountCardRequest = (returnPath: { pattern: RegExp; maxLength: number; site: string }) =>
  z
    .object({
      amount: z.number().int().positive().max(10_000_000),
      session_key: z.string().min(1, 'Required').max(128),
      card_identifier: z.string().max(128).nullable().optional(),
      card_holder_name: z.string().max(100).optional(),
      saved_card_id: z.number().int().positive().nullable().optional(),
      save_card: z.boolean().optional(),
      return_path: z.string().max(returnPath.maxLength).regex(returnPath.pattern, `Not a return path of the ${returnPath.site} site.`).optional(),
      ...BROWSER_FIELDS,
    })
    .strict();

export const ZCheckoutAuthoriseRequest = z.looseObject({
  billing_first_name: z.string().max(100).optional(),
  billing_last_name: z.string().max(100).optional(),
  billing_address: ZBillingAddress.optional(),
  ...BROWSER_FIELDS,
  card_identifier: z.string().max(128).nullable().optional(),
  card_holder_name: z.string().max(100).optional(),
  completed_waivers: ZCompletedWaivers.optional(),
  payments: z.array(ZPaymentLine).max(10),
  session_key: z.string().min(1, 'Required').max(128),
  source: ZCheckoutSource,
  terms: ZTermIds.optional(),
  save_card: z.boolean().optional(),
  saved_card_id: z.number().int().positive().nullable().optional(),
  selected_user_id: z.number().int().positive().nullable().optional(),
  item_hash: z.string().max(128).optional(),
});
export type CheckoutAuthoriseRequest = z.infer<typeof ZCheckoutAuthoriseRequest>;

/**
 * 'authorised': frictionless, call complete with transaction_uuid.
 * 'challenge': send the customer to sca_url (the provider's page, sca_data is its token);
 * it returns to /basket/checkout?transaction_uuid=…&status=approved|declined.
 */
export const ZTransactionStatus = z.enum(['challenge', 'authorised', 'declined', 'error', 'completed', 'voided', 'refunded']);
export const ZCheckoutAuthorise = z.object({
  transaction_uuid: z.string(),
  transaction_status: ZTransactionStatus,
  sca_url: z.string().nullable(),
  sca_data: z.string().nullable(),
  amount: z.number().int(),
});
export type CheckoutAuthoriseDto = z.infer<typeof ZCheckoutAuthorise>;
/** Fields at the top level (wire clients) and in `data`. */
export const ZCheckoutAuthoriseResponse = ZCheckoutAuthorise.extend({ data: ZCheckoutAuthorise });
export type CheckoutAuthoriseResponse = z.infer<typeof ZCheckoutAuthoriseResponse>;
