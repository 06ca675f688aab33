import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';

/** Attendance's queries (docs/front-of-house.md "Attendance"): rosters, check-ins, no-shows. */

/** A till session of the operator, with whether it is closed (a check-in names the staff member's open one). */
export const findTillSession = (db: Db, clientId: number, sessionId: number) =>
  db
    .selectFrom('till_sessions as s')
    .leftJoin('till_closes as c', 'c.session_id', 's.id')
    .select(['s.id', 's.staff_user_id', 'c.closed_at'])
    .where('s.id', '=', sessionId)
    .where('s.client_id', '=', clientId)
    .executeTakeFirst();

export type RosterRow = {
  occurrence_id: number;
  name: string;
  kind: string;
  location: string | null;
  starts_at: Date;
  ends_at: Date;
  booking_id: number | null;
  person: string | null;
  account_holder: string | null;
  account_user_id: number | null;
  checked_in_at: Date | null;
  no_show: boolean;
};

/** Today's (venue time) sessions at one of the client's venues with their confirmed bookings; undefined for no such venue. */
export const findRoster = async (db: Db, clientId: number, venueSlug: string) => {
  const venue = await db.selectFrom('venues').select(['id']).where('client_id', '=', clientId).where('slug', '=', venueSlug).executeTakeFirst();
  if (!venue) return undefined;
  const { rows } = await sql<RosterRow>`
    SELECT o.id AS occurrence_id, a.name, a.kind, l.name AS location, o.starts_at, o.ends_at,
           b.id AS booking_id, mu.first_name || ' ' || mu.last_name AS person, u.first_name || ' ' || u.last_name AS account_holder,
           b.account_user_id, c.checked_in_at, ns.booking_id IS NOT NULL AS no_show
      FROM occurrences o
      JOIN venues v ON v.id = o.venue_id
      JOIN activities a ON a.id = o.activity_id
      LEFT JOIN locations l ON l.id = o.location_id
      LEFT JOIN bookings b ON b.occurrence_id = o.id AND b.status = 'confirmed'
      LEFT JOIN membership_users mu ON mu.id = b.membership_user_id
      LEFT JOIN users u ON u.id = b.account_user_id
      LEFT JOIN check_ins c ON c.booking_id = b.id
      LEFT JOIN no_shows ns ON ns.booking_id = b.id
     WHERE o.client_id = ${clientId} AND o.venue_id = ${venue.id} AND o.cancelled_at IS NULL
       AND o.local_date = (now() AT TIME ZONE v.timezone)::date
     ORDER BY o.starts_at, o.id, mu.last_name, mu.first_name, b.id`.execute(db);
  return rows;
};

export type CheckInBooking = {
  id: number;
  uuid: string;
  client_id: number;
  account_user_id: number;
  status: 'confirmed' | 'cancelled';
  person: string;
  first_name: string;
  last_name: string;
  name: string;
  starts_at: Date;
  is_today: boolean;
  checked_in_at: Date | null;
  checked_in_local: string | null;
};

const bookingQuery = (where: ReturnType<typeof sql>) => sql<CheckInBooking>`
  SELECT b.id, b.uuid::text AS uuid, b.client_id, b.account_user_id, b.status, mu.first_name || ' ' || mu.last_name AS person,
         u.first_name, u.last_name, a.name, o.starts_at, o.local_date = (now() AT TIME ZONE v.timezone)::date AS is_today,
         c.checked_in_at, to_char(c.checked_in_at AT TIME ZONE v.timezone, 'HH24:MI') AS checked_in_local
    FROM bookings b
    JOIN occurrences o ON o.id = b.occurrence_id
    JOIN venues v ON v.id = o.venue_id
    JOIN activities a ON a.id = o.activity_id
    JOIN membership_users mu ON mu.id = b.membership_user_id
    JOIN users u ON u.id = b.account_user_id
    LEFT JOIN check_ins c ON c.booking_id = b.id
   WHERE ${where}`;

/** A booking by id or uuid, of any client (the caller compares the client: another operator's → 403). */
export const findBookingById = async (db: Db, bookingId: number) => (await bookingQuery(sql`b.id = ${bookingId}`).execute(db)).rows[0];
export const findBookingByUuid = async (db: Db, uuid: string) => (await bookingQuery(sql`b.uuid = ${uuid}::uuid`).execute(db)).rows[0];

/** Writes the check-in unless one exists (primary key booking_id): the row written, or undefined. */
export const insertCheckIn = (db: Db, row: { bookingId: number; clientId: number; via: 'tap' | 'qr' | 'kiosk'; staffUserId: number | null; sessionId: number | null }) =>
  db
    .insertInto('check_ins')
    .values({ booking_id: row.bookingId, client_id: row.clientId, via: row.via, staff_user_id: row.staffUserId, session_id: row.sessionId })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .returning('checked_in_at')
    .executeTakeFirst();

/* ---- No-shows (no-shows.ts) ---- */

export type Candidate = { booking_id: number; client_id: number; account_user_id: number };

export const findUnmarked = async (db: Db, graceMinutes: number) =>
  (
    await sql<Candidate>`
      SELECT b.id AS booking_id, b.client_id, b.account_user_id
        FROM occurrences o
        JOIN venues v ON v.id = o.venue_id
        JOIN bookings b ON b.occurrence_id = o.id AND b.status = 'confirmed'
       WHERE o.cancelled_at IS NULL
         AND o.ends_at <= now() - make_interval(mins => ${graceMinutes})
         AND o.local_date >= (now() AT TIME ZONE v.timezone)::date - 1
         -- Attendance was being taken: a till at the venue was open when the session started.
         AND EXISTS (SELECT 1 FROM till_sessions ts JOIN tills t ON t.id = ts.till_id LEFT JOIN till_closes tc ON tc.session_id = ts.id
                      WHERE t.venue_id = o.venue_id AND ts.opened_at <= o.starts_at AND (tc.closed_at IS NULL OR tc.closed_at >= o.starts_at))
         AND NOT EXISTS (SELECT 1 FROM check_ins c WHERE c.booking_id = b.id)
         AND NOT EXISTS (SELECT 1 FROM no_shows n WHERE n.booking_id = b.id)
       ORDER BY o.ends_at, b.id
       LIMIT 5000`.execute(db)
  ).rows;

export type Policy = { limit: number; windowDays: number; feePence: number; symbol: string; operator: string };

export const policyOf = async (db: Db, clientId: number): Promise<Policy> => {
  const c = await db
    .selectFrom('clients')
    .select(['no_show_limit', 'no_show_window_days', 'no_show_fee_pence', 'currency_symbol', 'name'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  return { limit: c.no_show_limit, windowDays: c.no_show_window_days, feePence: c.no_show_fee_pence, symbol: c.currency_symbol, operator: c.name };
};

/** No-shows of the account counted by the policy: in the window (by session start) and after its last no-show fee. */
export const countTowardsFee = async (trx: Db, row: Candidate, windowDays: number) =>
  (
    await sql<{ n: number }>`
      SELECT count(*)::int AS n
        FROM no_shows n
        JOIN bookings b ON b.id = n.booking_id
        JOIN occurrences o ON o.id = b.occurrence_id
       WHERE n.client_id = ${row.client_id} AND n.account_user_id = ${row.account_user_id}
         AND o.starts_at > now() - make_interval(days => ${windowDays})
         AND n.recorded_at > coalesce((SELECT max(f.created_at) FROM late_cancellation_fees f
                                        WHERE f.client_id = ${row.client_id} AND f.account_user_id = ${row.account_user_id} AND f.reason = 'no_show'), '-infinity')`.execute(trx)
  ).rows[0]!.n;

/** Per account, one at a time (transaction-scoped): two runs cannot both see the limit reached. */
export const lockAccountNoShows = (trx: Db, accountUserId: number) => sql`SELECT pg_advisory_xact_lock(hashtextextended(${`no-show:${accountUserId}`}, 0))`.execute(trx);

export const insertNoShow = (trx: Db, row: Candidate) =>
  trx
    .insertInto('no_shows')
    .values({ booking_id: row.booking_id, client_id: row.client_id, account_user_id: row.account_user_id })
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .returning('booking_id')
    .executeTakeFirst();

export const insertNoShowFee = (trx: Db, row: Candidate, amountPence: number) =>
  trx
    .insertInto('late_cancellation_fees')
    .values({ client_id: row.client_id, account_user_id: row.account_user_id, booking_id: row.booking_id, amount_pence: amountPence, reason: 'no_show' })
    .execute();

export const findAccountContact = (db: Db, accountUserId: number) =>
  db.selectFrom('users').select(['email', 'first_name', 'language']).where('id', '=', accountUserId).executeTakeFirstOrThrow();
