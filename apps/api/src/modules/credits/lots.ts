/**
 * Which credit is left, grant by grant (docs/account-bookings.md "Credit expiry"). The ledger
 * keeps one running balance; expiring credit (cancellation refunds, 12 months) needs to know how
 * much of each grant is still unspent. Rule: spending takes the credit that expires first (credit
 * without expiry last), only from grants that existed when it was spent; a reservation takes
 * credit like a spend and its release gives those same pieces back; an expiry row closes its grant.
 * Pure: replayed over the account's entries of one credit type, in id order.
 */
export type LedgerEntry = {
  id: number;
  kind: 'top_up' | 'refund' | 'spend' | 'reservation' | 'release' | 'expiry';
  amount: number;
  cart_id: number | null;
  expires_at: Date | null;
  expires_entry_id: number | null;
};

export type Lot = { id: number; remaining: number; expiresAt: Date | null };

const byExpiry = (a: Lot, b: Lot) => {
  if (a.expiresAt === null) return b.expiresAt === null ? a.id - b.id : 1;
  if (b.expiresAt === null) return -1;
  return a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id;
};

/** The grants with credit left after every entry, soonest expiry first. */
export const remainingLots = (entries: readonly LedgerEntry[]): Lot[] => {
  const lots = new Map<number, Lot>();
  // What each cart's reservations took, piece by piece, to give back on release.
  const taken = new Map<number, { lotId: number; amount: number }[]>();
  const take = (amount: number, cartId: number | null) => {
    let left = amount;
    for (const lot of [...lots.values()].filter((l) => l.remaining > 0).sort(byExpiry)) {
      if (left <= 0) break;
      const piece = Math.min(left, lot.remaining);
      lot.remaining -= piece;
      left -= piece;
      if (cartId !== null) taken.set(cartId, [...(taken.get(cartId) ?? []), { lotId: lot.id, amount: piece }]);
    }
  };
  for (const entry of entries) {
    switch (entry.kind) {
      case 'top_up':
      case 'refund':
        if (entry.amount > 0) lots.set(entry.id, { id: entry.id, remaining: entry.amount, expiresAt: entry.expires_at });
        break;
      case 'spend':
        take(-entry.amount, null);
        break;
      case 'reservation':
        take(-entry.amount, entry.cart_id);
        break;
      case 'release': {
        let left = entry.amount;
        const pieces = entry.cart_id === null ? [] : (taken.get(entry.cart_id) ?? []);
        while (left > 0 && pieces.length > 0) {
          const piece = pieces.pop()!;
          const back = Math.min(left, piece.amount);
          lots.get(piece.lotId)!.remaining += back;
          left -= back;
          if (back < piece.amount) pieces.push({ lotId: piece.lotId, amount: piece.amount - back });
        }
        // A release with nothing recorded to give back (never in practice): credit without expiry.
        if (left > 0) lots.set(-entry.id, { id: -entry.id, remaining: left, expiresAt: null });
        break;
      }
      case 'expiry': {
        const lot = entry.expires_entry_id === null ? undefined : lots.get(entry.expires_entry_id);
        if (lot) lot.remaining = Math.max(0, lot.remaining + entry.amount);
        else take(-entry.amount, null);
        break;
      }
    }
  }
  return [...lots.values()].filter((l) => l.remaining > 0).sort(byExpiry);
};
