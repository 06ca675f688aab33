import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import type { AuthoriseLateFeesRequest, PayLateFeesResponse } from '@app/contract/bookings/late-fees';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound, type AppError } from '../../lib/errors.ts';
import { recordAccountChange, resolvePeople, type Caller, type RequestOrigin } from '../account/service.ts';
import * as accountBookings from '../bookings/service.ts';
import * as credits from '../credits/service.ts';
import { queueEmail } from '../email/service.ts';
import { ORDER_TEXTS } from './emails/texts.ts';
import * as payments from '../payments/service.ts';
import { lateFeeReceiptEmail } from './emails/late-fee-receipt.ts';
import { reference } from './requirements.ts';
import * as repo from './repository.ts';
import { money } from './views.ts';

/* ---- Late-cancellation fees: paid by card or from credit, as an order (docs/account-bookings.md) ---- */

/** The account site's source on a fee order. */
const LATE_FEES_SOURCE = 'my-account';
type FeeCardRequest = { fee_ids: number[]; source: string };

const feesChanged = (formattedTotal: string) =>
  conflict('late_fees_changed', `Your late-cancellation fees now come to ${formattedTotal}. Please check the amount and pay again.`);
const noFees = () => badRequest('no_late_fees', 'There is no late-cancellation fee to pay.');

/**
 * POST dashboard/late-cancellation-fees/authorise: authorises the card for every unpaid fee, as
 * orders' authorise does for a basket (frictionless or a 3-D Secure challenge that returns
 * to the account site's fee page). `amount` must be the total the customer was shown.
 */
export const authoriseLateFees = async (db: Db, caller: Caller, body: AuthoriseLateFeesRequest, deps: payments.PaymentDeps): Promise<CheckoutAuthoriseDto> => {
  const fees = await accountBookings.listUnpaidFees(db, caller);
  if (fees.data.length === 0) throw noFees();
  if (fees.total !== body.amount) throw feesChanged(fees.formatted_total);
  const { selected } = await resolvePeople(db, caller, { selected_user_id: null });
  const request: FeeCardRequest = { fee_ids: fees.data.map((fee) => fee.id), source: LATE_FEES_SOURCE };
  return payments.authoriseCard(db, caller, body, deps, {
    amountPence: fees.total,
    merchant: async () => (await repo.findClientName(db, caller.clientId)).name,
    returnUrl: body.return_path ?? '/late-fees',
    membershipUserId: selected.id,
    cartId: null,
    purpose: 'late_fees',
    idempotencyKey: null,
    request,
  });
};

type FeeOutcome = { kind: 'paid'; orderId: number; creditBalance: number | null } | { kind: 'refused'; error: AppError };

/**
 * POST dashboard/late-cancellation-fees/pay: settles every unpaid fee in one transaction, from
 * general credit, or with `transaction_uuid` by the card authorised for exactly those fees.
 * The fee rows are locked FOR UPDATE, so two payments of one account's fees (credit and card,
 * or the same request twice) settle them once: the second finds none (400), a card attempt
 * that is no longer needed or no longer matches is voided, and a repeat of a paid card attempt
 * answers its order again.
 */
export const payLateFees = async (db: Db, caller: Caller, input: { transactionUuid?: string | undefined }, origin: RequestOrigin, deps: payments.PaymentDeps): Promise<PayLateFeesResponse> => {
  let transaction = input.transactionUuid ? await payments.findAttempt(db, caller.clientId, input.transactionUuid) : undefined;
  if (input.transactionUuid && (!transaction || transaction.account_user_id !== caller.accountUserId || transaction.purpose !== 'late_fees')) throw notFound('transaction_not_found');
  if (transaction?.order_id) return feeOrderAnswer(db, caller, transaction.order_id, null);
  if (transaction) transaction = await payments.settleAttempt(db, transaction, deps);
  const { selected } = await resolvePeople(db, caller, { selected_user_id: null });
  const symbol = (await repo.findClientName(db, caller.clientId)).currency_symbol;

  const outcome = await inTransaction(db, async (trx): Promise<FeeOutcome> => {
    const tx = transaction ? await payments.findAttempt(trx, caller.clientId, transaction.uuid, true) : undefined;
    if (tx?.order_id) return { kind: 'paid', orderId: tx.order_id, creditBalance: null };
    if (tx) payments.assertAuthorised(tx);
    const fees = await accountBookings.lockUnpaidFees(trx, caller);
    if (fees.length === 0) return { kind: 'refused', error: noFees() };
    const feeIds = fees.map((fee) => fee.id);
    const total = fees.reduce((sum, fee) => sum + fee.amount_pence, 0);
    if (tx) {
      const authorisedFor = [...(tx.request as FeeCardRequest).fee_ids].sort((a, b) => a - b);
      if (tx.amount_pence !== total || authorisedFor.join() !== [...feeIds].sort((a, b) => a - b).join()) return { kind: 'refused', error: feesChanged(money(total, symbol)) };
    }
    const order = await repo.insertOrder(trx, {
      clientId: caller.clientId,
      accountUserId: caller.accountUserId,
      membershipUserId: selected.id,
      cartId: null,
      reference: reference(),
      source: LATE_FEES_SOURCE,
      total,
      transactionUuid: tx?.uuid ?? null,
      idempotencyKey: null,
      staffUserId: null,
    });
    await repo.insertFeeOrderLines(trx, order.id, feeIds);
    let creditEntryId: number | null = null;
    let creditBalance: number | null = null;
    if (tx) {
      await repo.insertPayments(trx, [{ order_id: order.id, tender_type: 'card', amount_pence: total, transaction_uuid: tx.uuid }]);
      await payments.capture(trx, caller, tx, order.id, deps);
    } else {
      const message = `Your account credit does not cover the ${money(total, symbol)} late-cancellation fee. Please pay it by card.`;
      const entry = await credits.spendGeneral(trx, caller, total, `Late-cancellation fee${fees.length > 1 ? 's' : ''}`, message, order.id);
      await repo.insertPayments(trx, [{ order_id: order.id, tender_type: 'general-credit', amount_pence: total, transaction_uuid: null }]);
      creditEntryId = entry.id;
      creditBalance = entry.balanceAfter;
    }
    await accountBookings.markFeesPaid(trx, feeIds, { orderId: order.id, creditEntryId });
    await queueFeeReceipt(trx, caller, order.id, fees, tx ? { card: tx.card_last_four ?? '0000' } : 'credit');
    await recordAccountChange(trx, {
      clientId: caller.clientId,
      userId: caller.accountUserId,
      actorUserId: caller.accountUserId,
      action: 'late_fees_paid',
      detail: { fee_ids: feeIds, amount: total, tender: tx ? 'card' : 'general-credit', order_id: order.id },
      origin,
    });
    return { kind: 'paid', orderId: order.id, creditBalance };
  });

  if (outcome.kind === 'refused') {
    // Never charged for fees already paid another way or changed since the card was authorised.
    if (transaction) await payments.voidAttempt(db, transaction.uuid, outcome.error.code, deps);
    throw outcome.error;
  }
  return feeOrderAnswer(db, caller, outcome.orderId, outcome.creditBalance);
};

/** The receipt email of a fee payment (emails/late-fee-receipt.ts): the fees, the total and how it was paid. */
const queueFeeReceipt = async (
  trx: Db,
  caller: Caller,
  orderId: number,
  fees: readonly { amount_pence: number; activity_name: string; venue_name: string; local_date: string; local_time: string }[],
  paidWith: { card: string } | 'credit',
) => {
  const [order, account, client] = await Promise.all([
    repo.findOrder(trx, caller.clientId, { id: orderId }),
    repo.findAccount(trx, caller.clientId, caller.accountUserId),
    repo.findClientName(trx, caller.clientId),
  ]);
  if (!order || !account) return;
  // In the account holder's recorded language (issue 27, docs/languages-emails.md).
  const t = ORDER_TEXTS[account.language].lateFeeReceipt;
  const lines = fees.map((f) => `${t.line}: ${f.activity_name}, ${f.venue_name}, ${f.local_date} ${f.local_time} (${money(f.amount_pence, client.currency_symbol)})`);
  const total = money(order.total_pence, client.currency_symbol);
  const paid = t.paid(total, paidWith === 'credit' ? t.byCredit : t.byCard(paidWith.card));
  await queueEmail(trx, {
    clientId: caller.clientId,
    kind: 'late-fee-receipt',
    to: account.email,
    ...lateFeeReceiptEmail({ firstName: account.first_name, reference: order.reference, lines, paid, language: account.language }),
  });
};

const feeOrderAnswer = async (db: Db, caller: Caller, orderId: number, creditBalance: number | null): Promise<PayLateFeesResponse> => {
  const [order, lines, client] = await Promise.all([repo.findOrder(db, caller.clientId, { id: orderId }), repo.countOrderLines(db, orderId), repo.findClientName(db, caller.clientId)]);
  const amount = money(order!.total_pence, client.currency_symbol);
  const byCard = order!.transaction_uuid !== null;
  return {
    data: {
      paid: lines,
      amount: order!.total_pence,
      formatted_amount: amount,
      tender_type: byCard ? 'card' : 'general-credit',
      credit_balance: creditBalance,
      complete_order_id: order!.uuid,
      reference: order!.reference,
    },
    message: `Late-cancellation fee of ${amount} paid ${byCard ? 'by card' : 'from your account credit'}. You can book again.`,
  };
};
