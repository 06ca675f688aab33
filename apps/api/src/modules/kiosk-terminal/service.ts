import { toMoney } from '@app/contract/rules/money';
import {
  KIOSK_TERMINAL_CANCELLED_MESSAGE,
  KIOSK_TERMINAL_DECLINED_MESSAGE,
  KIOSK_TERMINAL_REVERSED_MESSAGE,
  KIOSK_TERMINAL_TIMED_OUT_MESSAGE,
  KIOSK_TERMINAL_WAIT_SECONDS,
  type KioskTerminalPaymentDto,
  type KioskTerminalStartRequest,
} from '@app/contract/foh/kiosk-terminal';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import * as orders from '../orders/service.ts';
import { askTerminal, terminalIdOf } from '../payments/service.ts';
import * as repo from './repository.ts';

/**
 * The kiosk-terminal module. The kiosk pays at its venue's card terminal (docs/kiosk.md "Paying at the card reader"): the
 * kiosk session starts a payment for its own basket's total (the server's), the terminal (the
 * simulator, payments module) answers when asked, and an approved payment completes the order
 * exactly once through orders.complete — a 'card-terminal' tender as at the till, recorded with
 * the kiosk's venue, terminal and session (this table) instead of a staff member and till session.
 * A declined, cancelled or abandoned payment leaves the basket and its holds as they were.
 */

export type KioskCaller = { clientId: number; accountUserId: number; kioskSessionId: number };
const WAIT = KIOSK_TERMINAL_WAIT_SECONDS;
export const KIOSK_SOURCE = 'kiosk';

const BASKET_CHANGED = 'Your basket changed. Please check it and pay again.';
const REASON_MESSAGES: Record<string, string> = {
  card_declined: KIOSK_TERMINAL_DECLINED_MESSAGE,
  cancelled_at_kiosk: KIOSK_TERMINAL_CANCELLED_MESSAGE,
  timed_out: KIOSK_TERMINAL_TIMED_OUT_MESSAGE,
  basket_changed: BASKET_CHANGED,
};

const view = async (db: Db, clientId: number, row: repo.TerminalPaymentRow): Promise<{ data: KioskTerminalPaymentDto }> => {
  const symbol = await repo.findCurrencySymbol(db, clientId);
  const order = row.order_id === null ? undefined : await repo.findOrder(db, row.order_id);
  const message = row.status === 'reversed' ? `${row.reason ?? ''} ${KIOSK_TERMINAL_REVERSED_MESSAGE}`.trim() : row.reason ? (REASON_MESSAGES[row.reason] ?? null) : null;
  return {
    data: {
      id: row.id,
      status: row.status,
      amount: { raw: row.amount_pence, formatted: toMoney(row.amount_pence, symbol).formatted },
      terminal_id: row.terminal_id,
      terminal_reference: row.terminal_reference,
      message: row.status === 'waiting' || row.status === 'approved' || row.status === 'completed' ? null : message,
      order: order ? { complete_order_id: order.uuid, reference: order.reference } : null,
    },
  };
};

/** The caller's own payment: another account's is 403 'Unauthorised.'. */
const ownPayment = async (db: Db, caller: KioskCaller, id: string, lock = false) => {
  const row = await repo.findPayment(db, caller.clientId, id, WAIT, lock);
  if (!row) throw notFound('terminal_payment_not_found');
  if (row.account_user_id !== caller.accountUserId) throw forbidden();
  return row;
};

/**
 * Starts a payment at the venue's terminal for the basket's total, after the checks a card
 * payment has (terms, requirements, nothing expired, no unpaid fee). The basket's live payment,
 * if it has one for this amount, is answered instead (the same request twice is one payment); a
 * waiting one for another amount (the basket changed) is cancelled first.
 */
export const startTerminalPayment = async (db: Db, caller: KioskCaller, body: KioskTerminalStartRequest) => {
  const venue = await repo.findVenue(db, caller.clientId, body.venue);
  if (!venue) throw notFound('venue_not_found', 'This venue does not exist.');
  const basket = await orders.payableBasket(db, caller, body.selected_user_id, body.terms);
  if (basket.itemHash !== body.item_hash) throw conflict('basket_changed', BASKET_CHANGED);
  if (basket.total <= 0) throw badRequest('nothing_to_pay', 'Nothing is left to pay: confirm the booking.');
  const terminalId = terminalIdOf(venue.id);
  const row = { clientId: caller.clientId, venueId: venue.id, terminalId, kioskSessionId: caller.kioskSessionId, accountUserId: caller.accountUserId, membershipUserId: basket.membershipUserId, cartId: basket.cartId, amountPence: basket.total, terms: body.terms };
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = await repo.insertPayment(db, row);
    if (id) return view(db, caller.clientId, (await repo.findPayment(db, caller.clientId, id, WAIT))!);
    const live = await repo.findLiveOfCart(db, basket.cartId, WAIT);
    if (!live) continue; // finished meanwhile: try again
    // One left waiting past the terminal's wait (the kiosk was left mid-payment): it timed out.
    if (live.status === 'waiting' && live.timed_out) {
      await repo.movePayment(db, live.id, ['waiting'], { status: 'cancelled', reason: 'timed_out' });
      continue;
    }
    if (live.amount_pence === basket.total || live.status === 'approved') return view(db, caller.clientId, live);
    await repo.movePayment(db, live.id, ['waiting'], { status: 'cancelled', reason: 'basket_changed' });
  }
  throw conflict('terminal_busy', 'The card reader is busy. Please try again.');
};

/** Completes an approved payment's order exactly once; a completion refused (a place lost, the basket changed) reverses the payment. */
const completeApproved = async (db: Db, caller: KioskCaller, row: repo.TerminalPaymentRow, deps: orders.OrderDeps) => {
  try {
    await orders.complete(
      db,
      caller,
      {
        payments: [{ tender_type: 'card-terminal', amount: row.amount_pence }],
        terms: row.terms,
        source: KIOSK_SOURCE,
        transactionUuid: null,
        // A replay of this payment's completion answers its order (orders.findOrderByKey).
        idempotencyKey: `kiosk-terminal:${row.id}`,
        selectedUserId: row.membership_user_id,
        staffUserId: null,
        offlineAllowed: true,
        atDesk: {
          emailReceipt: true,
          onCompleted: async (trx, orderId) => {
            if (!(await repo.movePayment(trx, row.id, ['approved'], { status: 'completed', orderId }))) throw conflict('terminal_payment_finished', 'This card payment is already finished.');
          },
        },
      },
      deps,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const now = await repo.findPayment(db, caller.clientId, row.id, WAIT);
    if (now?.status === 'completed') return;
    // Not booked: the terminal's payment is reversed (the simulated terminal refunds it), and the customer told why.
    await repo.movePayment(db, row.id, ['approved'], { status: 'reversed', reason: error.message });
  }
};

/**
 * How the payment is going: a payment still waiting asks the terminal (with the payment locked,
 * so two polls at once get one answer); an approved one completes its order (exactly once).
 */
export const checkTerminalPayment = async (db: Db, caller: KioskCaller, id: string, deps: orders.OrderDeps) => {
  await ownPayment(db, caller, id);
  const row = await inTransaction(db, async (trx) => {
    const locked = await ownPayment(trx, caller, id, true);
    if (locked.status !== 'waiting') return locked;
    if (locked.timed_out) {
      await repo.movePayment(trx, id, ['waiting'], { status: 'cancelled', reason: 'timed_out' });
    } else {
      const answer = await askTerminal(trx, caller.clientId, locked.terminal_id);
      if (answer.status === 'approved') await repo.movePayment(trx, id, ['waiting'], { status: 'approved', reference: answer.reference });
      if (answer.status === 'declined') await repo.movePayment(trx, id, ['waiting'], { status: 'declined', reason: answer.reason });
    }
    return (await repo.findPayment(trx, caller.clientId, id, WAIT))!;
  });
  if (row.status === 'approved') await completeApproved(db, caller, row, deps);
  return view(db, caller.clientId, (await repo.findPayment(db, caller.clientId, id, WAIT))!);
};

/** Cancel at the kiosk: a payment still waiting for a card is cancelled (the terminal stops); one already answered is answered as it is. */
export const cancelTerminalPayment = async (db: Db, caller: KioskCaller, id: string, deps: orders.OrderDeps) => {
  await ownPayment(db, caller, id);
  await inTransaction(db, async (trx) => {
    const locked = await ownPayment(trx, caller, id, true);
    if (locked.status === 'waiting') await repo.movePayment(trx, id, ['waiting'], { status: 'cancelled', reason: 'cancelled_at_kiosk' });
  });
  return checkTerminalPayment(db, caller, id, deps);
};

/* ---- What the kiosk took: for staff of the venue's operator (docs/front-of-house.md "Kiosk takings") ---- */

/** A venue's finished kiosk card payments of a local day: completed (the takings) and reversed (refunded at the terminal). Undefined: not this client's venue. */
export const takingsOfDay = async (db: Db, clientId: number, venueSlug: string, date: string | undefined) => {
  const venue = await repo.findVenueDay(db, clientId, venueSlug);
  if (!venue) return undefined;
  const day = date ?? venue.today;
  const rows = await repo.findTakingsOfDay(db, clientId, venue.id, venue.timezone, day);
  return {
    venue: { slug: venue.slug, name: venue.name },
    date: day,
    completed: rows.filter((r) => r.status === 'completed'),
    reversed: rows.filter((r) => r.status === 'reversed'),
    currencySymbol: await repo.findCurrencySymbol(db, clientId),
  };
};

/** The venue's completed kiosk card payments between two instants (a till session's period): how many, and their total in pence. */
export const completedTotalBetween = (db: Db, clientId: number, venueSlug: string, from: Date, to: Date) => repo.sumCompletedBetween(db, clientId, venueSlug, from, to);
