import { formatDateTime } from '../../lib/i18n-format.ts';
/**
 * Booking at the kiosk, its pure rules (docs/kiosk.md "Booking and paying at the kiosk"): which
 * days, and how a basket is paid with credit. Apart from the screens so they are tested alone.
 */

export const KIOSK_DAYS = ['today', 'tomorrow'] as const;
export type KioskDay = (typeof KIOSK_DAYS)[number];

type CreditSummary = { totalAvailable: number; maxApplicable: number };
type Payable = { total: number; credits: { general: CreditSummary; membership: CreditSummary } };
export type CreditLine = { tenderType: 'membership-credit' | 'general-credit'; amount: number };

/**
 * The credit lines that pay the whole basket — membership credit first (it is for the member's
 * own bookings), then general credit — or null when the credit does not cover it (the kiosk
 * then offers the saved card). Each line is at most what the customer has and what the server
 * allows on this basket. A basket of 0 needs no lines.
 */
export const creditPayment = (cart: Payable): CreditLine[] | null => {
  let due = cart.total;
  const lines: CreditLine[] = [];
  for (const kind of ['membership', 'general'] as const) {
    const credit = cart.credits[kind];
    const amount = Math.max(0, Math.min(credit.totalAvailable, credit.maxApplicable, due));
    if (amount > 0) lines.push({ tenderType: kind === 'membership' ? 'membership-credit' : 'general-credit', amount });
    due -= amount;
  }
  return due === 0 ? lines : null;
};

/** The credit the customer could spend on this basket (both kinds), for the screen to say. */
export const creditAvailable = (cart: Payable) =>
  Math.min(cart.credits.membership.totalAvailable, cart.credits.membership.maxApplicable) + Math.min(cart.credits.general.totalAvailable, cart.credits.general.maxApplicable);

/** Pounds and pence, as the basket shows them ('£7.50'). */
export const formatPounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** A basket item's venue-local date ('YYYY-MM-DD') as the kiosk shows it ('Friday 27 November'). */
export const dayLabel = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return formatDateTime(new Date(y, m - 1, d), { weekday: 'long', day: 'numeric', month: 'long' });
};
