import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** One booking with what the account screens show (docs/account-bookings.md). */
export type BookingRow = {
  id: number;
  uuid: string;
  status: 'confirmed' | 'cancelled';
  claim_id: number;
  price_pence: number;
  created_at: Date;
  cancelled_at: Date | null;
  cancellation_source: string | null;
  account_user_id: number;
  occurrence_id: number;
  starts_at: Date;
  ends_at: Date;
  local_date: string;
  local_time: string;
  local_end_time: string;
  activity_id: number;
  activity_name: string;
  venue_id: number;
  venue_slug: string;
  venue_name: string;
  location_id: number | null;
  location_name: string | null;
  person_id: number;
  person_first_name: string;
  person_last_name: string;
  person_relationship: 'self' | 'partner' | 'child' | 'other';
  reference: string | null;
  complete_order_id: string | null;
  refund_amount: number | null;
  refund_expires_at: Date | null;
  fee_amount: number | null;
  fee_status: 'unpaid' | 'paid' | null;
};

const SELECT_BOOKING = sql`
  SELECT b.id, b.uuid::text AS uuid, b.status, b.claim_id::integer AS claim_id, b.price_pence, b.created_at, b.cancelled_at,
         b.cancellation_source, b.account_user_id, b.occurrence_id, o.starts_at, o.ends_at,
         to_char(o.starts_at AT TIME ZONE v.timezone, 'YYYY-MM-DD') AS local_date,
         to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS local_time,
         to_char(o.ends_at AT TIME ZONE v.timezone, 'HH24:MI') AS local_end_time,
         a.id AS activity_id, a.name AS activity_name, v.id AS venue_id, v.slug AS venue_slug, v.name AS venue_name,
         l.id AS location_id, l.name AS location_name,
         m.id AS person_id, m.first_name AS person_first_name, m.last_name AS person_last_name, m.relationship AS person_relationship,
         ord.reference, ord.uuid::text AS complete_order_id,
         ce.amount AS refund_amount, ce.expires_at AS refund_expires_at, f.amount_pence AS fee_amount, f.status AS fee_status
    FROM bookings b
    JOIN occurrences o ON o.id = b.occurrence_id
    JOIN activities a ON a.id = o.activity_id
    JOIN venues v ON v.id = o.venue_id
    JOIN membership_users m ON m.id = b.membership_user_id
    LEFT JOIN locations l ON l.id = o.location_id
    LEFT JOIN order_lines ol ON ol.booking_id = b.id
    LEFT JOIN orders ord ON ord.id = ol.order_id
    LEFT JOIN credit_entries ce ON ce.booking_id = b.id AND ce.kind = 'refund'
    LEFT JOIN late_cancellation_fees f ON f.booking_id = b.id`;

/**
 * A page of the account's bookings (every family member's). future: confirmed and not started,
 * soonest first; past: started or cancelled, newest first.
 */
export const listBookings = async (db: Db, clientId: number, accountUserId: number, filter: 'future' | 'past', limit: number, offset: number) => {
  const where =
    filter === 'future'
      ? sql`b.status = 'confirmed' AND o.starts_at > now()`
      : sql`(b.status = 'cancelled' OR o.starts_at <= now())`;
  const order = filter === 'future' ? sql`o.starts_at ASC, b.id ASC` : sql`o.starts_at DESC, b.id DESC`;
  const [{ rows }, { rows: counted }] = await Promise.all([
    sql<BookingRow>`${SELECT_BOOKING}
      WHERE b.client_id = ${clientId} AND b.account_user_id = ${accountUserId} AND ${where}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM bookings b JOIN occurrences o ON o.id = b.occurrence_id
       WHERE b.client_id = ${clientId} AND b.account_user_id = ${accountUserId} AND ${where}`.execute(db),
  ]);
  return { rows, total: counted[0]!.n };
};

/** Bookings by id (any account of the client), for the service to tell 403 from 404. */
export const findBookings = async (db: Db, clientId: number, ids: readonly number[]) =>
  (await sql<BookingRow>`${SELECT_BOOKING} WHERE b.client_id = ${clientId} AND b.id = ANY(${[...ids]}::integer[]) ORDER BY b.id`.execute(db)).rows;

/**
 * Locks the bookings (id order, so two cancellations of overlapping sets never deadlock) and
 * answers their status under the lock: a cancellation racing another waits here and then sees
 * 'cancelled'.
 */
export const lockBookings = async (db: Db, ids: readonly number[]) =>
  (
    await sql<{ id: number; status: 'confirmed' | 'cancelled' }>`
      SELECT id, status FROM bookings WHERE id = ANY(${[...ids]}::integer[]) ORDER BY id FOR UPDATE`.execute(db)
  ).rows;

/** An occurrence's confirmed bookings, locked in id order (the operator's cancellation of the occurrence). */
export const lockConfirmedOfOccurrence = async (db: Db, clientId: number, occurrenceId: number) =>
  (
    await sql<BookingRow>`${SELECT_BOOKING}
      WHERE b.client_id = ${clientId} AND b.occurrence_id = ${occurrenceId} AND b.status = 'confirmed'
      ORDER BY b.id FOR UPDATE OF b`.execute(db)
  ).rows;

export const markCancelled = (db: Db, id: number, source: string) =>
  db
    .updateTable('bookings')
    .set({ status: 'cancelled', cancelled_at: sql<Date>`now()`, cancellation_source: source })
    .where('id', '=', id)
    .where('status', '=', 'confirmed')
    .executeTakeFirst();

/** Frees the place: the 0009 trigger tells live timetables, the 0010 trigger queues the waitlist promotion. */
export const releaseClaim = (db: Db, claimId: number) =>
  db.updateTable('place_claims').set({ status: 'released', released_at: sql<Date>`now()` }).where('id', '=', claimId).where('status', '=', 'active').execute();

export const insertFee = (db: Db, fee: { clientId: number; accountUserId: number; bookingId: number; amount: number }) =>
  db
    .insertInto('late_cancellation_fees')
    .values({ client_id: fee.clientId, account_user_id: fee.accountUserId, booking_id: fee.bookingId, amount_pence: fee.amount })
    .returning('id')
    .executeTakeFirstOrThrow();

export type FeeRow = {
  id: number;
  booking_id: number;
  amount_pence: number;
  created_at: Date;
  activity_name: string;
  venue_name: string;
  local_date: string;
  local_time: string;
};

/** The account's unpaid fees, oldest first (`lock`: FOR UPDATE of the fees, to pay them). */
export const findUnpaidFees = async (db: Db, clientId: number, accountUserId: number, lock = false) =>
  (
    await sql<FeeRow>`
      SELECT f.id, f.booking_id, f.amount_pence, f.created_at, a.name AS activity_name, v.name AS venue_name,
             to_char(o.starts_at AT TIME ZONE v.timezone, 'YYYY-MM-DD') AS local_date,
             to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS local_time
        FROM late_cancellation_fees f
        JOIN bookings b ON b.id = f.booking_id
        JOIN occurrences o ON o.id = b.occurrence_id
        JOIN activities a ON a.id = o.activity_id
        JOIN venues v ON v.id = o.venue_id
       WHERE f.client_id = ${clientId} AND f.account_user_id = ${accountUserId} AND f.status = 'unpaid'
       ORDER BY f.id ${lock ? sql`FOR UPDATE OF f` : sql``}`.execute(db)
  ).rows;

/** The total of the account's unpaid fees (one indexed read: the basket's add asks it). */
export const unpaidFeesTotal = async (db: Db, clientId: number, accountUserId: number) =>
  (
    await sql<{ total: number }>`
      SELECT coalesce(sum(amount_pence), 0)::integer AS total FROM late_cancellation_fees
       WHERE account_user_id = ${accountUserId} AND client_id = ${clientId} AND status = 'unpaid'`.execute(db)
  ).rows[0]!.total;

/** Failed membership Direct Debits not yet paid by card (arrears, docs/memberships.md): they block booking as fees do. */
export const membershipArrearsTotal = async (db: Db, clientId: number, accountUserId: number) =>
  (
    await sql<{ total: number }>`
      SELECT coalesce(sum(c.amount_pence), 0)::integer AS total FROM membership_collections c JOIN memberships m ON m.id = c.membership_id
       WHERE m.account_user_id = ${accountUserId} AND m.client_id = ${clientId} AND c.status = 'failed'`.execute(db)
  ).rows[0]!.total;

export const markFeesPaid = (db: Db, ids: readonly number[], paidBy: { orderId: number; creditEntryId: number | null }) =>
  db
    .updateTable('late_cancellation_fees')
    .set({ status: 'paid', paid_at: sql<Date>`now()`, order_id: paidBy.orderId, credit_entry_id: paidBy.creditEntryId })
    .where('id', 'in', [...ids])
    .execute();

export const findCurrencySymbol = async (db: Db, clientId: number) =>
  (await db.selectFrom('clients').select('currency_symbol').where('id', '=', clientId).executeTakeFirst())?.currency_symbol ?? null;

/** Whom a cancellation email goes to, and the operator it comes from. */
export const findMailTo = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .select(['users.email', 'users.first_name', 'users.language', 'clients.name as operator'])
    .where('users.client_id', '=', clientId)
    .where('users.id', '=', accountUserId)
    .executeTakeFirst();
