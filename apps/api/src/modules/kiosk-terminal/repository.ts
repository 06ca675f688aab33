import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { KioskTerminalPaymentStatus } from '../../db/schema.ts';

/** The kiosk's card terminal payments (docs/kiosk.md "Paying at the card reader"; migration 0075). */

export type TerminalPaymentRow = {
  id: string;
  client_id: number;
  venue_id: number;
  terminal_id: string;
  account_user_id: number;
  membership_user_id: number;
  cart_id: number;
  amount_pence: number;
  terms: number[];
  status: KioskTerminalPaymentStatus;
  terminal_reference: string | null;
  reason: string | null;
  order_id: number | null;
  timed_out: boolean;
};

const columns = (waitSeconds: number) => sql<TerminalPaymentRow>`
  id, client_id, venue_id, terminal_id, account_user_id, membership_user_id, cart_id, amount_pence, terms, status,
  terminal_reference, reason, order_id, created_at < now() - make_interval(secs => ${waitSeconds}) AS timed_out`;

export const findCurrencySymbol = async (db: Db, clientId: number) =>
  (await db.selectFrom('clients').select('currency_symbol').where('id', '=', clientId).executeTakeFirstOrThrow()).currency_symbol;

export const findVenue = (db: Db, clientId: number, slug: string) => db.selectFrom('venues').select(['id', 'name']).where('client_id', '=', clientId).where('slug', '=', slug).executeTakeFirst();

/** A new payment, or undefined when the basket already has a live (waiting or approved) one. */
export const insertPayment = async (
  db: Db,
  row: { clientId: number; venueId: number; terminalId: string; kioskSessionId: number; accountUserId: number; membershipUserId: number; cartId: number; amountPence: number; terms: readonly number[] },
) =>
  (
    await sql<{ id: string }>`
      INSERT INTO kiosk_terminal_payments (client_id, venue_id, terminal_id, kiosk_session_id, account_user_id, membership_user_id, cart_id, amount_pence, terms)
      VALUES (${row.clientId}, ${row.venueId}, ${row.terminalId}, ${row.kioskSessionId}, ${row.accountUserId}, ${row.membershipUserId}, ${row.cartId}, ${row.amountPence},
              ${sql.val([...row.terms])}::integer[])
      ON CONFLICT (cart_id) WHERE status IN ('waiting', 'approved') DO NOTHING
      RETURNING id`.execute(db)
  ).rows[0]?.id;

/** The basket's live payment (waiting or approved), if any. */
export const findLiveOfCart = async (db: Db, cartId: number, waitSeconds: number) =>
  (await sql<TerminalPaymentRow>`SELECT ${columns(waitSeconds)} FROM kiosk_terminal_payments WHERE cart_id = ${cartId} AND status IN ('waiting', 'approved')`.execute(db)).rows[0];

/** A payment by id (`lock`: FOR UPDATE, inside a transaction: every answer of one payment queues there). */
export const findPayment = async (db: Db, clientId: number, id: string, waitSeconds: number, lock = false) =>
  (
    await sql<TerminalPaymentRow>`
      SELECT ${columns(waitSeconds)} FROM kiosk_terminal_payments WHERE client_id = ${clientId} AND id = ${id}::uuid ${lock ? sql`FOR UPDATE` : sql``}`.execute(db)
  ).rows[0];

/** Moves a payment on from `from` (answers whether it moved). */
export const movePayment = async (db: Db, id: string, from: readonly KioskTerminalPaymentStatus[], to: { status: KioskTerminalPaymentStatus; reference?: string; reason?: string; orderId?: number }) =>
  (
    await db
      .updateTable('kiosk_terminal_payments')
      .set({
        status: to.status,
        decided_at: new Date(),
        ...(to.reference !== undefined ? { terminal_reference: to.reference } : {}),
        ...(to.reason !== undefined ? { reason: to.reason } : {}),
        ...(to.orderId !== undefined ? { order_id: to.orderId } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const findOrder = (db: Db, orderId: number) => db.selectFrom('orders').select(['uuid', 'reference']).where('id', '=', orderId).executeTakeFirst();
