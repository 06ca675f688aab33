import { randomUUID } from 'node:crypto';
import { CARD_DECLINED_MESSAGE, CARD_ERROR_MESSAGE } from '@app/contract/checkout/payment';
import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import type { CheckoutPrepareDto } from '@app/contract/checkout/prepare';
import type { Db } from '../../db/connect.ts';
import type { PaymentPurpose, ProviderTransactionStatus } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import type { AuthoriseResult, CardSource, PaymentProvider } from './providers/provider.ts';
import { simulatorProvider } from './providers/simulator.ts';
import * as repo from './repository.ts';

/**
 * Card payments end to end (DESIGN.md §5, docs/checkout.md): a payment session and saved cards,
 * authorising a card attempt (frictionless or a 3-D Secure challenge) and recording it, settling
 * a challenge, capture, void, and reconciliation of attempts left authorised. Only this module
 * talks to a provider (providers/: the `simulator`; a direct-debit provider goes beside it).
 */
export type { PaymentProvider } from './providers/provider.ts';
export { decideChallenge, findChallenge, tokeniseCard } from './providers/simulator.ts';
// The Direct Debit provider (issue 23; docs/memberships.md): mandates and collections for memberships.
export { directDebitProviderFor, type DirectDebitProvider, type ProviderEvent } from './providers/directdebit/simulator.ts';
export { COVERED_RANGES, modulusCheck, normaliseBankDetails } from './providers/directdebit/modulus.ts';
// The venue's card terminal the kiosk pays at, simulated (docs/kiosk.md "Paying at the card reader").
export { askTerminal, setCardReader, terminalIdOf, type CardReaderOutcome, type TerminalAnswer } from './providers/terminal/simulator.ts';

/** `address`: the caller's address (request.ip), for the declined-card limit per address. */
export type PaymentDeps = { provider: PaymentProvider; address?: string | null };

export const providerFor = (name: string): PaymentProvider => {
  if (name === 'simulator') return simulatorProvider;
  throw new Error(`Unknown payment provider ${name}`);
};

/** A recorded card attempt (`provider_transactions`): for the basket ('cart') or late fees. */
export type CardAttempt = {
  uuid: string;
  client_id: number;
  account_user_id: number;
  membership_user_id: number;
  /** Null for a card payment of late-cancellation fees (`purpose` 'late_fees'). */
  cart_id: number | null;
  purpose: PaymentPurpose;
  provider: string;
  status: ProviderTransactionStatus;
  amount_pence: number;
  card_token: string | null;
  card_brand: string | null;
  card_last_four: string | null;
  card_expiry: string | null;
  card_holder_name: string | null;
  /** The customer asked to keep the card: saved at capture. */
  save_card: boolean;
  request: unknown;
  order_id: number | null;
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

export const prepare = async (db: Db, caller: Caller, deps: PaymentDeps): Promise<CheckoutPrepareDto> => {
  const [session, cards] = await Promise.all([
    deps.provider.createSession(db, caller.clientId),
    repo.findSavedCards(db, caller.clientId, caller.accountUserId, deps.provider.name),
  ]);
  // The key is the asking customer's: authorise refuses it from anyone else (issue 22).
  await repo.bindSession(db, { sessionKey: session.sessionKey, clientId: caller.clientId, accountUserId: caller.accountUserId, provider: deps.provider.name, expiresAt: session.expiresAt });
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

/* ---- Authorise ---- */

/** Declined card authorisations allowed per account, payment session and address in a window (docs/security.md "Issue 22"). */
export const CARD_DECLINE_LIMIT = 5;
export const CARD_DECLINE_WINDOW_MINUTES = 15;
export const TOO_MANY_DECLINES_MESSAGE = 'Too many declined card attempts. Try again in 15 minutes or use another way to pay.';

const declineKeys = (caller: Caller, sessionKey: string, address: string | null | undefined) => [
  `card-declines:account:${caller.clientId}:${caller.accountUserId}`,
  `card-declines:session:${sessionKey}`,
  ...(address ? [`card-declines:address:${caller.clientId}:${address}`] : []),
];

/**
 * Runs `authorise` unless the account, the payment session or the address already has
 * CARD_DECLINE_LIMIT declines (or attempts still in flight) in the window: then 429 with
 * Retry-After. The attempt counts from before the provider is asked, so parallel attempts
 * cannot overtake the limit; only a declined one keeps its count.
 */
const withinDeclineLimit = async (db: Db, keys: readonly string[], authorise: () => Promise<AuthoriseResult>): Promise<AuthoriseResult> => {
  const counts = await repo.reserveAttempt(db, keys, CARD_DECLINE_WINDOW_MINUTES);
  const over = counts.filter((c) => c.hits > CARD_DECLINE_LIMIT);
  if (over.length) {
    await repo.releaseAttempt(db, keys);
    throw new AppError({ code: 'too_many_declines', status: 429, message: TOO_MANY_DECLINES_MESSAGE, retryAfterSeconds: Math.max(...over.map((c) => c.retry_after)) });
  }
  let result: AuthoriseResult | undefined;
  try {
    result = await authorise();
    return result;
  } finally {
    if (result?.status !== 'declined') await repo.releaseAttempt(db, keys);
  }
};

export type CardBody = {
  saved_card_id?: number | null | undefined;
  card_identifier?: string | null | undefined;
  session_key: string;
  card_holder_name?: string | null | undefined;
  save_card?: boolean | null | undefined;
};

/**
 * Authorises `amountPence` on the card of `body` (a saved card or the provider's identifier)
 * through the provider, frictionless or with a 3-D Secure challenge that returns to
 * `returnUrl`, and records the attempt (provider_transactions) for completion, expiry and
 * reconciliation: the basket's and the late fees' card step alike.
 */
export const authoriseCard = async (
  db: Db,
  caller: Caller,
  body: CardBody,
  deps: PaymentDeps,
  attempt: {
    amountPence: number;
    /** The merchant name the card holder sees (read after the card is found). */
    merchant: () => Promise<string>;
    returnUrl: string;
    membershipUserId: number;
    cartId: number | null;
    purpose: PaymentPurpose;
    idempotencyKey: string | null;
    request: unknown;
  },
): Promise<CheckoutAuthoriseDto> => {
  const source = await cardSource(db, caller, body, deps);
  const merchant = await attempt.merchant();
  const transactionUuid = randomUUID();
  const browser = Object.fromEntries(Object.entries(body).filter(([key]) => key.startsWith('browser_')));
  const result = await withinDeclineLimit(db, declineKeys(caller, body.session_key, deps.address), () =>
    deps.provider.authorise(db, {
      clientId: caller.clientId,
      transactionUuid,
      amountPence: attempt.amountPence,
      merchant,
      card: source,
      returnUrl: attempt.returnUrl,
      browser,
    }),
  );
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
const cardSource = async (db: Db, caller: Caller, body: CardBody, deps: PaymentDeps): Promise<CardSource> => {
  if (body.saved_card_id) {
    const card = (await repo.findSavedCards(db, caller.clientId, caller.accountUserId, deps.provider.name)).find((c) => c.id === body.saved_card_id);
    if (!card) throw notFound('saved_card_not_found');
    return { kind: 'token', token: card.token };
  }
  if (body.card_identifier) {
    // A card entered in another customer's payment session is never charged to this one (issue 22).
    const owner = await repo.findSessionOwner(db, body.session_key);
    if (!owner) throw badRequest('session_expired', 'The payment session has expired. Please reload the page and try again.');
    if (owner.client_id !== caller.clientId || owner.account_user_id !== caller.accountUserId) throw forbidden('payment_session_not_yours');
    return { kind: 'identifier', identifier: body.card_identifier, sessionKey: body.session_key };
  }
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

/* ---- An attempt after authorise: read, settle, capture, void ---- */

/** The card attempt `uuid` of the client (locked FOR UPDATE in the caller's transaction when `lock`). */
export const findAttempt = (db: Db, clientId: number, uuid: string, lock = false): Promise<CardAttempt | undefined> => repo.findTransaction(db, clientId, uuid, lock);

const notAuthorised = () => new AppError({ code: 'payment_not_authorised', status: 402, message: 'This card payment was not authorised. Please try again.' });

/**
 * The caller's card attempt before completion: a challenged attempt after the customer's return
 * becomes authorised, or 402 declined, or 400 unfinished; anything else not authorised is 402.
 */
export const settleAttempt = async (db: Db, attempt: CardAttempt, deps: PaymentDeps): Promise<CardAttempt> => {
  let settled = attempt;
  if (attempt.status === 'challenge') {
    const status = await deps.provider.status(db, attempt.uuid);
    if (status === 'authorised') {
      await repo.setTransaction(db, attempt.uuid, { status: 'authorised' });
      settled = { ...attempt, status: 'authorised' };
    } else if (status === 'declined') {
      await repo.setTransaction(db, attempt.uuid, { status: 'declined', failure_reason: 'challenge_declined' });
      throw new AppError({ code: 'card_declined', status: 402, message: CARD_DECLINED_MESSAGE });
    } else throw badRequest('challenge_pending', 'Please finish the card check with your bank first.');
  }
  if (settled.status !== 'authorised') throw notAuthorised();
  return settled;
};

/** 402 unless the attempt (read again under lock) is still authorised. */
export const assertAuthorised = (attempt: CardAttempt) => {
  if (attempt.status !== 'authorised') throw notAuthorised();
};

/**
 * Takes the money of an authorised attempt in the order's transaction, marks the attempt
 * completed with its order, and saves the card when the customer asked to.
 */
export const capture = async (trx: Db, caller: Caller, attempt: CardAttempt, orderId: number, deps: PaymentDeps) => {
  await deps.provider.capture(trx, attempt.uuid);
  await repo.setTransaction(trx, attempt.uuid, { status: 'completed', order_id: orderId });
  const tx = attempt;
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

/** Releases an authorisation that will not be captured, and records why. */
export const voidAttempt = async (db: Db, uuid: string, reason: string, deps: PaymentDeps) => {
  await deps.provider.voidPayment(db, uuid);
  await repo.setTransaction(db, uuid, { status: 'voided', failure_reason: reason });
};

/** Returns the money of a captured attempt (a membership cancelled within cooling-off) and records it. */
export const refundAttempt = async (db: Db, uuid: string, reason: string, deps: PaymentDeps) => {
  await deps.provider.refund(db, uuid);
  await repo.setTransaction(db, uuid, { status: 'refunded', failure_reason: reason });
};

/* ---- Reconciliation ---- */

/**
 * Card attempts authorised (or challenged) but never completed — the server died between
 * authorise and complete, or the customer left — older than `minutes`: `finish` completes each
 * from its authorise request (the orders module), else it is voided. Answers what it did.
 */
export const reconcile = async (
  db: Db,
  deps: PaymentDeps & { minutes: number },
  finish: (caller: Caller, attempt: CardAttempt) => Promise<unknown>,
) => {
  const done = { completed: 0, voided: 0 };
  for (const stale of await repo.findStaleTransactions(db, deps.minutes, 100)) {
    const caller = { clientId: stale.client_id, accountUserId: stale.account_user_id };
    const tx = (await repo.findTransaction(db, stale.client_id, stale.uuid))!;
    try {
      if (tx.status === 'challenge' && (await deps.provider.status(db, tx.uuid)) !== 'authorised') throw badRequest('challenge_unfinished', 'The card check was not finished.');
      await finish(caller, tx);
      done.completed++;
    } catch (error) {
      const current = await repo.findTransaction(db, stale.client_id, stale.uuid);
      if (current && (current.status === 'authorised' || current.status === 'challenge')) {
        await voidAttempt(db, tx.uuid, `reconciled: ${(error as { code?: string }).code ?? 'error'}`, deps);
      }
      if (current?.status !== 'completed') done.voided++;
    }
  }
  return done;
};
