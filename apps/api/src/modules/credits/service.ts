import type { Db } from '../../db/connect.ts';
import type { CreditType } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { remainingLots } from './lots.ts';

/**
 * The credit ledger (docs/checkout.md "Credit"): every top-up, refund, spend, reservation,
 * release and expiry is a row; `balance_after` is the account's available balance of that type
 * (CHECK >= 0). Every write takes the account's advisory lock first, so balances never race.
 * Reservations (POST credits/apply) set credit aside for one cart; completion releases them and
 * spends what the order's credit tenders say.
 */
export type CreditCaller = { clientId: number; accountUserId: number };
export type CreditAmounts = Record<CreditType, number>;
export const CREDIT_TYPES: readonly CreditType[] = ['general', 'membership'];

/** For one cart: what the customer could use (available plus this cart's reservation) and up to the total. */
export const creditSummary = async (db: Db, caller: CreditCaller, cartId: number | null, total: number) => {
  const [balances, reserved] = await Promise.all([
    repo.findBalances(db, caller.clientId, caller.accountUserId),
    cartId === null ? Promise.resolve({ general: 0, membership: 0 }) : repo.findCartReservations(db, cartId),
  ]);
  const line = (type: CreditType) => {
    const available = balances[type] + reserved[type];
    return { type, total_available: available, max_applicable: Math.max(0, Math.min(available, total)) };
  };
  return { general: line('general') as { type: 'general'; total_available: number; max_applicable: number }, membership: line('membership') as { type: 'membership'; total_available: number; max_applicable: number }, reserved };
};

const NOT_ENOUGH = 'Credit amount could not be applied.';

/** Appends one entry under the ledger lock already held; refuses a balance below zero with 400. */
type EntryIds = { cartId?: number | null; orderId?: number | null; note?: string | null; bookingId?: number | null; expiresAt?: Date | null; expiresEntryId?: number | null };
const post = async (trx: Db, caller: CreditCaller, type: CreditType, kind: 'top_up' | 'refund' | 'spend' | 'reservation' | 'release' | 'expiry', amount: number, ids: EntryIds = {}) => {
  const balances = await repo.findBalances(trx, caller.clientId, caller.accountUserId);
  const after = balances[type] + amount;
  if (after < 0) throw badRequest('credit_insufficient', NOT_ENOUGH, { credits: [`Not enough ${type} credit.`] });
  const { id } = await repo.insertEntry(trx, { clientId: caller.clientId, accountUserId: caller.accountUserId, type, kind, amount, balanceAfter: after, ...ids });
  return { id, balanceAfter: after };
};

/** Releases every reservation of the cart (under the lock). */
const releaseCart = async (trx: Db, caller: CreditCaller, cartId: number, types: readonly CreditType[] = CREDIT_TYPES) => {
  const reserved = await repo.findCartReservations(trx, cartId);
  for (const type of types) if (reserved[type] > 0) await post(trx, caller, type, 'release', reserved[type], { cartId });
};

/**
 * POST credits/apply: each type's new amount replaces the cart's old reservation of that type;
 * ≤ 0 releases it (spec §4). The reservations together may not exceed the cart's total nor the
 * balance: 400 'Credit amount could not be applied.' otherwise.
 */
export const reserveForCart = async (db: Db, caller: CreditCaller, cartId: number, cartTotal: number, wanted: readonly { type: CreditType; amount: number }[]) => {
  // Credit past its date is closed in a transaction of its own first, so the balance the
  // customer sees next is right even when the reservation below is refused.
  await inTransaction(db, async (trx) => {
    await repo.lockLedger(trx, caller.accountUserId);
    for (const type of new Set(wanted.map((w) => w.type))) await closeExpiredGrants(trx, caller, type);
  });
  return inTransaction(db, async (trx) => {
    await repo.lockLedger(trx, caller.accountUserId);
    const latest = new Map<CreditType, number>();
    for (const w of wanted) latest.set(w.type, w.amount);
    for (const [type, amount] of latest) {
      await releaseCart(trx, caller, cartId, [type]);
      await closeExpiredGrants(trx, caller, type);
      if (amount > 0) await post(trx, caller, type, 'reservation', -amount, { cartId });
    }
    const reserved = await repo.findCartReservations(trx, cartId);
    if (reserved.general + reserved.membership > cartTotal) {
      throw badRequest('credit_over_total', NOT_ENOUGH, { credits: ['More credit than the basket costs.'] });
    }
    return reserved;
  });
};

/**
 * At completion (inside the order's transaction): the cart's reservations are released and the
 * credit tenders spent. 400 when the balance cannot cover them (the order rolls back).
 */
export const spendForOrder = async (trx: Db, caller: CreditCaller, cartId: number, orderId: number, amounts: CreditAmounts) => {
  await repo.lockLedger(trx, caller.accountUserId);
  await releaseCart(trx, caller, cartId);
  for (const type of CREDIT_TYPES) {
    if (amounts[type] <= 0) continue;
    await closeExpiredGrants(trx, caller, type);
    await post(trx, caller, type, 'spend', -amounts[type], { cartId, orderId });
  }
};

/** Adds credit (seeds, refunds, staff top-ups). */
export const addCredit = async (db: Db, caller: CreditCaller, type: CreditType, amount: number, note: string, kind: 'top_up' | 'refund' = 'top_up') =>
  inTransaction(db, async (trx) => {
    await repo.lockLedger(trx, caller.accountUserId);
    await post(trx, caller, type, kind, amount, { note });
  });

/** The available general and membership balances (the last ledger rows). */
export const balances = (db: Db, caller: CreditCaller) => repo.findBalances(db, caller.clientId, caller.accountUserId);

/**
 * A cancelled booking's price back as general credit that expires (inside the cancellation's
 * transaction). The unique index of 0031 makes a second refund for one booking fail.
 */
export const refundBooking = async (trx: Db, caller: CreditCaller, bookingId: number, amount: number, expiresAt: Date, note: string) => {
  await repo.lockLedger(trx, caller.accountUserId);
  return post(trx, caller, 'general', 'refund', amount, { bookingId, expiresAt, note });
};

/** A cancelled course booking's price back as general credit that expires (docs/courses.md), inside the cancellation's transaction. */
export const refundCourse = async (trx: Db, caller: CreditCaller, amount: number, expiresAt: Date, note: string) => {
  await repo.lockLedger(trx, caller.accountUserId);
  return post(trx, caller, 'general', 'refund', amount, { expiresAt, note });
};

/** Pays `amount` (fees) from general credit inside the caller's transaction; 400 when it does not cover it. */
export const spendGeneral = async (trx: Db, caller: CreditCaller, amount: number, note: string, message: string, orderId: number | null = null) => {
  await repo.lockLedger(trx, caller.accountUserId);
  await closeExpiredGrants(trx, caller, 'general');
  const { general } = await repo.findBalances(trx, caller.clientId, caller.accountUserId);
  if (general < amount) throw badRequest('credit_insufficient', message, { credits: ['Not enough general credit.'] });
  return post(trx, caller, 'general', 'spend', -amount, { note, orderId });
};

/** What is left of each grant that expires, soonest first (lots.ts), with the balance and the latest rows. */
export const explainBalance = async (db: Db, caller: CreditCaller, type: CreditType = 'general', recent = 10) => {
  const [entries, latest, balance] = await Promise.all([
    repo.findEntries(db, caller.clientId, caller.accountUserId, type),
    repo.findRecentEntries(db, caller.clientId, caller.accountUserId, type, recent),
    repo.findBalances(db, caller.clientId, caller.accountUserId),
  ]);
  const lots = remainingLots(entries.map((e) => ({ ...e, expires_at: e.expires_at === null ? null : new Date(e.expires_at) })));
  return {
    balance: balance[type],
    expiring: lots.filter((l) => l.expiresAt !== null).map((l) => ({ amount: l.remaining, expiresAt: l.expiresAt! })),
    entries: latest,
  };
};

/**
 * Closes grants past their expiry (the `expire-credit` job): per account, under the ledger lock,
 * what is left of each (lots.ts) leaves the balance as an `expiry` row naming its grant, never
 * more than the available balance (credit reserved for a basket stays with it until released).
 * Answers the number of grants closed.
 */
export const expireCredit = async (db: Db, batch = 500): Promise<number> => {
  let closed = 0;
  for (const account of await repo.findAccountsWithExpiredGrants(db, batch)) {
    const caller = { clientId: account.client_id, accountUserId: account.account_user_id };
    closed += await inTransaction(db, async (trx) => {
      await repo.lockLedger(trx, caller.accountUserId);
      return closeExpiredGrants(trx, caller, account.credit_type);
    });
  }
  return closed;
};

/**
 * Writes the expiry row of every grant of `type` past its date that has none yet (under the
 * ledger lock the caller holds). Spends call it first, so credit past its date is never spent
 * while the job (every minute) has not run yet.
 */
const closeExpiredGrants = async (trx: Db, caller: CreditCaller, type: CreditType) => {
  const grants = await repo.findExpiredGrants(trx, caller.clientId, caller.accountUserId, type);
  for (const grantId of grants) {
    const entries = await repo.findEntries(trx, caller.clientId, caller.accountUserId, type);
    const lots = remainingLots(entries.map((e) => ({ ...e, expires_at: e.expires_at === null ? null : new Date(e.expires_at) })));
    const left = lots.find((l) => l.id === grantId)?.remaining ?? 0;
    const available = (await repo.findBalances(trx, caller.clientId, caller.accountUserId))[type];
    await post(trx, caller, type, 'expiry', -Math.min(left, available), { expiresEntryId: grantId, note: 'Credit expired' });
  }
  return grants.length;
};
