/**
 * The operator's cancellation policy (wire notes "Policies seen…", issue 11; docs/account-bookings.md):
 * cancelling at least 4 hours before the start gives the price paid back as account credit valid
 * for 12 months; later, a late-cancellation fee is recorded; once started, it cannot be cancelled.
 * Pure and zod-free: the API decides with it, and its constants name the rule in one place.
 */
export const CANCELLATION_CREDIT_HOURS = 4;
export const CANCELLATION_CREDIT_VALID_MONTHS = 12;
/** The fee for a cancellation later than CANCELLATION_CREDIT_HOURS before the start, in pence. */
export const LATE_CANCELLATION_FEE_PENCE = 200;

export type CancellationOutcome =
  | { kind: 'credit'; amount: number; expiresAt: Date }
  | { kind: 'fee'; amount: number }
  | { kind: 'started' };

/** `months` calendar months after `from` (31 March + 1 month is 30 April, never 1 May). */
export const addMonths = (from: Date, months: number): Date => {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
};

/** What cancelling a booking of `pricePaid` pence that starts at `startsAt` does at `now`. */
export const cancellationOutcome = (startsAt: Date, pricePaid: number, now: Date = new Date()): CancellationOutcome => {
  const msBefore = startsAt.getTime() - now.getTime();
  if (msBefore <= 0) return { kind: 'started' };
  if (msBefore >= CANCELLATION_CREDIT_HOURS * 60 * 60 * 1000) {
    return { kind: 'credit', amount: pricePaid, expiresAt: addMonths(now, CANCELLATION_CREDIT_VALID_MONTHS) };
  }
  return { kind: 'fee', amount: LATE_CANCELLATION_FEE_PENCE };
};
