import { z } from 'zod';
import { ZMoney } from './common.ts';

/**
 * The kiosk's card takings (docs/front-of-house.md "Kiosk takings"): what the kiosk took on the
 * venue's own card terminal, so staff can reconcile it with the terminal's end-of-day report. Staff
 * of the venue's operator only; another operator's venue (or none) → 403 'Unauthorised.'.
 *
 * GET /api/foh/venues/{venue}/kiosk-takings?date=YYYY-MM-DD (the venue's local day; today when
 * absent) and …/kiosk-takings.csv?date= : every completed kiosk card payment of that day (time,
 * order reference, terminal and its reference, amount) and the total; the payments the terminal
 * approved but the order could not take (reversed, refunded at the terminal) listed apart, not in
 * the total.
 */
export const ZKioskTakingsParams = z.object({ venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug') });
export const ZKioskTakingsQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD)')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'Must be a real date')
    .optional(),
});

export const ZKioskTakingsPayment = z.object({
  id: z.string(),
  /** When the payment completed (ISO instant). */
  completed_at: z.string(),
  order_reference: z.string().nullable(),
  terminal_id: z.string(),
  terminal_reference: z.string().nullable(),
  amount: ZMoney,
});
export type KioskTakingsPayment = z.infer<typeof ZKioskTakingsPayment>;

export const ZKioskTakings = z.object({
  venue: z.object({ slug: z.string(), name: z.string() }),
  /** The venue's local day the report is for (YYYY-MM-DD). */
  date: z.string(),
  payments: z.array(ZKioskTakingsPayment),
  count: z.number().int(),
  total: ZMoney,
  /** Approved at the terminal, then reversed (the order could not take it): refunded, not in the total. */
  reversed: z.array(ZKioskTakingsPayment),
  currency_symbol: z.string(),
});
export type KioskTakings = z.infer<typeof ZKioskTakings>;
export const ZKioskTakingsResponse = z.object({ data: ZKioskTakings });

/**
 * The kiosk's card total at the till's venue over a till session's period (opening to the read,
 * or to the close): on the X read and the Z report as a line of its own, never in the drawer's
 * expected card-terminal figure (the kiosk's card payments are not this till's takings).
 */
export const ZKioskCardLine = z.object({ count: z.number().int(), total: ZMoney, from: z.string(), to: z.string() });
export type KioskCardLine = z.infer<typeof ZKioskCardLine>;
