import { randomBytes, randomUUID } from 'node:crypto';
import ical from 'ical-generator';
import {
  CARD_DECLINED_MESSAGE,
  CARD_ERROR_MESSAGE,
  OFFLINE_TENDER_TYPES,
  ORDER_COMPLETED_MESSAGE,
  WAIVER_FAILED_MESSAGE,
  type PaymentLine,
} from '@app/contract/checkout/payment';
import { ITEM_LOST_MESSAGE, type CheckoutCompleteDto } from '@app/contract/checkout/complete';
import type { CheckoutAuthoriseDto, CheckoutAuthoriseRequest } from '@app/contract/checkout/authorise';
import type { AuthoriseLateFeesRequest, PayLateFeesResponse } from '@app/contract/bookings/late-fees';
import type { CheckoutPrepareDto } from '@app/contract/checkout/prepare';
import type { OrderDto } from '@app/contract/checkout/order';
import { TERMS_REQUIRED_MESSAGE } from '@app/contract/terms/terms';
import { toMoney } from '@app/contract/rules/money';
import type { Db } from '../../db/connect.ts';
import type { RecordedTender } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable, type FieldErrors } from '../../lib/errors.ts';
import * as cart from '../cart/service.ts';
import * as credits from '../credits/service.ts';
import { queueEmail } from '../email/service.ts';
import * as questions from '../questions/service.ts';
import * as accountBookings from '../bookings/service.ts';
import { recordAccountChange, type RequestOrigin } from '../account/service.ts';
import * as holdings from '../holdings/service.ts';
import type { AuthoriseResult, CardSource, PaymentProvider } from '../payments/service.ts';
import * as repo from './repository.ts';

/**
 * Checkout (issue 10, docs/checkout.md): prepare → authorise (card, 3-D Secure) → complete, or
 * complete directly when credit covers the order; front-of-house pay; order confirmation,
 * calendar and email; reconciliation of payments left authorised.
 */
export type Caller = cart.CartCaller;
export type CheckoutDeps = { provider: PaymentProvider; holdMinutes: number };

const money = (pence: number, symbol: string) => toMoney(pence, symbol).formatted;

/* ---- Terms ---- */

export const listTerms = async (db: Db, caller: Caller, cartId: number | undefined) => {
  if (cartId !== undefined) {
    const owner = await repo.findCartOwner(db, caller.clientId, cartId);
    if (!owner || owner.account_user_id !== caller.accountUserId) throw notFound('cart_not_found');
  }
  return repo.findTerms(db, caller.clientId);
};

/* ---- Prepare and saved cards ---- */

const savedCardDto = (c: Awaited<ReturnType<typeof repo.findSavedCards>>[number]) => ({
  id: c.id,
  external_identifier: c.token,
  card_holder_name: c.card_holder_name,
  brand: c.brand,
  last_four: c.last_four,
  expiry: c.expiry,
});

export const prepare = async (db: Db, caller: Caller, deps: CheckoutDeps): Promise<CheckoutPrepareDto> => {
  const [session, cards] = await Promise.all([
    deps.provider.createSession(db, caller.clientId),
    repo.findSavedCards(db, caller.clientId, caller.accountUserId, deps.provider.name),
  ]);
  const saved = cards.map(savedCardDto);
  return {
    payment_provider: deps.provider.name,
    session_key: session.sessionKey,
    mode: deps.provider.mode,
    tokenise_url: session.tokeniseUrl,
    session_expires_at: session.expiresAt.toISOString(),
    saved_card: saved[0] ?? null,
    saved_cards: saved,
  };
};

export const deleteSavedCard = async (db: Db, caller: Caller, id: number) => {
  if (!(await repo.deleteSavedCard(db, caller.clientId, caller.accountUserId, id))) throw notFound('saved_card_not_found');
};

/* ---- Tenders (spec §4, §5, §9) ---- */

type Tenders = { card: number; general: number; membership: number; offline: { type: RecordedTender; amount: number }[] };

/** Payment lines to tenders: non-positive amounts are dropped (spec §5); offline types only at the till. */
export const normaliseTenders = (lines: readonly PaymentLine[], offlineAllowed: boolean): Tenders => {
  const tenders: Tenders = { card: 0, general: 0, membership: 0, offline: [] };
  const errors: FieldErrors = {};
  lines.forEach((line, index) => {
    if (line.amount <= 0) return;
    const type = line.tender_type;
    if (type === 'card') tenders.card += line.amount;
    else if (type === 'credit') tenders[line.info?.type ?? 'general'] += line.amount;
    else if (type === 'general-credit') tenders.general += line.amount;
    else if (type === 'membership-credit') tenders.membership += line.amount;
    else if ((OFFLINE_TENDER_TYPES as readonly string[]).includes(type)) {
      if (offlineAllowed) tenders.offline.push({ type: type as RecordedTender, amount: line.amount });
      else errors[`payments.${index}.tender_type`] = ['This tender is only taken at the front desk.'];
    } else errors[`payments.${index}.tender_type`] = ['Unknown tender type.'];
  });
  if (Object.keys(errors).length) throw unprocessable('validation_failed', 'The given data was invalid.', errors);
  return tenders;
};

const tenderTotal = (t: Tenders) => t.card + t.general + t.membership + t.offline.reduce((s, o) => s + o.amount, 0);

/* ---- Requirements: terms, answers, waivers ---- */

const checkRequirements = async (db: Db, caller: Caller, items: readonly cart.CheckoutItem[], people: readonly { id: number; first_name: string; last_name: string }[], termIds: readonly number[] | undefined) => {
  const terms = await repo.findTerms(db, caller.clientId);
  const errors: FieldErrors = {};
  const accepted = new Set(termIds ?? []);
  if (terms.some((t) => t.required && !accepted.has(t.id))) errors.terms = [TERMS_REQUIRED_MESSAGE];
  const missing = await questions.missingRequirements(db, caller.clientId, items, people);
  Object.assign(errors, missing.errors);
  if (Object.keys(errors).length) {
    const message = missing.unsignedWaivers ? WAIVER_FAILED_MESSAGE : errors.terms && Object.keys(errors).length === 1 ? TERMS_REQUIRED_MESSAGE : 'The given data was invalid.';
    throw unprocessable('checkout_incomplete', message, errors);
  }
};

/* ---- Authorise ---- */

export const authorise = async (db: Db, caller: Caller, body: CheckoutAuthoriseRequest, deps: CheckoutDeps & { idempotencyKey: string | null }): Promise<CheckoutAuthoriseDto> => {
  const { people, selected } = await cart.resolvePeople(db, caller, { selected_user_id: body.selected_user_id });
  const view = await cart.cartView(db, caller, selected.id);
  if (view.id === null || view.items.length === 0) throw badRequest('cart_empty', 'Your basket is empty.');
  // A late-cancellation fee is settled before booking again, also for a basket filled before it.
  await accountBookings.assertNoUnpaidFees(db, caller);
  const items = await cart.checkoutItems(db, view.id);
  await checkRequirements(db, caller, items, people, body.terms);
  const tenders = normaliseTenders(body.payments, false);
  const total = items.reduce((s, i) => s + i.price_pence, 0);
  if (tenderTotal(tenders) !== total) throw badRequest('payments_mismatch', `The payments do not add up to the basket's total (${view.formatted_total}).`);
  if (tenders.card <= 0) throw badRequest('nothing_to_pay_by_card', 'Nothing is left to pay by card: complete the order.');
  return authoriseCard(db, caller, body, deps, {
    amountPence: tenders.card,
    returnUrl: '/basket/checkout',
    membershipUserId: selected.id,
    cartId: view.id,
    purpose: 'cart',
    idempotencyKey: deps.idempotencyKey,
    request: { payments: body.payments, terms: body.terms ?? [], source: body.source ?? cart.CART_SOURCE, selected_user_id: selected.id },
  });
};

type CardBody = Parameters<typeof cardSource>[2] & { card_holder_name?: string | null | undefined; save_card?: boolean | null | undefined };

/**
 * Authorises `amountPence` on the card of `body` (a saved card or the provider's identifier)
 * through the provider, frictionless or with a 3-D Secure challenge that returns to
 * `returnUrl`, and records the attempt (provider_transactions) for completion, expiry and
 * reconciliation: the basket's and the late fees' card step alike.
 */
const authoriseCard = async (
  db: Db,
  caller: Caller,
  body: CardBody,
  deps: CheckoutDeps,
  attempt: {
    amountPence: number;
    returnUrl: string;
    membershipUserId: number;
    cartId: number | null;
    purpose: 'cart' | 'late_fees';
    idempotencyKey: string | null;
    request: unknown;
  },
): Promise<CheckoutAuthoriseDto> => {
  const source = await cardSource(db, caller, body, deps);
  const client = await repo.findClientName(db, caller.clientId);
  const transactionUuid = randomUUID();
  const browser = Object.fromEntries(Object.entries(body).filter(([key]) => key.startsWith('browser_')));
  const result = await deps.provider.authorise(db, {
    clientId: caller.clientId,
    transactionUuid,
    amountPence: attempt.amountPence,
    merchant: client.name,
    card: source,
    returnUrl: attempt.returnUrl,
    browser,
  });
  await repo.insertTransaction(db, {
    uuid: transactionUuid,
    client_id: caller.clientId,
    account_user_id: caller.accountUserId,
    membership_user_id: attempt.membershipUserId,
    cart_id: attempt.cartId,
    purpose: attempt.purpose,
    provider: deps.provider.name,
    status: result.status,
    amount_pence: attempt.amountPence,
    card_token: result.card?.token ?? null,
    card_brand: result.card?.brand ?? null,
    card_last_four: result.card?.lastFour ?? null,
    card_expiry: result.card?.expiry ?? null,
    card_holder_name: result.card?.holderName ?? body.card_holder_name ?? null,
    save_card: Boolean(body.save_card) && !body.saved_card_id,
    idempotency_key: attempt.idempotencyKey,
    failure_reason: result.status === 'declined' || result.status === 'error' ? result.reason : null,
    request: attempt.request,
  });
  return authorisationAnswer(transactionUuid, result, attempt.amountPence);
};

/** The card to charge: a saved card of the caller's (by id) or the provider's card identifier. */
const cardSource = async (
  db: Db,
  caller: Caller,
  body: { saved_card_id?: number | null | undefined; card_identifier?: string | null | undefined; session_key: string },
  deps: CheckoutDeps,
): Promise<CardSource> => {
  if (body.saved_card_id) {
    const card = (await repo.findSavedCards(db, caller.clientId, caller.accountUserId, deps.provider.name)).find((c) => c.id === body.saved_card_id);
    if (!card) throw notFound('saved_card_not_found');
    return { kind: 'token', token: card.token };
  }
  if (body.card_identifier) return { kind: 'identifier', identifier: body.card_identifier, sessionKey: body.session_key };
  throw unprocessable('validation_failed', 'The given data was invalid.', { card_identifier: ['Required'] });
};

/** Authorise's answer: 402 for a declined or failed card, else the status and any challenge. */
const authorisationAnswer = (transactionUuid: string, result: AuthoriseResult, amount: number): CheckoutAuthoriseDto => {
  const status = result.status;
  if (status === 'declined') throw new AppError({ code: 'card_declined', status: 402, message: CARD_DECLINED_MESSAGE });
  if (status === 'error') {
    if (result.reason === 'card_identifier_unknown') throw badRequest('card_identifier_unknown', 'The card details have expired. Please enter them again.');
    throw new AppError({ code: 'card_error', status: 402, message: CARD_ERROR_MESSAGE });
  }
  return {
    transaction_uuid: transactionUuid,
    transaction_status: status,
    sca_url: status === 'challenge' ? result.scaUrl : null,
    sca_data: status === 'challenge' ? result.scaData : null,
    amount,
  };
};

/** Saves the card of a captured attempt when the customer asked to (provider token, brand, last four, expiry). */
const keepCardIfAsked = async (trx: Db, caller: Caller, tx: repo.TransactionRow) => {
  if (!tx.save_card || !tx.card_token) return;
  await repo.insertSavedCard(trx, {
    clientId: caller.clientId,
    accountUserId: caller.accountUserId,
    provider: tx.provider,
    token: tx.card_token,
    holder: tx.card_holder_name ?? '',
    brand: tx.card_brand ?? 'card',
    lastFour: tx.card_last_four ?? '0000',
    expiry: tx.card_expiry ?? '01/99',
  });
};

/** A challenged card attempt after the customer's return: authorised, or 402 declined, or 400 unfinished. */
const settleChallenge = async <T extends repo.TransactionRow>(db: Db, transaction: T, deps: CheckoutDeps): Promise<T> => {
  if (transaction.status !== 'challenge') return transaction;
  const status = await deps.provider.status(db, transaction.uuid);
  if (status === 'authorised') {
    await repo.setTransaction(db, transaction.uuid, { status: 'authorised' });
    return { ...transaction, status: 'authorised' };
  }
  if (status === 'declined') {
    await repo.setTransaction(db, transaction.uuid, { status: 'declined', failure_reason: 'challenge_declined' });
    throw new AppError({ code: 'card_declined', status: 402, message: CARD_DECLINED_MESSAGE });
  }
  throw badRequest('challenge_pending', 'Please finish the card check with your bank first.');
};

/** An order line's words: 'Covered by membership', 'Package visit: 10 Swims', or null when paid for. */
const coverDescription = (item: cart.CheckoutItem, names: { packages: ReadonlyMap<number, string> }) => {
  if (item.covered_by === 'membership') return holdings.COVERED_BY_MEMBERSHIP;
  if (item.covered_by === 'package') return holdings.packageLineDescription(names.packages.get(item.package_holding_id ?? 0) ?? 'package');
  return null;
};

/* ---- Complete: exactly once ---- */

export type CompleteInput = {
  payments: readonly PaymentLine[];
  terms: readonly number[] | undefined;
  source: string;
  transactionUuid: string | null;
  idempotencyKey: string | null;
  selectedUserId: number | null | undefined;
  staffUserId: number | null;
  offlineAllowed: boolean;
};

const reference = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `BK-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
};

type Outcome = { kind: 'order'; orderId: number; voidTransaction?: boolean } | { kind: 'lost'; items: cart.CheckoutItem[] };

const lostError = (items: readonly cart.CheckoutItem[]) =>
  new AppError({
    code: 'item_lost',
    status: 409,
    message: ITEM_LOST_MESSAGE,
    errors: { items: items.map((i) => `${i.name} on ${new Date(i.starts_at).toISOString().slice(0, 16).replace('T', ' ')} UTC is no longer available.`) },
  });

/**
 * Completes the order of the selected person's cart. One transaction: the cart row is locked
 * FOR UPDATE (every completion of one cart queues there), a completed cart answers its order,
 * expired holds are taken again or the order is refused (and the card authorisation voided),
 * then the bookings, order, lines, tenders, credit spend, card capture and confirmation email.
 */
export const complete = async (db: Db, caller: Caller, input: CompleteInput, deps: CheckoutDeps): Promise<CheckoutCompleteDto> => {
  const { people, selected } = await cart.resolvePeople(db, caller, { selected_user_id: input.selectedUserId });
  let transaction = input.transactionUuid ? await repo.findTransaction(db, caller.clientId, input.transactionUuid) : undefined;
  if (input.transactionUuid && (!transaction || transaction.account_user_id !== caller.accountUserId)) throw notFound('transaction_not_found');
  if (transaction?.order_id) return orderSummary(db, caller.clientId, transaction.order_id);
  if (transaction) {
    transaction = await settleChallenge(db, transaction, deps);
    if (transaction.status !== 'authorised') throw new AppError({ code: 'payment_not_authorised', status: 402, message: 'This card payment was not authorised. Please try again.' });
  }
  if (input.idempotencyKey) {
    const existing = await repo.findOrderIdByKey(db, caller.accountUserId, input.idempotencyKey);
    if (existing) return orderSummary(db, caller.clientId, existing);
  }
  const cartId = transaction?.cart_id ?? (await cart.findOpenCartId(db, caller, selected.id));
  if (cartId === undefined) {
    // A replay that lost the race to the completion it repeats: the cart is already completed.
    const replayed = input.idempotencyKey ? await repo.findOrderIdByKey(db, caller.accountUserId, input.idempotencyKey) : undefined;
    if (replayed) return orderSummary(db, caller.clientId, replayed);
    throw badRequest('cart_empty', 'Your basket is empty.');
  }

  const outcome = await inTransaction(db, async (trx): Promise<Outcome> => {
    const row = await cart.lockCartForCheckout(trx, caller.clientId, cartId);
    if (!row || row.account_user_id !== caller.accountUserId) throw notFound('cart_not_found');
    const tx = transaction ? await repo.findTransaction(trx, caller.clientId, transaction.uuid, true) : undefined;
    if (tx?.order_id) return { kind: 'order', orderId: tx.order_id };
    if (row.status === 'completed') {
      const orderId = await repo.findOrderIdByCart(trx, cartId);
      // The basket was paid another way (credit, another card): this authorisation is not needed.
      if (orderId) return { kind: 'order', orderId, voidTransaction: Boolean(tx) };
      throw badRequest('cart_empty', 'Your basket is empty.');
    }
    const items = await cart.checkoutItems(trx, cartId);
    if (!items.length) throw badRequest('cart_empty', 'Your basket is empty.');
    // Online, an unpaid late-cancellation fee blocks booking (staff at the desk may book regardless).
    if (input.staffUserId === null) await accountBookings.assertNoUnpaidFees(trx, caller);
    // Holds that expired while the customer paid: taken again when the place is still free.
    const lost: cart.CheckoutItem[] = [];
    const held: (cart.CheckoutItem & { claim_id: number })[] = [];
    for (const item of items) {
      const claim = item.held && item.claim_id !== null ? item.claim_id : await cart.retakeHold(trx, caller, item, deps.holdMinutes);
      if (claim === null) lost.push(item);
      else held.push({ ...item, claim_id: claim });
    }
    if (lost.length) return { kind: 'lost', items: lost };
    const cartPeople = people.length ? people : [selected];
    await checkRequirements(trx, caller, items, cartPeople, input.terms);
    const total = items.reduce((s, i) => s + i.price_pence, 0);
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
    const bookings = await cart.bookCart(trx, caller, cartId, held);
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
    // Membership cover still active, package visits taken (never below zero) in this transaction.
    await holdings.spendCover(trx, order.id, held.map((i) => ({ covered_by: i.covered_by, membership_id: i.membership_id, package_holding_id: i.package_holding_id, booking_id: bookings.get(i.id)! })));
    const lines: { order_id: number; tender_type: RecordedTender; amount_pence: number; transaction_uuid: string | null }[] = [];
    if (tenders.card > 0) lines.push({ order_id: order.id, tender_type: 'card', amount_pence: tenders.card, transaction_uuid: tx!.uuid });
    if (tenders.general > 0) lines.push({ order_id: order.id, tender_type: 'general-credit', amount_pence: tenders.general, transaction_uuid: null });
    if (tenders.membership > 0) lines.push({ order_id: order.id, tender_type: 'membership-credit', amount_pence: tenders.membership, transaction_uuid: null });
    for (const o of tenders.offline) lines.push({ order_id: order.id, tender_type: o.type, amount_pence: o.amount, transaction_uuid: null });
    await repo.insertPayments(trx, lines);
    await credits.spendForOrder(trx, caller, cartId, order.id, { general: tenders.general, membership: tenders.membership });
    if (tx) {
      await deps.provider.capture(trx, tx.uuid);
      await repo.setTransaction(trx, tx.uuid, { status: 'completed', order_id: order.id });
      await keepCardIfAsked(trx, caller, tx);
    }
    await queueConfirmation(trx, caller, order.id);
    return { kind: 'order', orderId: order.id };
  }).catch(async (error: unknown) => {
    // A cover that no longer holds (membership no longer active, package visits gone): nothing was
    // written, and the card authorisation is released as for a lost place.
    if (transaction && error instanceof AppError && holdings.COVER_REFUSALS.has(error.code)) {
      await deps.provider.voidPayment(db, transaction.uuid);
      await repo.setTransaction(db, transaction.uuid, { status: 'voided', failure_reason: error.code });
    }
    throw error;
  });

  if (outcome.kind === 'lost') {
    // Never charged: the authorisation is released and the customer told which item was lost.
    if (transaction) {
      await deps.provider.voidPayment(db, transaction.uuid);
      await repo.setTransaction(db, transaction.uuid, { status: 'voided', failure_reason: 'place_lost' });
    }
    throw lostError(outcome.items);
  }
  if (outcome.voidTransaction && transaction) {
    await deps.provider.voidPayment(db, transaction.uuid);
    await repo.setTransaction(db, transaction.uuid, { status: 'voided', failure_reason: 'cart_already_paid' });
  }
  return orderSummary(db, caller.clientId, outcome.orderId);
};

const orderSummary = async (db: Db, clientId: number, orderId: number): Promise<CheckoutCompleteDto> => {
  const order = (await repo.findOrder(db, clientId, { id: orderId }))!;
  const bookings = await repo.findOrderBookings(db, orderId);
  const symbol = (await repo.findClientName(db, clientId)).currency_symbol;
  return { complete_order_id: order.uuid, reference: order.reference, total: order.total_pence, formatted_total: money(order.total_pence, symbol), booking_ids: bookings.map((b) => b.id) };
};

export const COMPLETED_MESSAGE = ORDER_COMPLETED_MESSAGE;

/* ---- Late-cancellation fees: paid by card or from credit, as an order (docs/account-bookings.md) ---- */

/** The account site's source on a fee order. */
const LATE_FEES_SOURCE = 'my-account';
type FeeCardRequest = { fee_ids: number[]; source: string };

const feesChanged = (formattedTotal: string) =>
  conflict('late_fees_changed', `Your late-cancellation fees now come to ${formattedTotal}. Please check the amount and pay again.`);
const noFees = () => badRequest('no_late_fees', 'There is no late-cancellation fee to pay.');

/**
 * POST dashboard/late-cancellation-fees/authorise: authorises the card for every unpaid fee, as
 * checkout's authorise does for a basket (frictionless or a 3-D Secure challenge that returns
 * to the account site's fee page). `amount` must be the total the customer was shown.
 */
export const authoriseLateFees = async (db: Db, caller: Caller, body: AuthoriseLateFeesRequest, deps: CheckoutDeps): Promise<CheckoutAuthoriseDto> => {
  const fees = await accountBookings.listUnpaidFees(db, caller);
  if (fees.data.length === 0) throw noFees();
  if (fees.total !== body.amount) throw feesChanged(fees.formatted_total);
  const { selected } = await cart.resolvePeople(db, caller, { selected_user_id: null });
  const request: FeeCardRequest = { fee_ids: fees.data.map((fee) => fee.id), source: LATE_FEES_SOURCE };
  return authoriseCard(db, caller, body, deps, {
    amountPence: fees.total,
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
export const payLateFees = async (db: Db, caller: Caller, input: { transactionUuid?: string | undefined }, origin: RequestOrigin, deps: CheckoutDeps): Promise<PayLateFeesResponse> => {
  let transaction = input.transactionUuid ? await repo.findTransaction(db, caller.clientId, input.transactionUuid) : undefined;
  if (input.transactionUuid && (!transaction || transaction.account_user_id !== caller.accountUserId || transaction.purpose !== 'late_fees')) throw notFound('transaction_not_found');
  if (transaction?.order_id) return feeOrderAnswer(db, caller, transaction.order_id, null);
  if (transaction) {
    transaction = await settleChallenge(db, transaction, deps);
    if (transaction.status !== 'authorised') throw new AppError({ code: 'payment_not_authorised', status: 402, message: 'This card payment was not authorised. Please try again.' });
  }
  const { selected } = await cart.resolvePeople(db, caller, { selected_user_id: null });
  const symbol = (await repo.findClientName(db, caller.clientId)).currency_symbol;

  const outcome = await inTransaction(db, async (trx): Promise<FeeOutcome> => {
    const tx = transaction ? await repo.findTransaction(trx, caller.clientId, transaction.uuid, true) : undefined;
    if (tx?.order_id) return { kind: 'paid', orderId: tx.order_id, creditBalance: null };
    if (tx && tx.status !== 'authorised') throw new AppError({ code: 'payment_not_authorised', status: 402, message: 'This card payment was not authorised. Please try again.' });
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
      await deps.provider.capture(trx, tx.uuid);
      await repo.setTransaction(trx, tx.uuid, { status: 'completed', order_id: order.id });
      await keepCardIfAsked(trx, caller, tx);
    } else {
      const message = `Your account credit does not cover the ${money(total, symbol)} late-cancellation fee. Please pay it by card.`;
      const entry = await credits.spendGeneral(trx, caller, total, `Late-cancellation fee${fees.length > 1 ? 's' : ''}`, message, order.id);
      await repo.insertPayments(trx, [{ order_id: order.id, tender_type: 'general-credit', amount_pence: total, transaction_uuid: null }]);
      creditEntryId = entry.id;
      creditBalance = entry.balanceAfter;
    }
    await accountBookings.markFeesPaid(trx, feeIds, { orderId: order.id, creditEntryId });
    await queueFeeReceipt(trx, caller, order.id, fees, tx ? `card ending ${tx.card_last_four ?? '0000'}` : 'account credit');
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
    if (transaction) {
      await deps.provider.voidPayment(db, transaction.uuid);
      await repo.setTransaction(db, transaction.uuid, { status: 'voided', failure_reason: outcome.error.code });
    }
    throw outcome.error;
  }
  return feeOrderAnswer(db, caller, outcome.orderId, outcome.creditBalance);
};

/** The receipt email of a fee payment: the fees, the total and how it was paid. */
const queueFeeReceipt = async (
  trx: Db,
  caller: Caller,
  orderId: number,
  fees: readonly { amount_pence: number; activity_name: string; venue_name: string; local_date: string; local_time: string }[],
  paidWith: string,
) => {
  const [order, account, client] = await Promise.all([
    repo.findOrder(trx, caller.clientId, { id: orderId }),
    repo.findAccount(trx, caller.clientId, caller.accountUserId),
    repo.findClientName(trx, caller.clientId),
  ]);
  if (!order || !account) return;
  const lines = fees.map((f) => `${repo.LATE_FEE_LINE}: ${f.activity_name}, ${f.venue_name}, ${f.local_date} ${f.local_time} (${money(f.amount_pence, client.currency_symbol)})`);
  const total = money(order.total_pence, client.currency_symbol);
  const paid = `Total paid: ${total} by ${paidWith}.`;
  await queueEmail(trx, {
    clientId: caller.clientId,
    kind: 'late-fee-receipt',
    to: account.email,
    subject: `Payment received: ${order.reference}`,
    text: [`Hello ${account.first_name},`, '', `Thank you: your late-cancellation fee is paid and you can book again. Your reference is ${order.reference}.`, '', ...lines, '', paid].join('\n'),
    html: `<p>Hello ${escapeHtml(account.first_name)},</p><p>Thank you: your late-cancellation fee is paid and you can book again. Your reference is <strong>${escapeHtml(order.reference)}</strong>.</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>${escapeHtml(paid)}</p>`,
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

/* ---- Front of house ---- */

/** POST {checkout}/pay: staff take offline tenders and credit for a customer's basket. */
export const payAtDesk = async (db: Db, staff: { clientId: number; staffUserId: number }, input: Omit<CompleteInput, 'offlineAllowed' | 'staffUserId' | 'transactionUuid'>, deps: CheckoutDeps) => {
  const accountUserId = await repo.findAccountOfPerson(db, staff.clientId, input.selectedUserId ?? 0);
  if (accountUserId === undefined) throw notFound('customer_not_found');
  const lines = input.payments.filter((p) => p.amount > 0);
  if (lines.some((p) => p.tender_type === 'card')) {
    throw unprocessable('validation_failed', 'The given data was invalid.', { payments: ['Card payments at the desk go through the card terminal, not this endpoint.'] });
  }
  return complete(db, { clientId: staff.clientId, accountUserId }, { ...input, transactionUuid: null, staffUserId: staff.staffUserId, offlineAllowed: true }, deps);
};

/* ---- Credits ---- */

export const applyCredits = async (db: Db, caller: Caller, body: { credits_to_reserve: readonly { amount: number; type: 'general' | 'membership' }[]; selected_user_id?: number | null | undefined }) => {
  const { selected } = await cart.resolvePeople(db, caller, { selected_user_id: body.selected_user_id });
  const view = await cart.cartView(db, caller, selected.id);
  if (view.id === null || view.items.length === 0) throw badRequest('cart_empty', 'Your basket is empty.');
  const reserved = await credits.reserveForCart(db, caller, view.id, view.total, body.credits_to_reserve);
  const summary = await credits.creditSummary(db, caller, view.id, view.total);
  const amount = reserved.general + reserved.membership;
  return {
    reserved: amount > 0,
    amount,
    reservations: credits.CREDIT_TYPES.filter((t) => reserved[t] > 0).map((type) => ({ type, amount: reserved[type] })),
    credits: { general: summary.general, membership: summary.membership },
  };
};

/* ---- Questions and waivers of the caller's cart ---- */

const cartItemsOf = async (db: Db, caller: Caller, cartId: number) => {
  const owner = await repo.findCartOwner(db, caller.clientId, cartId);
  if (!owner || owner.account_user_id !== caller.accountUserId || owner.status !== 'open') throw notFound('cart_not_found');
  return cart.checkoutItems(db, cartId);
};

export const cartQuestions = async (db: Db, caller: Caller, cartId: number) => questions.questionsForItems(db, caller.clientId, await cartItemsOf(db, caller, cartId));

/** Answers for the caller's open cart items on one occurrence (by id or uuid). */
export const answerQuestions = async (
  db: Db,
  caller: Caller,
  occurrence: { id: number } | { uuid: string },
  body: { cart_item_id?: number | undefined; answers: readonly { question_id: number; value: string | boolean }[]; selected_user_id?: number | null | undefined },
) => {
  const { selected } = await cart.resolvePeople(db, caller, { selected_user_id: body.selected_user_id });
  const cartId = await cart.findOpenCartId(db, caller, selected.id);
  const items = cartId === undefined ? [] : await cart.checkoutItems(db, cartId);
  const matching = items.filter(
    (i) => ('id' in occurrence ? i.occurrence_id === occurrence.id : i.occurrence_uuid === occurrence.uuid) && (body.cart_item_id === undefined || i.id === body.cart_item_id),
  );
  return questions.saveAnswers(db, caller.clientId, matching, body.answers);
};

export const waiverRequirements = async (db: Db, caller: Caller, selectedUserId: number | null | undefined) => {
  const { people, selected } = await cart.resolvePeople(db, caller, { selected_user_id: selectedUserId });
  const cartId = await cart.findOpenCartId(db, caller, selected.id);
  const items = cartId === undefined ? [] : await cart.checkoutItems(db, cartId);
  const data = await questions.waiverRequirements(db, caller.clientId, items, people);
  return { data, attendee_waivers_required: data.filter((w) => !w.signed).length };
};

export const signWaivers = async (
  db: Db,
  caller: Caller,
  body: { waivers: readonly { restriction_id: number; membership_user_id?: number | null | undefined; signature: string }[]; selected_user_id?: number | null | undefined },
) => {
  const { pick, selected } = await cart.resolvePeople(db, caller, { selected_user_id: body.selected_user_id });
  const waivers = body.waivers.map((w) => ({ ...w, membership_user_id: pick(w.membership_user_id ?? selected.id).id }));
  return questions.signWaivers(db, caller, waivers);
};

export const previousAttendees = async (db: Db, caller: Caller, restrictionId: number, query: string, selectedUserId: number | null) => {
  await cart.resolvePeople(db, caller, { selected_user_id: selectedUserId });
  return questions.previousAttendees(db, caller, restrictionId, query);
};

/* ---- Confirmation, calendar, email ---- */

export const orderView = async (db: Db, caller: Caller, completeOrderId: string): Promise<OrderDto> => {
  const order = await repo.findOrder(db, caller.clientId, { uuid: completeOrderId });
  if (!order) throw notFound('order_not_found');
  // Another customer's order exists but is not theirs to see (DESIGN.md §7: ids are checked, 403).
  if (order.account_user_id !== caller.accountUserId) throw forbidden();
  const [bookings, payments, client] = await Promise.all([repo.findOrderBookings(db, order.id), repo.findOrderPayments(db, order.id), repo.findClientName(db, caller.clientId)]);
  const symbol = client.currency_symbol;
  return {
    complete_order_id: order.uuid,
    reference: order.reference,
    status: order.status,
    source: order.source,
    completed_at: new Date(order.created_at as unknown as Date).toISOString(),
    total: order.total_pence,
    formatted_total: money(order.total_pence, symbol),
    bookings: bookings.map((b) => ({
      id: b.id,
      name: b.name,
      person: { id: b.membership_user_id, first_name: b.first_name, last_name: b.last_name },
      date: b.local_date,
      starts_at: new Date(b.starts_at).toISOString(),
      ends_at: new Date(b.ends_at).toISOString(),
      starts_at_clock: { format_12_hour: b.starts_12, format_24_hour: b.starts_24 },
      ends_at_clock: { format_12_hour: b.ends_12, format_24_hour: b.ends_24 },
      venue: { slug: b.venue_slug, name: b.venue_name },
      location: b.location_name === null ? null : { name: b.location_name },
      price: { raw: b.price_pence, formatted: money(b.price_pence, symbol) },
      covered_by: b.description,
      status: b.status === 'confirmed' ? 'booked' : 'cancelled',
    })),
    payments: payments.map((p) => ({
      tender_type: p.tender_type,
      amount: p.amount_pence,
      formatted_amount: money(p.amount_pence, symbol),
      card: p.tender_type === 'card' && p.card_brand && p.card_last_four ? { brand: p.card_brand, last_four: p.card_last_four } : null,
    })),
    calendar_url: `/api/checkout/orders/${order.uuid}/calendar.ics`,
  };
};

const calendarOf = (clientName: string, reference: string, bookings: readonly repo.OrderBookingRow[]) => {
  const calendar = ical({ name: `${clientName} bookings ${reference}`, prodId: { company: clientName, product: 'Bookings', language: 'EN' } });
  for (const b of bookings.filter((x) => x.status === 'confirmed')) {
    calendar.createEvent({
      id: `booking-${b.id}@bookings`,
      start: new Date(b.starts_at),
      end: new Date(b.ends_at),
      summary: `${b.name} (${b.first_name} ${b.last_name})`,
      location: [b.location_name, b.venue_name, b.venue_address].filter(Boolean).join(', '),
      description: `Booking reference ${reference}`,
    });
  }
  return calendar.toString();
};

export const orderCalendar = async (db: Db, caller: Caller, completeOrderId: string) => {
  const order = await repo.findOrder(db, caller.clientId, { uuid: completeOrderId });
  if (!order) throw notFound('order_not_found');
  // Another customer's order exists but is not theirs to see (DESIGN.md §7: ids are checked, 403).
  if (order.account_user_id !== caller.accountUserId) throw forbidden();
  const [bookings, client] = await Promise.all([repo.findOrderBookings(db, order.id), repo.findClientName(db, caller.clientId)]);
  return { filename: `booking-${order.reference}.ics`, body: calendarOf(client.name, order.reference, bookings) };
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The confirmation email, queued in the order's transaction (sent only if the order commits). */
const queueConfirmation = async (trx: Db, caller: Caller, orderId: number) => {
  const [order, account, client, bookings] = await Promise.all([
    repo.findOrder(trx, caller.clientId, { id: orderId }),
    repo.findAccount(trx, caller.clientId, caller.accountUserId),
    repo.findClientName(trx, caller.clientId),
    repo.findOrderBookings(trx, orderId),
  ]);
  if (!order || !account) return;
  const lines = bookings.map((b) => `${b.name}: ${b.first_name} ${b.last_name}, ${b.local_date} ${b.starts_24}–${b.ends_24}, ${[b.location_name, b.venue_name].filter(Boolean).join(', ')} (${money(b.price_pence, client.currency_symbol)})`);
  const total = money(order.total_pence, client.currency_symbol);
  await queueEmail(trx, {
    clientId: caller.clientId,
    kind: 'order-confirmation',
    to: account.email,
    subject: `Booking confirmed: ${order.reference}`,
    text: [`Hello ${account.first_name},`, '', `Thank you for your booking. Your reference is ${order.reference}.`, '', ...lines, '', `Total paid: ${total}`, '', 'The bookings are attached as a calendar file.'].join('\n'),
    html: `<p>Hello ${escapeHtml(account.first_name)},</p><p>Thank you for your booking. Your reference is <strong>${escapeHtml(order.reference)}</strong>.</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul><p>Total paid: ${escapeHtml(total)}</p><p>The bookings are attached as a calendar file.</p>`,
    attachments: [{ filename: `booking-${order.reference}.ics`, content: calendarOf(client.name, order.reference, bookings), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  });
};

/* ---- Reconciliation ---- */

/**
 * Card payments authorised (or challenged) but never completed — the server died between
 * authorise and complete, or the customer left — older than `minutes`: completed from the
 * authorise request when everything still holds, else voided. Answers what it did.
 */
export const reconcilePayments = async (db: Db, deps: CheckoutDeps & { minutes: number }) => {
  const done = { completed: 0, voided: 0 };
  for (const stale of await repo.findStaleTransactions(db, deps.minutes, 100)) {
    const caller = { clientId: stale.client_id, accountUserId: stale.account_user_id };
    const tx = (await repo.findTransaction(db, stale.client_id, stale.uuid))!;
    const request = tx.request as { payments?: PaymentLine[]; terms?: number[]; source?: string; selected_user_id?: number };
    try {
      if (tx.status === 'challenge' && (await deps.provider.status(db, tx.uuid)) !== 'authorised') throw badRequest('challenge_unfinished', 'The card check was not finished.');
      if (tx.purpose === 'late_fees') {
        await payLateFees(db, caller, { transactionUuid: tx.uuid }, { address: null, userAgent: 'payment reconciliation' }, deps);
        done.completed++;
        continue;
      }
      await complete(
        db,
        caller,
        {
          payments: request.payments ?? [],
          terms: request.terms,
          source: request.source ?? cart.CART_SOURCE,
          transactionUuid: tx.uuid,
          idempotencyKey: null,
          selectedUserId: request.selected_user_id ?? tx.membership_user_id,
          staffUserId: null,
          offlineAllowed: false,
        },
        deps,
      );
      done.completed++;
    } catch (error) {
      const current = await repo.findTransaction(db, stale.client_id, stale.uuid);
      if (current && (current.status === 'authorised' || current.status === 'challenge')) {
        await deps.provider.voidPayment(db, tx.uuid);
        await repo.setTransaction(db, tx.uuid, { status: 'voided', failure_reason: `reconciled: ${(error as { code?: string }).code ?? 'error'}` });
      }
      if (current?.status !== 'completed') done.voided++;
    }
  }
  return done;
};

/* ---- Pricing (spec §7 POST price/{venue}/ticket/{activity}) ---- */

/**
 * Member and non-member prices of an activity's ticket types side by side. `activity` is the
 * activity's id; `occurrence_id` (id or uuid) may name it instead. `reference` is the customer the
 * price is for: it must be the caller's own reference (a discount is per customer), else 400.
 * `is_member` when the caller holds an active membership: `your_price` is then the member price
 * (what the basket charges them, docs/account-holdings.md "Member prices") and `discount` their
 * plan with the percentage saved on the first ticket type; otherwise the full price and null.
 */
export const ticketPrices = async (
  db: Db,
  caller: Caller | null,
  venue: string,
  activity: string,
  body: { reference?: string | null | undefined; occurrence_id?: number | string | null | undefined },
) => {
  let activityId = /^\d{1,9}$/.test(activity) ? Number(activity) : undefined;
  if (body.occurrence_id !== undefined && body.occurrence_id !== null) {
    const ref = typeof body.occurrence_id === 'number' || /^\d{1,9}$/.test(body.occurrence_id) ? { id: Number(body.occurrence_id) } : { uuid: String(body.occurrence_id).toLowerCase() };
    activityId = (await repo.findOccurrenceActivity(db, caller?.clientId ?? 0, ref)) ?? activityId;
  }
  if (activityId === undefined || !caller) throw notFound('activity_not_found');
  const options = await repo.findActivityPricing(db, caller.clientId, venue, activityId);
  if (!options.length) throw notFound('activity_not_found');
  let customerId: number | null = null;
  if (body.reference) {
    const user = await repo.findUserByReference(db, caller.clientId, body.reference);
    if (!user || user.id !== caller.accountUserId) throw badRequest('discount_not_applicable', 'This discount does not apply to this customer.');
    customerId = user.id;
  }
  const symbol = (await repo.findClientName(db, caller.clientId)).currency_symbol;
  const m = (pence: number) => ({ raw: pence, formatted: money(pence, symbol) });
  const plan = await holdings.accountHolderPlan(db, caller.clientId, caller.accountUserId);
  const yours = (o: { price_pence: number; member_price_pence: number }) => (plan !== undefined ? Math.min(o.member_price_pence, o.price_pence) : o.price_pence);
  const [first] = options;
  const percent = plan !== undefined && first!.price_pence > 0 ? Math.round(((first!.price_pence - yours(first!)) * 100) / first!.price_pence) : 0;
  return {
    customer_id: customerId,
    is_member: plan !== undefined,
    discount: plan !== undefined && percent > 0 ? { name: plan, percent } : null,
    tickets: options.map((o) => ({ pricing_option_id: o.id, name: o.name, non_member: m(o.price_pence), member: m(o.member_price_pence), your_price: m(yours(o)) })),
  };
};
