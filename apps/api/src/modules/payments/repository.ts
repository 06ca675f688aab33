import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { DirectDebitSimMandatesTable, DirectDebitSimPaymentsTable, PaymentPurpose, ProviderTransactionStatus, SimulatorCardReadersTable, SimulatorCardsTable, SimulatorPaymentsTable } from '../../db/schema.ts';

/**
 * Card payments (docs/checkout.md): saved cards, every card attempt with a provider
 * (`provider_transactions`), and the simulator provider's own tables.
 */

/* ---- Saved cards ---- */

export const findSavedCards = (db: Db, clientId: number, accountUserId: number, provider: string) =>
  db
    .selectFrom('saved_cards')
    .select(['id', 'token', 'card_holder_name', 'brand', 'last_four', 'expiry'])
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .where('provider', '=', provider)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();

export const insertSavedCard = async (db: Db, card: { clientId: number; accountUserId: number; provider: string; token: string; holder: string; brand: string; lastFour: string; expiry: string }) => {
  const existing = await db
    .selectFrom('saved_cards')
    .select('id')
    .where('account_user_id', '=', card.accountUserId)
    .where('token', '=', card.token)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('saved_cards')
    .values({ client_id: card.clientId, account_user_id: card.accountUserId, provider: card.provider, token: card.token, card_holder_name: card.holder, brand: card.brand, last_four: card.lastFour, expiry: card.expiry })
    .execute();
};

export const deleteSavedCard = async (db: Db, clientId: number, accountUserId: number, id: number) => {
  const result = await db
    .updateTable('saved_cards')
    .set({ deleted_at: sql<never>`now()` })
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/* ---- Provider transactions ---- */

export type TransactionRow = {
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
  save_card: boolean;
  request: unknown;
  order_id: number | null;
};

export const insertTransaction = (
  db: Db,
  row: Omit<TransactionRow, 'order_id' | 'request' | 'purpose'> & { purpose?: TransactionRow['purpose']; request: unknown; idempotency_key: string | null; failure_reason: string | null },
) => db.insertInto('provider_transactions').values({ ...row, request: JSON.stringify(row.request) }).execute();

export const findTransaction = (db: Db, clientId: number, uuid: string, lock = false) => {
  const query = db
    .selectFrom('provider_transactions')
    .select(['uuid', 'client_id', 'account_user_id', 'membership_user_id', 'cart_id', 'purpose', 'provider', 'status', 'amount_pence', 'card_token', 'card_brand', 'card_last_four', 'card_expiry', 'card_holder_name', 'save_card', 'request', 'order_id'])
    .where('client_id', '=', clientId)
    .where('uuid', '=', uuid);
  return (lock ? query.forUpdate() : query).executeTakeFirst() as Promise<TransactionRow | undefined>;
};

export const setTransaction = (db: Db, uuid: string, changes: { status: ProviderTransactionStatus; order_id?: number; failure_reason?: string | null }) =>
  db
    .updateTable('provider_transactions')
    .set({ ...changes, updated_at: sql<never>`now()` })
    .where('uuid', '=', uuid)
    .execute();

/** Transactions authorised (or challenged) but not completed for longer than `minutes`. */
export const findStaleTransactions = (db: Db, minutes: number, limit: number) =>
  db
    .selectFrom('provider_transactions')
    .select(['uuid', 'client_id', 'account_user_id', 'status', 'purpose'])
    .where('status', 'in', ['authorised', 'challenge'])
    .where('updated_at', '<', sql<never>`now() - make_interval(mins => ${minutes})`)
    .orderBy('updated_at')
    .limit(limit)
    .execute();

/* ---- Merchant session keys bound to their customer (0065) ---- */

export const bindSession = (db: Db, row: { sessionKey: string; clientId: number; accountUserId: number; provider: string; expiresAt: Date }) =>
  db
    .insertInto('payment_sessions')
    .values({ session_key: row.sessionKey, client_id: row.clientId, account_user_id: row.accountUserId, provider: row.provider, expires_at: row.expiresAt })
    .execute();

export const findSessionOwner = (db: Db, sessionKey: string) =>
  db.selectFrom('payment_sessions').select(['client_id', 'account_user_id']).where('session_key', '=', sessionKey).executeTakeFirst();

/* ---- Declined-card counters (rate_limits: fixed windows, swept by the cleanup job) ---- */

/**
 * One attempt on each key, counted before the provider is asked (so parallel attempts count
 * too): answers each key's hits in its window and the seconds left of it.
 */
export const reserveAttempt = async (db: Db, keys: readonly string[], windowMinutes: number) =>
  (
    await sql<{ key: string; hits: number; retry_after: number }>`
      INSERT INTO rate_limits AS r (key, hits, window_ends_at)
        SELECT k, 1, now() + make_interval(mins => ${windowMinutes}) FROM unnest(${keys}::text[]) AS k
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
        window_ends_at = CASE WHEN r.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
      RETURNING key, hits, greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::int AS retry_after`.execute(db)
  ).rows;

/** Gives back an attempt that was not declined (or was refused before it was made). */
export const releaseAttempt = async (db: Db, keys: readonly string[]) => {
  await sql`UPDATE rate_limits SET hits = hits - 1 WHERE key = ANY(${keys}::text[]) AND window_ends_at > now() AND hits > 0`.execute(db);
};

/* ---- The simulator's gateway (providers/simulator.ts): sessions, card identifiers, payments ---- */


export const insertSession = (db: Db, key: string, clientId: number, expiresAt: Date) =>
  db.insertInto('simulator_sessions').values({ key, client_id: clientId, expires_at: expiresAt }).execute();

export const findLiveSession = (db: Db, key: string) =>
  db.selectFrom('simulator_sessions').selectAll().where('key', '=', key).where('expires_at', '>', sql<never>`now()`).executeTakeFirst();

export const insertCard = (db: Db, card: Omit<SimulatorCardsTable, 'created_at'>) => db.insertInto('simulator_cards').values(card).execute();

export const findCard = (db: Db, identifier: string) => db.selectFrom('simulator_cards').selectAll().where('identifier', '=', identifier).executeTakeFirst();

export const insertPayment = (db: Db, payment: Omit<SimulatorPaymentsTable, 'created_at' | 'updated_at'>) =>
  db.insertInto('simulator_payments').values(payment).execute();

export const findPayment = (db: Db, transactionUuid: string) =>
  db.selectFrom('simulator_payments').selectAll().where('transaction_uuid', '=', transactionUuid).executeTakeFirst();

export const findChallenge = (db: Db, token: string) =>
  db.selectFrom('simulator_payments').selectAll().where('challenge_token', '=', token).executeTakeFirst();

/** Moves a payment from one of `from` to `to`; answers whether it moved. */
export const movePayment = async (db: Db, transactionUuid: string, from: readonly SimulatorPaymentsTable['status'][], to: SimulatorPaymentsTable['status']) => {
  const result = await db
    .updateTable('simulator_payments')
    .set({ status: to, updated_at: sql<never>`now()` })
    .where('transaction_uuid', '=', transactionUuid)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/* ---- The directdebit simulator's "bank" (directdebit_sim_*, migration 0068): billing requests, mandates, payments. ---- */

export const insertDdBillingRequest = (db: Db, row: { ref: string; client_id: number; mandate_ref: string }) =>
  db.insertInto('directdebit_sim_billing_requests').values({ ...row, status: 'fulfilled' }).execute();

export const insertDdMandate = (db: Db, row: Omit<DirectDebitSimMandatesTable, 'created_at'>) => db.insertInto('directdebit_sim_mandates').values(row).execute();

/** Moves a mandate from one of `from` to `to`; true when it moved. */
export const moveDdMandate = async (db: Db, ref: string, from: readonly DirectDebitSimMandatesTable['status'][], to: DirectDebitSimMandatesTable['status']) =>
  (await db.updateTable('directdebit_sim_mandates').set({ status: to }).where('ref', '=', ref).where('status', 'in', [...from]).returning('ref').executeTakeFirst()) !== undefined;

export const findDdMandate = (db: Db, ref: string) => db.selectFrom('directdebit_sim_mandates').select(['status', 'behaviour']).where('ref', '=', ref).executeTakeFirst();

export const insertDdPayment = (db: Db, row: { ref: string; mandate_ref: string; amount_pence: number; charge_date: string }) =>
  db.insertInto('directdebit_sim_payments').values({ ...row, status: 'pending_submission' }).execute();

export const findDdPayment = (db: Db, ref: string) =>
  db
    .selectFrom('directdebit_sim_payments as p')
    .innerJoin('directdebit_sim_mandates as m', 'm.ref', 'p.mandate_ref')
    .select(['p.status', sql<string>`p.charge_date::text`.as('charge_date'), 'm.behaviour', 'm.ref as mandate_ref'])
    .where('p.ref', '=', ref)
    .executeTakeFirst();

/** How many other payments of the mandate have been settled (confirmed or failed). */
export const settledDdPaymentsBefore = async (db: Db, mandateRef: string, ref: string) =>
  Number(
    (
      await db
        .selectFrom('directdebit_sim_payments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('mandate_ref', '=', mandateRef)
        .where('ref', '<>', ref)
        .where('status', 'in', ['confirmed', 'failed'])
        .executeTakeFirstOrThrow()
    ).n,
  );

export const moveDdPayment = async (db: Db, ref: string, from: readonly DirectDebitSimPaymentsTable['status'][], to: DirectDebitSimPaymentsTable['status']) =>
  (await db.updateTable('directdebit_sim_payments').set({ status: to }).where('ref', '=', ref).where('status', 'in', [...from]).returning('ref').executeTakeFirst()) !== undefined;

export const cancelOpenDdPayments = (db: Db, mandateRef: string) =>
  db.updateTable('directdebit_sim_payments').set({ status: 'cancelled' }).where('mandate_ref', '=', mandateRef).where('status', 'in', ['pending_submission', 'submitted']).execute();

/* ---- The simulated card terminal beside the kiosk (docs/kiosk.md "Paying at the card reader"): the answer its next card gets ---- */

type CardReaderOutcome = SimulatorCardReadersTable['next_outcome'];

export const findCardReaderNext = async (db: Db, clientId: number, terminalId: string): Promise<CardReaderOutcome | undefined> =>
  (await db.selectFrom('simulator_card_readers').select('next_outcome').where('client_id', '=', clientId).where('terminal_id', '=', terminalId).executeTakeFirst())?.next_outcome;

export const setCardReaderNext = (db: Db, clientId: number, terminalId: string, outcome: CardReaderOutcome) =>
  db
    .insertInto('simulator_card_readers')
    .values({ terminal_id: terminalId, client_id: clientId, next_outcome: outcome })
    .onConflict((oc) => oc.column('terminal_id').doUpdateSet({ next_outcome: outcome, updated_at: sql`now()` }))
    .execute();

/** A one-shot decline used up (answers whether this call used it: a parallel one may have). */
export const takeCardReaderDecline = async (db: Db, clientId: number, terminalId: string) =>
  (
    await db
      .updateTable('simulator_card_readers')
      .set({ next_outcome: 'approve', updated_at: sql`now()` })
      .where('client_id', '=', clientId)
      .where('terminal_id', '=', terminalId)
      .where('next_outcome', '=', 'decline')
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const findVenueIdBySlug = async (db: Db, clientId: number, slug: string) =>
  (await db.selectFrom('venues').select('id').where('client_id', '=', clientId).where('slug', '=', slug).executeTakeFirst())?.id;
