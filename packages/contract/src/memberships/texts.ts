/**
 * The words of a membership agreement that must appear word for word (issue 23): the Direct Debit
 * Guarantee (Bacs' text; `{payee}` is the operator's name on the bank statement), the cooling-off
 * notice and the sole-authoriser confirmation. Zod-free: the web shows them on the Direct Debit
 * step, the API puts them in the agreement page and email.
 */
export const DIRECT_DEBIT_GUARANTEE_TITLE = 'The Direct Debit Guarantee';

export const directDebitGuarantee = (payee: string): string[] => [
  'The Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits.',
  `If there are any changes to the amount, date or frequency of your Direct Debit ${payee} will notify you 3 working days in advance of your account being debited or as otherwise agreed. If you request ${payee} to collect a payment, confirmation of the amount and date will be given to you at the time of the request.`,
  `If an error is made in the payment of your Direct Debit, by ${payee} or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society.`,
  `If you receive a refund you are not entitled to, you must pay it back when ${payee} asks you to.`,
  'You can cancel a Direct Debit at any time by simply contacting your bank or building society. Written confirmation may be required. Please also notify us.',
];

export const COOLING_OFF_TITLE = 'Your right to cancel';
export const coolingOffNotice = (endsOnText: string): string =>
  `You may cancel this membership within 14 days of joining, up to and including ${endsOnText}, and receive a full refund of everything you have paid. Cancel from My account → Memberships, or ask at reception.`;

export const SOLE_AUTHORISER_LABEL = 'I am the account holder and the only person needed to authorise debits from this account.';

/** The simulator's bank details (README "Test bank details"): sort code 20-00-00 with these accounts. */
export const SIMULATOR_BANK_ACCOUNTS = {
  '55779911': 'succeeds',
  '55779922': 'mandate_fails_at_submission',
  '55779933': 'first_collection_fails',
} as const;
export const SIMULATOR_SORT_CODE = '20-00-00';
