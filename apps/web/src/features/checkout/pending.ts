import type { OrderFields } from './api/checkout.ts';

/**
 * A 3-D Secure challenge leaves the page for the provider's and comes back to
 * /basket/checkout?transaction_uuid=…&status=approved|declined. What complete needs (tenders,
 * terms, waivers, the basket's hash) waits in sessionStorage meanwhile: this tab only, gone when
 * the tab closes, and never the card (it was tokenised before authorise).
 */
const KEY = 'checkout.pending-challenge';

export type PendingChallenge = OrderFields & { transactionUuid: string };

export const savePendingChallenge = (pending: PendingChallenge, storage: Storage = sessionStorage) => {
  storage.setItem(KEY, JSON.stringify(pending));
};

/** The pending challenge for `transactionUuid`, removed as it is read (a reload does not complete twice). */
export const takePendingChallenge = (transactionUuid: string, storage: Storage = sessionStorage): PendingChallenge | null => {
  const raw = storage.getItem(KEY);
  if (!raw) return null;
  storage.removeItem(KEY);
  try {
    const pending = JSON.parse(raw) as PendingChallenge;
    return pending.transactionUuid === transactionUuid ? pending : null;
  } catch {
    return null;
  }
};
