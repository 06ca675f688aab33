import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { CreditEntryKind, CreditType } from '../../db/schema.ts';

/** Serialises every ledger write of one account (transaction-scoped advisory lock). */
export const lockLedger = async (db: Db, accountUserId: number) => {
  await sql`SELECT pg_advisory_xact_lock(20, ${accountUserId}::integer)`.execute(db);
};

/** The available balance per type: the last entry's balance_after. */
export const findBalances = async (db: Db, clientId: number, accountUserId: number) => {
  const { rows } = await sql<{ credit_type: CreditType; balance_after: number }>`
    SELECT DISTINCT ON (credit_type) credit_type, balance_after
      FROM credit_entries
     WHERE client_id = ${clientId} AND account_user_id = ${accountUserId}
     ORDER BY credit_type, id DESC`.execute(db);
  return { general: rows.find((r) => r.credit_type === 'general')?.balance_after ?? 0, membership: rows.find((r) => r.credit_type === 'membership')?.balance_after ?? 0 };
};

/** What the cart holds reserved per type (reservations minus releases, positive). */
export const findCartReservations = async (db: Db, cartId: number) => {
  const { rows } = await sql<{ credit_type: CreditType; reserved: number }>`
    SELECT credit_type, (-sum(amount))::integer AS reserved
      FROM credit_entries
     WHERE cart_id = ${cartId} AND kind IN ('reservation', 'release')
     GROUP BY credit_type`.execute(db);
  return { general: rows.find((r) => r.credit_type === 'general')?.reserved ?? 0, membership: rows.find((r) => r.credit_type === 'membership')?.reserved ?? 0 };
};

export const insertEntry = (
  db: Db,
  entry: {
    clientId: number;
    accountUserId: number;
    type: CreditType;
    kind: CreditEntryKind;
    amount: number;
    balanceAfter: number;
    cartId?: number | null;
    orderId?: number | null;
    note?: string | null;
    expiresAt?: Date | null;
    bookingId?: number | null;
    expiresEntryId?: number | null;
  },
) =>
  db
    .insertInto('credit_entries')
    .values({
      client_id: entry.clientId,
      account_user_id: entry.accountUserId,
      credit_type: entry.type,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: entry.balanceAfter,
      cart_id: entry.cartId ?? null,
      order_id: entry.orderId ?? null,
      note: entry.note ?? null,
      expires_at: entry.expiresAt ?? null,
      booking_id: entry.bookingId ?? null,
      expires_entry_id: entry.expiresEntryId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Every entry of one account and type, in order (the replay of lots.ts). */
export const findEntries = (db: Db, clientId: number, accountUserId: number, type: CreditType) =>
  db
    .selectFrom('credit_entries')
    .select(['id', 'kind', 'amount', 'cart_id', 'expires_at', 'expires_entry_id'])
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .where('credit_type', '=', type)
    .orderBy('id')
    .execute();

/** The latest entries of one account (the dashboard's explanation of the balance). */
export const findRecentEntries = (db: Db, clientId: number, accountUserId: number, type: CreditType, limit: number) =>
  db
    .selectFrom('credit_entries')
    .select(['id', 'kind', 'amount', 'balance_after', 'note', 'expires_at', 'created_at'])
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .where('credit_type', '=', type)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Accounts holding a grant past its expiry that no expiry row has closed yet. */
export const findAccountsWithExpiredGrants = async (db: Db, limit: number) => {
  const { rows } = await sql<{ client_id: number; account_user_id: number; credit_type: CreditType }>`
    SELECT DISTINCT g.client_id, g.account_user_id, g.credit_type
      FROM credit_entries g
     WHERE g.expires_at IS NOT NULL AND g.expires_at <= now() AND g.amount > 0
       AND NOT EXISTS (SELECT 1 FROM credit_entries x WHERE x.expires_entry_id = g.id)
     LIMIT ${limit}`.execute(db);
  return rows;
};

/** Grants of one account past their expiry and not yet closed. */
export const findExpiredGrants = async (db: Db, clientId: number, accountUserId: number, type: CreditType) => {
  const { rows } = await sql<{ id: number }>`
    SELECT g.id::integer AS id FROM credit_entries g
     WHERE g.client_id = ${clientId} AND g.account_user_id = ${accountUserId} AND g.credit_type = ${type}
       AND g.expires_at IS NOT NULL AND g.expires_at <= now() AND g.amount > 0
       AND NOT EXISTS (SELECT 1 FROM credit_entries x WHERE x.expires_entry_id = g.id)
     ORDER BY g.id`.execute(db);
  return rows.map((r) => r.id);
};
