import type { FohPaymentLine } from '@app/contract/foh/pay';
import { CHANGE_ON_NON_CASH_MESSAGE, ORDER_ALREADY_COMPLETED_MESSAGE, VOUCHER_SPENT_MESSAGE, VOUCHER_UNKNOWN_MESSAGE } from '@app/contract/foh/pay';
import { ORDER_COMPLETED_MESSAGE } from '@app/contract/checkout/payment';
import { WALK_IN_NO_EMAIL_MESSAGE } from '@app/contract/foh/walk-in';
import { changeDue } from '@app/contract/foh/tender-rules';
import type { Db } from '../../db/connect.ts';
import type { TillTender } from '../../db/schema.ts';
import { AppError, conflict, forbidden, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import * as basket from '../basket/service.ts';
import * as orders from '../orders/service.ts';
import * as repo from './repository.ts';
import { iso, money, sessionFor, type Staff } from './tills.ts';
import { walkInOfAccount } from '../walk-ins/service.ts';

/**
 * POST {checkout}/pay at the till (docs/front-of-house.md "Tenders"): the lines checked per
 * tender, then orders.complete — one transaction with the cart locked — whose atDesk hook spends
 * the vouchers and writes the till's sale entries only when this call makes the order.
 */

export type PayInput = {
  payments: readonly FohPaymentLine[];
  selected_user_id: number;
  source?: string | undefined;
  terms?: readonly number[] | undefined;
  till_session_id: number;
  receipt: 'email' | 'print' | 'none';
};

export const TILL_TENDER: Record<FohPaymentLine['tender_type'], TillTender> = {
  cash: 'cash',
  cheque: 'cheque',
  'offline-voucher': 'offline-voucher',
  'card-terminal': 'card-terminal',
  credit: 'credit',
  'general-credit': 'credit',
  'membership-credit': 'credit',
};

/** Per-line rules: change only on cash, enough cash handed over, the cheque number, voucher code and terminal reference given. */
export const checkLines = (lines: readonly FohPaymentLine[]) => {
  const errors: FieldErrors = {};
  lines.forEach((line, i) => {
    if (line.amount <= 0) return;
    const info = line.info ?? {};
    const at = (field: string, message: string) => (errors[`payments.${i}${field ? `.info.${field}` : ''}`] = [message]);
    if (info.amount_tendered !== undefined && line.tender_type !== 'cash') at('amount_tendered', CHANGE_ON_NON_CASH_MESSAGE);
    if (line.tender_type === 'cash' && info.amount_tendered !== undefined && changeDue(info.amount_tendered, line.amount) === null) at('amount_tendered', 'The amount tendered is less than the cash to pay.');
    if (line.tender_type === 'cheque' && !info.cheque_number) at('cheque_number', 'Required');
    if (line.tender_type === 'offline-voucher' && !info.voucher_code) at('voucher_code', 'Required');
    if (line.tender_type === 'card-terminal' && !info.terminal_reference) at('terminal_reference', 'Required');
    if (line.tender_type !== 'credit' && info.type !== undefined) at('type', 'Only a credit tender has a credit type.');
  });
  if (Object.keys(errors).length) throw unprocessable('validation_failed', 'The given data was invalid.', errors);
};

export const spendVoucher = async (trx: Db, staff: Staff, sessionId: number, orderId: number, line: FohPaymentLine, symbol: string) => {
  const code = line.info!.voucher_code!;
  const voucher = await repo.findVoucher(trx, staff.clientId, code, true);
  if (!voucher) throw unprocessable('voucher_unknown', VOUCHER_UNKNOWN_MESSAGE, { voucher_code: [VOUCHER_UNKNOWN_MESSAGE] });
  if (voucher.redeemed_at) throw conflict('voucher_spent', VOUCHER_SPENT_MESSAGE);
  if (voucher.expired) throw unprocessable('voucher_expired', 'This voucher has expired.', { voucher_code: ['This voucher has expired.'] });
  if (line.amount > voucher.value_pence) {
    const worth = `This voucher is worth ${money(voucher.value_pence, symbol).formatted}.`;
    throw unprocessable('voucher_value', worth, { voucher_code: [worth] });
  }
  if (!(await repo.insertRedemption(trx, { voucherId: voucher.id, orderId, sessionId, staffUserId: staff.staffUserId }))) throw conflict('voucher_spent', VOUCHER_SPENT_MESSAGE);
};

/**
 * A sale's till records, in the transaction that completes its order: the session locked and still
 * open (one closed meanwhile records nothing: the sale rolls back), each voucher spent, one `sale`
 * entry per tender line. Baskets paid at the till and memberships sold there both record through it.
 */
export const recordTillSale = async (trx: Db, staff: Staff, sessionId: number, orderId: number, lines: readonly FohPaymentLine[], symbol: string) => {
  await repo.lockSession(trx, sessionId);
  if (await repo.isClosed(trx, sessionId)) throw conflict('session_closed', 'This till session was closed: open the till again to take payment.');
  for (const line of lines) if (line.tender_type === 'offline-voucher') await spendVoucher(trx, staff, sessionId, orderId, line, symbol);
  await repo.insertEntries(
    trx,
    lines.map((l) => ({
      client_id: staff.clientId,
      session_id: sessionId,
      staff_user_id: staff.staffUserId,
      kind: 'sale' as const,
      tender_type: TILL_TENDER[l.tender_type],
      amount_pence: l.amount,
      amount_tendered_pence: l.tender_type === 'cash' ? (l.info?.amount_tendered ?? l.amount) : null,
      reference: l.info?.cheque_number ?? l.info?.voucher_code ?? l.info?.terminal_reference ?? null,
      order_id: orderId,
    })),
  );
};

export const payAtTill = async (db: Db, staff: Staff, body: PayInput, idempotencyKey: string | null, deps: orders.OrderDeps) => {
  const session = await sessionFor(db, staff, body.till_session_id, { open: true });
  const person = await repo.findCustomerOfPerson(db, staff.clientId, body.selected_user_id);
  if (!person) throw forbidden();
  checkLines(body.payments);
  // A walk-in sale has nobody to email: the till's own walk-in only, its receipt printed or none.
  const walkIn = await walkInOfAccount(db, staff.clientId, person.account_user_id);
  if (walkIn && walkIn.till_id !== session.till_id) throw forbidden();
  if (walkIn && body.receipt === 'email') throw unprocessable('walk_in_no_email', WALK_IN_NO_EMAIL_MESSAGE, { receipt: [WALK_IN_NO_EMAIL_MESSAGE] });
  const caller = { clientId: staff.clientId, accountUserId: person.account_user_id };
  const lines = body.payments.filter((p) => p.amount > 0);
  const symbol = await repo.findCurrencySymbol(db, staff.clientId);

  // A basket this till already paid (now, or by a parallel request): a clear 409, not "your basket is empty".
  const alreadyPaid = async () => {
    const paid = idempotencyKey ? undefined : await repo.findOrderPaidInSession(db, session.id, body.selected_user_id);
    if (paid) throw conflict('order_already_completed', `${ORDER_ALREADY_COMPLETED_MESSAGE} (${paid.reference})`);
  };
  if ((await basket.findOpenCartId(db, caller, body.selected_user_id)) === undefined) await alreadyPaid();

  let created = false;
  const summary = await orders.complete(
    db,
    caller,
    {
      payments: lines.map((l) => ({ tender_type: l.tender_type, amount: l.amount, ...(l.info?.type ? { info: { type: l.info.type } } : {}) })),
      terms: body.terms,
      source: body.source ?? 'front-of-house',
      transactionUuid: null,
      idempotencyKey,
      selectedUserId: body.selected_user_id,
      staffUserId: staff.staffUserId,
      offlineAllowed: true,
      atDesk: {
        emailReceipt: body.receipt === 'email',
        onCompleted: async (trx, orderId) => {
          created = true;
          await recordTillSale(trx, staff, session.id, orderId, lines, symbol);
        },
      },
    },
    deps,
  ).catch(async (error: unknown) => {
    if (error instanceof AppError && error.code === 'cart_empty') await alreadyPaid();
    throw error;
  });
  // Not made by this call: a replay of the same Idempotency-Key answers the order; anything else is a second payment.
  if (!created && !(idempotencyKey && (await repo.orderKey(db, summary.complete_order_id)) === idempotencyKey)) {
    throw conflict('order_already_completed', `${ORDER_ALREADY_COMPLETED_MESSAGE} (${summary.reference})`);
  }
  const tenders = lines.map((l) => {
    const tendered = l.tender_type === 'cash' ? (l.info?.amount_tendered ?? l.amount) : null;
    return {
      tender_type: l.tender_type,
      amount: money(l.amount, symbol),
      amount_tendered: tendered === null ? null : money(tendered, symbol),
      change_due: tendered === null ? null : money(tendered - l.amount, symbol),
      reference: l.info?.cheque_number ?? l.info?.voucher_code ?? l.info?.terminal_reference ?? null,
    };
  });
  const data = {
    ...summary,
    till_session_id: session.id,
    tenders,
    change_due: money(tenders.reduce((s, t) => s + (t.change_due?.raw ?? 0), 0), symbol),
    receipt: body.receipt,
    receipt_language: person.language,
  };
  return { data, complete_order_id: data.complete_order_id, reference: data.reference, message: ORDER_COMPLETED_MESSAGE };
};

export const getVoucher = async (db: Db, staff: Staff, code: string) => {
  const voucher = await repo.findVoucher(db, staff.clientId, code);
  if (!voucher) throw unprocessable('voucher_unknown', VOUCHER_UNKNOWN_MESSAGE, { code: [VOUCHER_UNKNOWN_MESSAGE] });
  const symbol = await repo.findCurrencySymbol(db, staff.clientId);
  return {
    data: {
      code: voucher.code,
      value: money(voucher.value_pence, symbol),
      status: voucher.redeemed_at ? ('spent' as const) : voucher.expired ? ('expired' as const) : ('valid' as const),
      spent_at: voucher.redeemed_at ? iso(voucher.redeemed_at) : null,
      expires_on: voucher.expires_on,
    },
  };
};
