import { z } from 'zod';
import { ZMoney } from '../memberships/list-memberships.ts';

/**
 * The account's payments (issue 11): GET {dashboard}/orders (newest first, every family member's
 * orders: they are all the account holder's) and GET {dashboard}/orders/{orderId} (the receipt;
 * another account's order is 404, as GET /api/checkout/orders/{id}).
 */
export const ZAccountOrderParams = z.object({ orderId: z.uuid('Must be an order id') });
export const ZAccountOrdersQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

export const ZOrderLine = z.object({
  id: z.number().int(),
  /** The activity booked. */
  name: z.string(),
  /** 'Covered by membership', 'Package visit: 10 Swims', or null for a line paid in money. */
  description: z.string().nullable(),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  /** YYYY-MM-DD, venue local, and the start time (24 h). */
  date: z.string(),
  time: z.string(),
  venue: z.object({ slug: z.string(), name: z.string() }),
  price: ZMoney,
  status: z.enum(['booked', 'cancelled']),
});

export const ZOrderTender = z.object({
  tender_type: z.string(),
  /** The tender as a customer reads it ('Card', 'Account credit', …). */
  label: z.string(),
  amount: ZMoney,
  card: z.object({ brand: z.string(), last_four: z.string() }).nullable(),
});

export const ZAccountOrder = z.object({
  id: z.string(),
  reference: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  source: z.string(),
  person: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  lines: z.array(ZOrderLine),
  tenders: z.array(ZOrderTender),
  /** The discount code the order used and what it took off (issue 21); `total` is after it. */
  discount: z.object({ code: z.string(), amount: ZMoney }).nullable(),
  total: ZMoney,
  /** Prices include VAT; no VAT breakdown is stored per order, so this is null. */
  vat: ZMoney.nullable(),
});
export type AccountOrderDto = z.infer<typeof ZAccountOrder>;

export const ZListAccountOrdersResponse = z.object({ data: z.array(ZAccountOrder) });
export type ListAccountOrdersResponse = z.infer<typeof ZListAccountOrdersResponse>;

/** The receipt: the order and its operator. */
export const ZReceipt = ZAccountOrder.extend({
  operator: z.object({ name: z.string() }),
  customer: z.object({ reference: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
});
export type ReceiptDto = z.infer<typeof ZReceipt>;
export const ZReceiptResponse = z.object({ data: ZReceipt });
export type ReceiptResponse = z.infer<typeof ZReceiptResponse>;
