import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { SimulatorCardsTable, SimulatorPaymentsTable } from '../../db/schema.ts';

/** The simulator provider's own tables (its "gateway"): sessions, card identifiers, payments. */

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
