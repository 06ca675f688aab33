import { z } from 'zod';

/**
 * POST /api/price/{venue}/ticket/{activity} (spec §7), body { reference, is_v2, occurrence_id }:
 * member and non-member prices of each ticket type side by side, and the customer's discount.
 * `reference` is the customer (membership user) reference the discount is for; a discount that
 * does not apply answers 400 with a message (spec §5: only a 400 is shown as an error).
 */
export const ZPriceParams = z.object({ venue: z.string().min(1).max(120), activity: z.string().min(1).max(120) });
export const ZPriceRequest = z.looseObject({
  reference: z.string().max(64).nullable().optional(),
  is_v2: z.boolean().optional(),
  occurrence_id: z.union([z.number().int().positive(), z.string().max(64)]).nullable().optional(),
});
export type PriceRequest = z.infer<typeof ZPriceRequest>;

const money = z.object({ raw: z.number().int(), formatted: z.string() });
export const ZTicketPrice = z.object({
  pricing_option_id: z.number().int(),
  name: z.string(),
  non_member: money,
  member: money,
  /** The price for the customer of `reference` (member price when they hold a membership). */
  your_price: money,
});
export const ZPrice = z.object({
  customer_id: z.number().int().nullable(),
  is_member: z.boolean(),
  discount: z.object({ name: z.string(), percent: z.number().int() }).nullable(),
  tickets: z.array(ZTicketPrice),
});
export type PriceDto = z.infer<typeof ZPrice>;
export const ZPriceResponse = z.object({ data: ZPrice });
export type PriceResponse = z.infer<typeof ZPriceResponse>;
