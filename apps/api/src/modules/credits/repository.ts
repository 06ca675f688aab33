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
  entry: { clientId: number; accountUserId: number; type: CreditType; kind: CreditEntryKind; amount: number; balanceAfter: number; cartId?: number | null; orderId?: number | null; note?: string | null; expiresAt?: Date | null },
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
    })
    .execute();
