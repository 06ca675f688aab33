/**
 * The discount code field's limit (issue 20; docs/discounts.md), apart from the schemas in
 * discount.ts so the basket's screen does not carry zod (issue 28). discount.ts re-exports it.
 */

/** The longest code the field takes (stored codes are at most 40 characters). */
export const DISCOUNT_CODE_MAX = 64;
