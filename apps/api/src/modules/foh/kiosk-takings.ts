import type { KioskTakings, KioskTakingsPayment } from '@app/contract/foh/kiosk-takings';
import type { Db } from '../../db/connect.ts';
import { forbidden } from '../../lib/errors.ts';
import { takingsOfDay } from '../kiosk-terminal/service.ts';
import { csvCell, iso, money, type Staff } from './tills.ts';

/**
 * The kiosk's card takings for staff (docs/front-of-house.md "Kiosk takings"): a venue's day of
 * completed kiosk card payments (page and CSV) to reconcile with the venue's card terminal, and
 * the kiosk's card total over a till session's period for its X read and Z report — a line of its
 * own, never in the drawer's expected figures.
 */

type Day = NonNullable<Awaited<ReturnType<typeof takingsOfDay>>>;
const paymentDto = (row: Day['completed'][number], symbol: string): KioskTakingsPayment => ({
  id: row.id,
  completed_at: iso(row.decided_at),
  order_reference: row.order_reference,
  terminal_id: row.terminal_id,
  terminal_reference: row.terminal_reference,
  amount: money(row.amount_pence, symbol),
});

/** The venue's kiosk card takings of a local day (today when no date); another operator's venue, or none → 403. */
export const kioskTakings = async (db: Db, staff: Staff, venueSlug: string, date: string | undefined): Promise<{ data: KioskTakings }> => {
  const day = await takingsOfDay(db, staff.clientId, venueSlug, date);
  if (!day) throw forbidden();
  const symbol = day.currencySymbol;
  return {
    data: {
      venue: day.venue,
      date: day.date,
      payments: day.completed.map((r) => paymentDto(r, symbol)),
      count: day.completed.length,
      total: money(
        day.completed.reduce((sum, r) => sum + r.amount_pence, 0),
        symbol,
      ),
      reversed: day.reversed.map((r) => paymentDto(r, symbol)),
      currency_symbol: symbol,
    },
  };
};

const pounds = (p: number) => (p / 100).toFixed(2);

/** The same as CSV: a header block, one row per completed payment, the total, then the reversed ones. */
export const kioskTakingsCsv = async (db: Db, staff: Staff, venueSlug: string, date: string | undefined) => {
  const { data } = await kioskTakings(db, staff, venueSlug, date);
  const line = (p: KioskTakingsPayment) => [p.completed_at, p.order_reference ?? '', p.terminal_id, p.terminal_reference ?? '', pounds(p.amount.raw)];
  const rows: (string | number)[][] = [
    ['Kiosk card takings', data.venue.name],
    ['Date', data.date],
    [],
    ['Completed at', 'Order reference', 'Terminal', 'Terminal reference', 'Amount'],
    ...data.payments.map(line),
    ['Total', data.count, '', '', pounds(data.total.raw)],
    ...(data.reversed.length ? [[], ['Reversed (refunded at the terminal, not in the total)'], ...data.reversed.map(line)] : []),
  ];
  return { filename: `kiosk-takings-${data.venue.slug}-${data.date}.csv`, body: rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n' };
};
