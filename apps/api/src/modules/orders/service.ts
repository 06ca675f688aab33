import type { PaymentLine } from '@app/contract/checkout/payment';
import type { CheckoutCompleteDto } from '@app/contract/checkout/complete';
import type { CheckoutAuthoriseDto, CheckoutAuthoriseRequest } from '@app/contract/checkout/authorise';
import type { Db } from '../../db/connect.ts';
import type { RecordedTender } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound, unprocessable } from '../../lib/errors.ts';
import { resolvePeople, type Caller } from '../account/service.ts';
import * as basket from '../basket/service.ts';
import * as accountBookings from '../bookings/service.ts';
import * as courses from '../courses/service.ts';
import * as credits from '../credits/service.ts';
import * as holdings from '../holdings/service.ts';
import * as payments from '../payments/service.ts';
import { payLateFees } from './late-fees.ts';
import { checkRequirements, coverDescription, lostError, normaliseTenders, reference, tenderTotal } from './requirements.ts';
import * as repo from './repository.ts';
import { money, orderSummary, queueConfirmation } from './views.ts';

/**
 * Orders (issue 10, docs/checkout.md): the basket's card step (authorise, through payments),
 * complete exactly once, or complete directly when credit covers the order; front-of-house pay;
 * late-cancellation fees (late-fees.ts); the order's views, calendar and emails (views.ts,
 * emails/); reconciliation of card attempts left authorised.
 */
export { authoriseLateFees, payLateFees } from './late-fees.ts';
export { recordMembershipPayment, recordMembershipTillPayment } from './membership-orders.ts';
export { orderCalendar, orderView } from './views.ts';

/** `publicUrl`: the site's public address (PUBLIC_URL) for links in the confirmation email; unset: http://localhost. */
export type OrderDeps = payments.PaymentDeps & { holdMinutes: number; publicUrl?: string };

/* ---- Authorise (the basket's card part) ---- */

export const authorise = async (db: Db, caller: Caller, body: CheckoutAuthoriseRequest, deps: OrderDeps & { idempotencyKey: string | null }): Promise<CheckoutAuthoriseDto> => {
  const { people, selected } = await resolvePeople(db, caller, { selected_user_id: body.selected_user_id });
  const view = await basket.cartView(db, caller, selected.id);
  if (view.id === null || view.items.length === 0) throw badRequest('cart_empty', 'Your basket is empty.');
  // A late-cancellation fee is settled before booking again, also for a basket filled before it.
  await accountBookings.assertNoUnpaidFees(db, caller);
  const items = await basket.checkoutItems(db, view.id);
  // What is charged is the total shown: an expired item is held again or removed first (issue 22).
  await basket.assertNothingExpired(db, view.id, items);
  await checkRequirements(db, caller, items, people, body.terms);
  const tenders = normaliseTenders(body.payments, false);
  const courseTotal = await courses.checkoutTotal(db, view.id);
  // A discount code applied to the basket (docs/discounts.md); 400 when it can no longer be used.
  const discount = await basket.checkoutDiscount(db, caller, view.id, [...items, { activity_id: null, price_pence: courseTotal }]);
  const total = items.reduce((s, i) => s + i.price_pence, 0) + courseTotal - (discount?.amount ?? 0);
  if (tenderTotal(tenders) !== total) throw badRequest('payments_mismatch', `The payments do not add up to the basket's total (${view.formatted_total}).`);
  if (tenders.card <= 0) throw badRequest('nothing_to_pay_by_card', 'Nothing is left to pay by card: complete the order.');
  return payments.authoriseCard(db, caller, body, deps, {
    amountPence: tenders.card,
    merchant: async () => (await repo.findClientName(db, caller.clientId)).name,
    returnUrl: '/basket/checkout',
    membershipUserId: selected.id,
    cartId: view.id,
    purpose: 'cart',
    idempotencyKey: deps.idempotencyKey,
    request: { payments: body.payments, terms: body.terms ?? [], source: body.source ?? basket.CART_SOURCE, selected_user_id: selected.id },
  });
};

/**
 * The basket ready to pay at a card terminal (the kiosk's card reader, docs/kiosk.md "Paying at
 * the card reader"): the checks authorise makes before a card is charged, and the total the
 * terminal is asked for (the server's, never the client's). The order itself is complete() with
 * a 'card-terminal' tender.
 */
export const payableBasket = async (db: Db, caller: Caller, selectedUserId: number | null | undefined, terms: readonly number[]) => {
  const { people, selected } = await resolvePeople(db, caller, { selected_user_id: selectedUserId });
  const view = await basket.cartView(db, caller, selected.id);
  if (view.id === null || view.items.length === 0) throw badRequest('cart_empty', 'Your basket is empty.');
  await accountBookings.assertNoUnpaidFees(db, caller);
  const items = await basket.checkoutItems(db, view.id);
  await basket.assertNothingExpired(db, view.id, items);
  await checkRequirements(db, caller, items, people, terms);
  const courseTotal = await courses.checkoutTotal(db, view.id);
  const discount = await basket.checkoutDiscount(db, caller, view.id, [...items, { activity_id: null, price_pence: courseTotal }]);
  const total = items.reduce((s, i) => s + i.price_pence, 0) + courseTotal - (discount?.amount ?? 0);
  return { cartId: view.id, membershipUserId: selected.id, total, itemHash: view.item_hash, formattedTotal: view.formatted_total };
};

/* ---- Complete: exactly once ---- */

const idempotencyKeyReused = () =>
  unprocessable('idempotency_key_reused', 'The given data was invalid.', { 'Idempotency-Key': ['This key was already used for another basket.'] });

export type CompleteInput = {
  payments: readonly PaymentLine[];
  terms: readonly number[] | undefined;
  source: string;
  transactionUuid: string | null;
  idempotencyKey: string | null;
  selectedUserId: number | null | undefined;
  staffUserId: number | null;
  offlineAllowed: boolean;
  /**
   * The till (foh module, docs/front-of-house.md): called inside the completion's transaction only
   * when this call makes the order (never for a replay or a basket already paid), to record the
   * till's entries and spend vouchers with it; `emailReceipt: false` queues no confirmation email.
   */
  atDesk?: { onCompleted: (trx: Db, orderId: number) => Promise<void>; emailReceipt: boolean };
};

type Outcome = { kind: 'order'; orderId: number; voidTransaction?: boolean } | { kind: 'lost'; items: { name: string; starts_at: Date }[] };

/**
 * Completes the order of the selected person's cart. One transaction: the cart row is locked
 * FOR UPDATE (every completion of one cart queues there), a completed cart answers its order,
 * expired holds are taken again or the order is refused (and the card authorisation voided),
 * then the bookings, order, lines, tenders, credit spend, card capture and confirmation email.
 */
export const complete = async (db: Db, caller: Caller, input: CompleteInput, deps: OrderDeps): Promise<CheckoutCompleteDto> => {
  const { people, selected } = await resolvePeople(db, caller, { selected_user_id: input.selectedUserId });
  let transaction = input.transactionUuid ? await payments.findAttempt(db, caller.clientId, input.transactionUuid) : undefined;
  if (input.transactionUuid && (!transaction || transaction.account_user_id !== caller.accountUserId)) throw notFound('transaction_not_found');
  if (transaction?.order_id) return orderSummary(db, caller.clientId, transaction.order_id);
  if (transaction) transaction = await payments.settleAttempt(db, transaction, deps);
  const cartId = transaction?.cart_id ?? (await basket.findOpenCartId(db, caller, selected.id));
  if (input.idempotencyKey) {
    // A replay answers the order it made; the key is bound to that basket, so the same key on
    // another basket is refused rather than answered with the old order (issue 22).
    const existing = await repo.findOrderByKey(db, caller.accountUserId, input.idempotencyKey);
    if (existing && cartId !== undefined && existing.cart_id !== cartId) throw idempotencyKeyReused();
    if (existing) return orderSummary(db, caller.clientId, existing.id);
  }
  if (cartId === undefined) throw badRequest('cart_empty', 'Your basket is empty.');

  const outcome = await inTransaction(db, async (trx): Promise<Outcome> => {
    const row = await basket.lockCartForCheckout(trx, caller.clientId, cartId);
    if (!row || row.account_user_id !== caller.accountUserId) throw notFound('cart_not_found');
    const tx = transaction ? await payments.findAttempt(trx, caller.clientId, transaction.uuid, true) : undefined;
    if (tx?.order_id) return { kind: 'order', orderId: tx.order_id };
    if (row.status === 'completed') {
      const orderId = await repo.findOrderIdByCart(trx, cartId);
      // The basket was paid another way (credit, another card): this authorisation is not needed.
      if (orderId) return { kind: 'order', orderId, voidTransaction: Boolean(tx) };
      throw badRequest('cart_empty', 'Your basket is empty.');
    }
    const items = await basket.checkoutItems(trx, cartId);
    // Without a card payment authorised while they were held, expired items are not charged: the
    // basket's total leaves them out, so the order is refused until they are held again or removed.
    if (!tx) await basket.assertNothingExpired(trx, cartId, items);
    // Whole courses (docs/courses.md): expired holds taken again under the course lock, or lost.
    const courseItems = await courses.checkoutItems(trx, caller, cartId, deps.holdMinutes);
    if (!items.length && !courseItems.rows.length) throw badRequest('cart_empty', 'Your basket is empty.');
    // Online, an unpaid late-cancellation fee blocks booking (staff at the desk may book regardless).
    if (input.staffUserId === null) await accountBookings.assertNoUnpaidFees(trx, caller);
    // Holds that expired while the customer paid: taken again when the place is still free.
    const lost: basket.CheckoutItem[] = [];
    const held: (basket.CheckoutItem & { claim_id: number })[] = [];
    for (const item of items) {
      const claim = item.held && item.claim_id !== null ? item.claim_id : await basket.retakeHold(trx, caller, item, deps.holdMinutes);
      if (claim === null) lost.push(item);
      else held.push({ ...item, claim_id: claim });
    }
    if (lost.length || courseItems.lost.length) return { kind: 'lost', items: [...lost, ...courseItems.lost] };
    const cartPeople = people.length ? people : [selected];
    await checkRequirements(trx, caller, items, cartPeople, input.terms);
    const discount = await basket.checkoutDiscount(trx, caller, cartId, [...items, ...courseItems.held.map((i) => ({ activity_id: null, price_pence: i.price_pence }))]);
    const total = items.reduce((s, i) => s + i.price_pence, 0) + courseItems.held.reduce((s, i) => s + i.price_pence, 0) - (discount?.amount ?? 0);
    const tenders = normaliseTenders(input.payments, input.offlineAllowed);
    if (tenderTotal(tenders) !== total) {
      const symbol = (await repo.findClientName(trx, caller.clientId)).currency_symbol;
      // `payments: []` completes only what a membership or package covers in full (wire notes).
      if (tenderTotal(tenders) === 0) throw badRequest('payment_required', `${money(total, symbol)} is left to pay: add a payment to complete the order.`);
      throw badRequest('payments_mismatch', `The payments do not add up to the basket's total (${money(total, symbol)}).`);
    }
    if (tenders.card > 0 && !tx) throw badRequest('card_not_authorised', 'Pay by card first: the card payment was not authorised.');
    if (tx && tenders.card !== tx.amount_pence) throw badRequest('payments_mismatch', 'The card amount differs from the amount authorised.');
    const order = await repo.insertOrder(trx, {
      clientId: caller.clientId,
      accountUserId: caller.accountUserId,
      membershipUserId: row.membership_user_id,
      cartId,
      reference: reference(),
      source: input.source,
      total,
      transactionUuid: tx?.uuid ?? null,
      idempotencyKey: input.idempotencyKey,
      staffUserId: input.staffUserId,
    });
    // One use of the code, never past its limit (parallel completions queue on the code's row).
    if (discount) await basket.spendDiscount(trx, caller, order.id, discount);
    const bookings = await basket.bookCart(trx, caller, cartId, held);
    const coverNames = await holdings.coverNames(
      trx,
      [],
      held.flatMap((i) => (i.covered_by === 'package' && i.package_holding_id !== null ? [i.package_holding_id] : [])),
    );
    await repo.insertOrderLines(
      trx,
      held.map((i) => ({
        order_id: order.id,
        booking_id: bookings.get(i.id)!,
        cart_item_id: i.id,
        occurrence_id: i.occurrence_id,
        membership_user_id: i.purchased_for_user_id,
        pricing_option_id: i.pricing_option_id,
        price_pence: i.price_pence,
        description: coverDescription(i, coverNames),
        membership_id: i.covered_by === 'membership' ? i.membership_id : null,
        package_holding_id: i.covered_by === 'package' ? i.package_holding_id : null,
      })),
    );
    await courses.bookForOrder(trx, order.id, courseItems.held);
    await repo.insertCourseOrderLines(trx, order.id, courseItems.held);
    // Membership cover still active, package visits taken (never below zero) in this transaction.
    await holdings.spendCover(trx, order.id, held.map((i) => ({ covered_by: i.covered_by, membership_id: i.membership_id, package_holding_id: i.package_holding_id, booking_id: bookings.get(i.id)! })));
    const lines: { order_id: number; tender_type: RecordedTender; amount_pence: number; transaction_uuid: string | null }[] = [];
    if (tenders.card > 0) lines.push({ order_id: order.id, tender_type: 'card', amount_pence: tenders.card, transaction_uuid: tx!.uuid });
    if (tenders.general > 0) lines.push({ order_id: order.id, tender_type: 'general-credit', amount_pence: tenders.general, transaction_uuid: null });
    if (tenders.membership > 0) lines.push({ order_id: order.id, tender_type: 'membership-credit', amount_pence: tenders.membership, transaction_uuid: null });
    for (const o of tenders.offline) lines.push({ order_id: order.id, tender_type: o.type, amount_pence: o.amount, transaction_uuid: null });
    await repo.insertPayments(trx, lines);
    await credits.spendForOrder(trx, caller, cartId, order.id, { general: tenders.general, membership: tenders.membership });
    if (tx) await payments.capture(trx, caller, tx, order.id, deps);
    if (input.atDesk) await input.atDesk.onCompleted(trx, order.id);
    if (input.atDesk?.emailReceipt !== false) await queueConfirmation(trx, caller, order.id, deps.publicUrl ?? 'http://localhost');
    return { kind: 'order', orderId: order.id };
  }).catch(async (error: unknown) => {
    // A cover that no longer holds (membership no longer active, package visits gone): nothing was
    // written, and the card authorisation is released as for a lost place.
    if (transaction && error instanceof AppError && (holdings.COVER_REFUSALS.has(error.code) || basket.DISCOUNT_REFUSALS.has(error.code))) await payments.voidAttempt(db, transaction.uuid, error.code, deps);
    throw error;
  });

  if (outcome.kind === 'lost') {
    // Never charged: the authorisation is released and the customer told which item was lost.
    if (transaction) await payments.voidAttempt(db, transaction.uuid, 'place_lost', deps);
    throw lostError(outcome.items);
  }
  if (outcome.voidTransaction && transaction) await payments.voidAttempt(db, transaction.uuid, 'cart_already_paid', deps);
  return orderSummary(db, caller.clientId, outcome.orderId);
};

/* ---- Front of house: POST {checkout}/pay is the foh module's (docs/front-of-house.md), through complete() with atDesk ---- */

/* ---- Reconciliation ---- */

/**
 * Card attempts authorised (or challenged) but never completed, older than `minutes`
 * (payments.reconcile): completed from the authorise request when everything still holds, else
 * voided. Answers what it did.
 */
export const reconcilePayments = (db: Db, deps: OrderDeps & { minutes: number }) =>
  payments.reconcile(db, deps, async (caller, tx) => {
    // A membership join's card payment is completed only by its join (docs/memberships.md): voided here.
    if (tx.purpose === 'membership') throw badRequest('membership_payment_unfinished', 'The membership join was not completed.');
    if (tx.purpose === 'late_fees') return payLateFees(db, caller, { transactionUuid: tx.uuid }, { address: null, userAgent: 'payment reconciliation' }, deps);
    const request = tx.request as { payments?: PaymentLine[]; terms?: number[]; source?: string; selected_user_id?: number };
    return complete(
      db,
      caller,
      {
        payments: request.payments ?? [],
        terms: request.terms,
        source: request.source ?? basket.CART_SOURCE,
        transactionUuid: tx.uuid,
        idempotencyKey: null,
        selectedUserId: request.selected_user_id ?? tx.membership_user_id,
        staffUserId: null,
        offlineAllowed: false,
      },
      deps,
    );
  });
