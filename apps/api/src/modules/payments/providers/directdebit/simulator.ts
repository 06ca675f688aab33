import { randomBytes } from 'node:crypto';
import type { Db } from '../../../../db/connect.ts';
import * as repo from '../../repository.ts';

/**
 * The `directdebit` provider (DESIGN.md §10; docs/memberships.md "The directdebit provider"): a
 * Bacs Direct Debit provider in miniature, shaped like a real one (a billing request collects the
 * bank details and, fulfilled, makes a mandate; the mandate goes pending_submission → submitted →
 * active, or failed, or cancelled; one payment per collection, pending_submission → submitted →
 * confirmed or failed; every change an event). Its "bank" is its own tables (directdebit_sim_*, in payments/repository.ts):
 * it keeps what a test account number selects and the last two digits, never the number.
 *
 * Test bank details (README "Test bank details"): sort code 20-00-00 with account 55779911
 * succeeds; 55779922 fails at submission (mandate failed); 55779933 succeeds but its first
 * collection fails. Any other account at 20-00-00 that passes the modulus check succeeds; a
 * sort code the bank does not know fails at submission.
 */
export type ProviderEvent = { resource: 'billing_request' | 'mandate' | 'payment'; action: string; details?: Record<string, unknown> };

export type MandateResult = {
  billingRequestRef: string;
  mandateRef: string;
  status: 'submitted' | 'failed';
  failureReason: string | null;
  accountNumberEnding: string;
  events: ProviderEvent[];
};

export type DirectDebitProvider = {
  readonly name: string;
  /** A billing request with the bank details, fulfilled into a mandate that is submitted to the bank at once. */
  createMandate: (db: Db, input: { clientId: number; holderName: string; sortCode: string; accountNumber: string }) => Promise<MandateResult>;
  /** The mandate's state now (a submitted mandate becomes active once the bank accepts it). */
  mandateStatus: (db: Db, mandateRef: string) => Promise<{ status: MandateResult['status'] | 'active' | 'cancelled'; events: ProviderEvent[] }>;
  cancelMandate: (db: Db, mandateRef: string) => Promise<ProviderEvent[]>;
  /** A payment for a collection, charged on `chargeDate`. */
  createPayment: (db: Db, input: { mandateRef: string; amountPence: number; chargeDate: string }) => Promise<{ paymentRef: string; events: ProviderEvent[] }>;
  /** Settles a payment whose charge date has come: confirmed (paid) or failed. */
  settlePayment: (db: Db, paymentRef: string, today: string) => Promise<{ status: 'submitted' | 'confirmed' | 'failed'; reason: string | null; events: ProviderEvent[] }>;
  cancelPayment: (db: Db, paymentRef: string) => Promise<ProviderEvent[]>;
  refundPayment: (db: Db, paymentRef: string) => Promise<ProviderEvent[]>;
};

export const SIMULATOR_SORT_CODE = '200000';
const BEHAVIOURS = { '55779922': 'mandate_fails_at_submission', '55779933': 'first_collection_fails' } as const;
const ref = (prefix: string) => `${prefix}${randomBytes(9).toString('base64url').replace(/[-_]/g, 'X').toUpperCase()}`;

export const directDebitSimulator: DirectDebitProvider = {
  name: 'directdebit',

  async createMandate(db, input) {
    const billingRequestRef = ref('BRQ');
    const mandateRef = ref('MD');
    const ending = input.accountNumber.slice(-2);
    const knownBank = input.sortCode === SIMULATOR_SORT_CODE;
    const behaviour = knownBank ? (BEHAVIOURS[input.accountNumber as keyof typeof BEHAVIOURS] ?? 'succeeds') : 'mandate_fails_at_submission';
    const failed = behaviour === 'mandate_fails_at_submission';
    const reason = !knownBank ? 'bank_not_found' : failed ? 'bank_account_disabled' : null;
    await repo.insertDdBillingRequest(db, { ref: billingRequestRef, client_id: input.clientId, mandate_ref: mandateRef });
    await repo.insertDdMandate(db, { ref: mandateRef, billing_request_ref: billingRequestRef, status: failed ? 'failed' : 'submitted', behaviour, account_number_ending: ending });
    const events: ProviderEvent[] = [
      { resource: 'billing_request', action: 'created', details: { billing_request: billingRequestRef } },
      { resource: 'billing_request', action: 'bank_details_collected' },
      { resource: 'billing_request', action: 'fulfilled', details: { mandate: mandateRef } },
      { resource: 'mandate', action: 'created', details: { status: 'pending_submission' } },
      failed ? { resource: 'mandate', action: 'failed', details: { reason } } : { resource: 'mandate', action: 'submitted' },
    ];
    return { billingRequestRef, mandateRef, status: failed ? 'failed' : 'submitted', failureReason: reason, accountNumberEnding: ending, events };
  },

  async mandateStatus(db, mandateRef) {
    // The bank accepts a submitted mandate the next time it is asked (a Bacs day passes at once here).
    const activated = await repo.moveDdMandate(db, mandateRef, ['submitted'], 'active');
    const row = await repo.findDdMandate(db, mandateRef);
    return { status: (row?.status ?? 'failed') as 'active', events: activated ? [{ resource: 'mandate', action: 'active' }] : [] };
  },

  async cancelMandate(db, mandateRef) {
    if (!(await repo.moveDdMandate(db, mandateRef, ['pending_submission', 'submitted', 'active'], 'cancelled'))) return [];
    await repo.cancelOpenDdPayments(db, mandateRef);
    return [{ resource: 'mandate', action: 'cancelled' }];
  },

  async createPayment(db, input) {
    const paymentRef = ref('PM');
    await repo.insertDdPayment(db, { ref: paymentRef, mandate_ref: input.mandateRef, amount_pence: input.amountPence, charge_date: input.chargeDate });
    return { paymentRef, events: [{ resource: 'payment', action: 'created', details: { charge_date: input.chargeDate, amount: input.amountPence } }] };
  },

  async settlePayment(db, paymentRef, today) {
    const payment = await repo.findDdPayment(db, paymentRef);
    if (!payment) throw new Error(`Unknown Direct Debit payment ${paymentRef}`);
    if (payment.status === 'confirmed') return { status: 'confirmed', reason: null, events: [] };
    if (payment.status === 'failed') return { status: 'failed', reason: 'insufficient_funds', events: [] };
    if (payment.charge_date > today) {
      const moved = await repo.moveDdPayment(db, paymentRef, ['pending_submission'], 'submitted');
      return { status: 'submitted', reason: null, events: moved ? [{ resource: 'payment', action: 'submitted' }] : [] };
    }
    // The first collection of a 55779933 mandate fails (no earlier payment of the mandate settled).
    const fails = payment.behaviour === 'first_collection_fails' && (await repo.settledDdPaymentsBefore(db, payment.mandate_ref, paymentRef)) === 0;
    await repo.moveDdPayment(db, paymentRef, ['pending_submission', 'submitted'], fails ? 'failed' : 'confirmed');
    return fails
      ? { status: 'failed', reason: 'insufficient_funds', events: [{ resource: 'payment', action: 'failed', details: { reason: 'insufficient_funds' } }] }
      : { status: 'confirmed', reason: null, events: [{ resource: 'payment', action: 'confirmed' }] };
  },

  async cancelPayment(db, paymentRef) {
    return (await repo.moveDdPayment(db, paymentRef, ['pending_submission', 'submitted'], 'cancelled')) ? [{ resource: 'payment', action: 'cancelled' }] : [];
  },

  async refundPayment(db, paymentRef) {
    return (await repo.moveDdPayment(db, paymentRef, ['confirmed'], 'refunded')) ? [{ resource: 'payment', action: 'refunded' }] : [];
  },
};

export const directDebitProviderFor = (name: string): DirectDebitProvider => {
  if (name === 'directdebit') return directDebitSimulator;
  throw new Error(`Unknown Direct Debit provider ${name}`);
};
