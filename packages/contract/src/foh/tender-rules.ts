/**
 * Till tender rules without zod (the till screen imports them in its entry chunk): the tender
 * types, change due, and spec §4's offline-payment actions (add, remove, reset, sync) over a
 * list of lines. The server applies the same rules at `{checkout}/pay` (docs/front-of-house.md).
 */

/** Tender buttons on the till, in screen order (issue 24: Cash, Cheque, Voucher, Card terminal, Credit). */
export const FOH_TENDER_TYPES = ['cash', 'cheque', 'offline-voucher', 'card-terminal', 'credit'] as const;
export type FohTenderType = (typeof FOH_TENDER_TYPES)[number];

/** Tenders counted in the drawer or the terminal at close (credit is not in the till). */
export const COUNTED_TENDERS = ['cash', 'cheque', 'offline-voucher', 'card-terminal'] as const;
export type CountedTender = (typeof COUNTED_TENDERS)[number];

export const TENDER_LABELS: Record<FohTenderType, string> = {
  cash: 'Cash',
  cheque: 'Cheque',
  'offline-voucher': 'Voucher',
  'card-terminal': 'Card terminal',
  credit: 'Credit',
};

/**
 * Change due on cash: what was handed over less the cash part of the payment, in whole pence
 * (amounts are pence, so "rounded to the penny" is exact). Null when too little was handed over.
 */
export const changeDue = (amountTenderedPence: number, cashAmountPence: number): number | null =>
  Number.isInteger(amountTenderedPence) && Number.isInteger(cashAmountPence) && amountTenderedPence >= cashAmountPence ? amountTenderedPence - cashAmountPence : null;

/** One line the till is building before Take payment. `key` is the screen's own id for the line. */
export type OfflineLine = {
  key: string;
  tender_type: FohTenderType;
  amount: number;
  info?: { type?: 'general' | 'membership'; amount_tendered?: number; cheque_number?: string; voucher_code?: string; terminal_reference?: string };
};

export type OfflineAction =
  | { type: 'add'; line: OfflineLine }
  | { type: 'remove'; key: string }
  | { type: 'reset' }
  /** The basket changed on the server: keep only credit lines (spec §4 "Removing an item keeps only the credit tenders") */
  | { type: 'sync'; creditLines: readonly OfflineLine[] };

/**
 * Spec §4 offline payments: add (an amount of 0 or less removes nothing and adds nothing;
 * a credit line of a kind replaces the earlier one of that kind), remove, reset (all gone),
 * sync (replace the credit lines with the server's and keep no other line).
 */
export const offlinePayments = (lines: readonly OfflineLine[], action: OfflineAction): OfflineLine[] => {
  switch (action.type) {
    case 'add': {
      if (action.line.amount <= 0) return [...lines];
      const kind = action.line.info?.type ?? 'general';
      const rest = action.line.tender_type === 'credit' ? lines.filter((l) => !(l.tender_type === 'credit' && (l.info?.type ?? 'general') === kind)) : lines;
      return [...rest, action.line];
    }
    case 'remove':
      return lines.filter((l) => l.key !== action.key);
    case 'reset':
      return [];
    case 'sync':
      return action.creditLines.filter((l) => l.tender_type === 'credit' && l.amount > 0);
  }
};

/** What is left to pay after the lines (negative: the lines are over the total). */
export const leftToPay = (totalPence: number, lines: readonly OfflineLine[]) => totalPence - lines.reduce((s, l) => s + l.amount, 0);
