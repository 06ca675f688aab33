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

/* ---- What the kiosk took (docs/front-of-house.md "Kiosk takings") ---- */

export type TakingRow = {
  id: string;
  status: 'completed' | 'reversed';
  decided_at: Date;
  order_reference: string | null;
  terminal_id: string;
  terminal_reference: string | null;
  amount_pence: number;
};

/** The venue (of the client) by slug, with its time zone and today's local date. */
export const findVenueDay = async (db: Db, clientId: number, slug: string) =>
  (
    await sql<{ id: number; slug: string; name: string; timezone: string; today: string }>`
      SELECT id, slug, name, timezone, (now() AT TIME ZONE timezone)::date::text AS today FROM venues WHERE client_id = ${clientId} AND slug = ${slug}`.execute(db)
  ).rows[0];

/** The venue's completed and reversed kiosk card payments decided on its local `date`, in time order. */
export const findTakingsOfDay = async (db: Db, clientId: number, venueId: number, timezone: string, date: string) =>
  (
    await sql<TakingRow>`
      SELECT k.id, k.status, k.decided_at, o.reference AS order_reference, k.terminal_id, k.terminal_reference, k.amount_pence
        FROM kiosk_terminal_payments k LEFT JOIN orders o ON o.id = k.order_id
       WHERE k.client_id = ${clientId} AND k.venue_id = ${venueId} AND k.status IN ('completed', 'reversed')
         AND k.decided_at >= (${date}::date)::timestamp AT TIME ZONE ${timezone}
         AND k.decided_at < (${date}::date + 1)::timestamp AT TIME ZONE ${timezone}
       ORDER BY k.decided_at, k.id`.execute(db)
  ).rows;

/** The venue's completed kiosk card payments in [from, to]: their number and total. */
export const sumCompletedBetween = async (db: Db, clientId: number, venueSlug: string, from: Date, to: Date) =>
  (
    await sql<{ count: number; total: number }>`
      SELECT count(*)::int AS count, coalesce(sum(k.amount_pence), 0)::int AS total
        FROM kiosk_terminal_payments k JOIN venues v ON v.id = k.venue_id
       WHERE k.client_id = ${clientId} AND v.client_id = ${clientId} AND v.slug = ${venueSlug} AND k.status = 'completed'
         AND k.decided_at >= ${from} AND k.decided_at <= ${to}`.execute(db)
  ).rows[0]!;
