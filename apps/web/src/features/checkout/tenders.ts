/**
 * The payments of a basket (spec §3 Payment line, §4 "Payments in the basket", §5 Payments).
 * Pure functions over the list the checkout sends as `payments`; the screen keeps the list in
 * state and replaces it with what these return. Offline tenders (front of house: the contract's
 * `OFFLINE_TENDER_TYPES`) get their helpers with the till screen that uses them.
 */

/** The two credit tenders (their names are ours: the spec does not show them). */
export const CREDIT_TENDERS = { general: 'general-credit', membership: 'membership-credit' } as const;

export type CreditKind = keyof typeof CREDIT_TENDERS;
export type Payment = { tenderType: string; amount: number; info?: Record<string, unknown> };

const creditTenderTypes: ReadonlySet<string> = new Set(Object.values(CREDIT_TENDERS));

export const isCreditTender = (payment: Pick<Payment, 'tenderType'>) => creditTenderTypes.has(payment.tenderType);

/** Spec §5: a payment with a non-positive amount is dropped (and fractions of a penny are not money). */
export const validPayments = (payments: readonly Payment[]): Payment[] =>
  payments.filter((payment) => Number.isInteger(payment.amount) && payment.amount > 0);

/**
 * Spec §4: setting a membership or general credit tender first removes earlier tenders of the
 * same kind; an amount of 0 or less removes it.
 */
export const setCreditTender = (payments: readonly Payment[], kind: CreditKind, amount: number): Payment[] => {
  const tenderType = CREDIT_TENDERS[kind];
  const others = payments.filter((payment) => payment.tenderType !== tenderType);
  return amount > 0 && Number.isInteger(amount) ? [...others, { tenderType, amount }] : others;
};

/** Synced: the server's list wins (its non-positive lines dropped). */
export const syncTenders = (server: readonly Payment[]): Payment[] => validPayments(server);

/** Pence covered by the tenders so far. */
export const tenderedTotal = (payments: readonly Payment[]) => validPayments(payments).reduce((sum, payment) => sum + payment.amount, 0);

/** What is left for the card: never below 0. */
export const balanceDue = (total: number, payments: readonly Payment[]) => Math.max(0, total - tenderedTotal(payments));

/** Credit that may be applied: the least of what the customer has, what the server allows, and what is still due. */
export const creditCap = (credit: { totalAvailable: number; maxApplicable: number }, due: number) =>
  Math.max(0, Math.min(credit.totalAvailable, credit.maxApplicable, due));
