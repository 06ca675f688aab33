import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { TillEntryKind, TillTender } from '../../db/schema.ts';

/** Tills, sessions, entries, closes and vouchers (docs/front-of-house.md). Entries are only ever inserted. */

export const findStaff = (db: Db, clientId: number, userId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'role', sql<string>`first_name || ' ' || last_name`.as('name')])
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();

export const findCurrencySymbol = async (db: Db, clientId: number) =>
  (await db.selectFrom('clients').select('currency_symbol').where('id', '=', clientId).executeTakeFirstOrThrow()).currency_symbol;

const sessionColumns = (db: Db) =>
  db
    .selectFrom('till_sessions as s')
    .innerJoin('tills as t', 't.id', 's.till_id')
    .innerJoin('venues as v', 'v.id', 't.venue_id')
    .innerJoin('users as u', 'u.id', 's.staff_user_id')
    .leftJoin('till_closes as c', 'c.session_id', 's.id')
    .select([
      's.id',
      's.client_id',
      's.till_id',
      's.staff_user_id',
      's.float_pence',
      's.opened_at',
      't.name as till_name',
      'v.slug as venue_slug',
      sql<string>`u.first_name || ' ' || u.last_name`.as('staff_name'),
      'c.closed_at',
      'c.staff_user_id as closed_by',
      'c.counted',
      'c.expected',
    ]);
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export const findSession = (db: Db, clientId: number, sessionId: number) =>
  sessionColumns(db).where('s.id', '=', sessionId).where('s.client_id', '=', clientId).executeTakeFirst();

export const findOpenSessionOfStaff = (db: Db, clientId: number, staffUserId: number) =>
  sessionColumns(db).where('s.client_id', '=', clientId).where('s.staff_user_id', '=', staffUserId).where('c.session_id', 'is', null).orderBy('s.id', 'desc').executeTakeFirst();

export const findOpenSessionOfTill = (db: Db, tillId: number) =>
  sessionColumns(db).where('s.till_id', '=', tillId).where('c.session_id', 'is', null).executeTakeFirst();

/** The session row locked (FOR UPDATE: a lock, not a write) so a close and a sale queue on it. */
export const lockSession = (db: Db, sessionId: number) => db.selectFrom('till_sessions').select('id').where('id', '=', sessionId).forUpdate().executeTakeFirst();

export const isClosed = async (db: Db, sessionId: number) =>
  (await db.selectFrom('till_closes').select('session_id').where('session_id', '=', sessionId).executeTakeFirst()) !== undefined;

export const listTills = (db: Db, clientId: number, venueSlug: string | undefined) => {
  let query = db
    .selectFrom('tills as t')
    .innerJoin('venues as v', 'v.id', 't.venue_id')
    .select(['t.id', 't.name', 'v.id as venue_id', 'v.slug as venue_slug', 'v.name as venue_name'])
    .where('t.client_id', '=', clientId);
  if (venueSlug) query = query.where('v.slug', '=', venueSlug);
  return query.orderBy('v.name').orderBy('t.name').execute();
};

export const openSessions = (db: Db, tillIds: readonly number[]) =>
  tillIds.length ? sessionColumns(db).where('s.till_id', 'in', tillIds).where('c.session_id', 'is', null).execute() : Promise.resolve([]);

/** The till row locked while its one open session is checked and a new one inserted. */
export const lockTill = (db: Db, clientId: number, tillId: number) =>
  db.selectFrom('tills').select(['id', 'name']).where('id', '=', tillId).where('client_id', '=', clientId).forUpdate().executeTakeFirst();

export const insertSession = async (db: Db, row: { clientId: number; tillId: number; staffUserId: number; floatPence: number }) =>
  (
    await db
      .insertInto('till_sessions')
      .values({ client_id: row.clientId, till_id: row.tillId, staff_user_id: row.staffUserId, float_pence: row.floatPence })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export type NewEntry = {
  client_id: number;
  session_id: number;
  staff_user_id: number;
  kind: TillEntryKind;
  tender_type: TillTender;
  amount_pence: number;
  amount_tendered_pence?: number | null;
  reason?: string | null;
  reference?: string | null;
  order_id?: number | null;
  corrects_entry_id?: number | null;
};
export const insertEntries = async (db: Db, rows: readonly NewEntry[]) =>
  rows.length ? (await db.insertInto('till_entries').values([...rows]).returning('id').execute()).map((r) => r.id) : [];

export const listEntries = (db: Db, sessionId: number) =>
  db
    .selectFrom('till_entries as e')
    .innerJoin('users as u', 'u.id', 'e.staff_user_id')
    .leftJoin('orders as o', 'o.id', 'e.order_id')
    .select([
      'e.id',
      'e.kind',
      'e.tender_type',
      'e.amount_pence',
      'e.amount_tendered_pence',
      'e.reason',
      'e.reference',
      'e.corrects_entry_id',
      'e.created_at',
      'e.staff_user_id',
      'o.reference as order_reference',
      sql<string>`u.first_name || ' ' || u.last_name`.as('staff_name'),
    ])
    .where('e.session_id', '=', sessionId)
    .orderBy('e.id')
    .execute();

export const findEntry = (db: Db, sessionId: number, entryId: number) =>
  db.selectFrom('till_entries').select(['id', 'tender_type']).where('session_id', '=', sessionId).where('id', '=', entryId).executeTakeFirst();

export const insertClose = (db: Db, row: { sessionId: number; staffUserId: number; counted: Record<string, number>; expected: Record<string, number> }) =>
  db
    .insertInto('till_closes')
    .values({ session_id: row.sessionId, staff_user_id: row.staffUserId, counted: JSON.stringify(row.counted) as never, expected: JSON.stringify(row.expected) as never })
    .execute();

/* ---- Vouchers ---- */

export const findVoucher = (db: Db, clientId: number, code: string, lock = false) => {
  const query = db
    .selectFrom('vouchers as v')
    .leftJoin('voucher_redemptions as r', 'r.voucher_id', 'v.id')
    .select(['v.id', 'v.code', 'v.value_pence', 'v.expires_on', 'r.redeemed_at', sql<boolean>`v.expires_on IS NOT NULL AND v.expires_on < current_date`.as('expired')])
    .where('v.client_id', '=', clientId)
    .where('v.code', '=', code);
  return (lock ? query.forUpdate('v') : query).executeTakeFirst();
};

export const insertRedemption = (db: Db, row: { voucherId: number; orderId: number; sessionId: number; staffUserId: number }) =>
  db
    .insertInto('voucher_redemptions')
    .values({ voucher_id: row.voucherId, order_id: row.orderId, session_id: row.sessionId, staff_user_id: row.staffUserId })
    .onConflict((oc) => oc.column('voucher_id').doNothing())
    .returning('voucher_id')
    .executeTakeFirst();

/* ---- Orders at the desk ---- */

/** The account of a person of the client whose account is a customer's (undefined otherwise). */
export const findCustomerOfPerson = (db: Db, clientId: number, membershipUserId: number) =>
  db
    .selectFrom('membership_users as m')
    .innerJoin('users as u', 'u.id', 'm.account_user_id')
    .select(['u.id as account_user_id', 'u.email', 'u.language'])
    .where('m.id', '=', membershipUserId)
    .where('m.client_id', '=', clientId)
    .where('u.role', '=', 'customer')
    .executeTakeFirst();

export const findCustomer = (db: Db, clientId: number, accountUserId: number) =>
  db.selectFrom('users').select(['id', 'email']).where('id', '=', accountUserId).where('client_id', '=', clientId).where('role', '=', 'customer').executeTakeFirst();

/** The newest order of a person's cart that was paid at this till session (a second pay of it is refused). */
export const findOrderPaidInSession = (db: Db, sessionId: number, membershipUserId: number) =>
  db
    .selectFrom('till_entries as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['o.id', 'o.reference', 'o.created_at'])
    .where('e.session_id', '=', sessionId)
    .where('o.membership_user_id', '=', membershipUserId)
    .orderBy('o.id', 'desc')
    .executeTakeFirst();

export const findOrderRef = (db: Db, orderId: number) => db.selectFrom('orders').select(['id', 'uuid', 'reference']).where('id', '=', orderId).executeTakeFirstOrThrow();

export const orderKey = async (db: Db, orderUuid: string) =>
  (await db.selectFrom('orders').select('idempotency_key').where('uuid', '=', orderUuid).executeTakeFirst())?.idempotency_key ?? null;

/* ---- Customer lookup and notes ---- */

/**
 * The customer lookup's queries: one indexed prefix scan per field (migration 0069's
 * text_pattern_ops indexes), each capped at 20, united, then the rows read for at most 20 people.
 * `prefix` is lower-case with LIKE's characters escaped.
 */
export const search = async (db: Db, clientId: number, prefix: string, phoneDigits: string | null) => {
  const like = `${prefix}%`;
  const phone = phoneDigits
    ? sql`UNION (SELECT m.id FROM users u JOIN membership_users m ON m.account_user_id = u.id AND m.relationship = 'self'
               WHERE u.client_id = ${clientId} AND u.phone IS NOT NULL AND regexp_replace(u.phone, '[^0-9]', '', 'g') LIKE ${`${phoneDigits}%`} LIMIT 20)`
    : sql``;
  const result = await sql<{
    account_user_id: number;
    membership_user_id: number;
    name: string;
    relationship: 'self' | 'partner' | 'child' | 'other';
    account_holder: string;
    email: string;
    phone: string | null;
    reference: string;
    membership_number: string | null;
  }>`
    WITH hits AS (
      (SELECT m.id FROM membership_users m WHERE m.client_id = ${clientId} AND lower(m.last_name) LIKE ${like} LIMIT 20)
      UNION (SELECT m.id FROM membership_users m WHERE m.client_id = ${clientId} AND lower(m.first_name || ' ' || m.last_name) LIKE ${like} LIMIT 20)
      UNION (SELECT m.id FROM users u JOIN membership_users m ON m.account_user_id = u.id AND m.relationship = 'self'
             WHERE u.client_id = ${clientId} AND lower(u.email) LIKE ${like} LIMIT 20)
      UNION (SELECT m.id FROM users u JOIN membership_users m ON m.account_user_id = u.id AND m.relationship = 'self'
             WHERE u.client_id = ${clientId} AND lower(u.reference) LIKE ${like} LIMIT 20)
      UNION (SELECT ms.membership_user_id FROM memberships ms WHERE ms.client_id = ${clientId} AND lower(ms.reference) LIKE ${like} LIMIT 20)
      ${phone}
    )
    SELECT u.id AS account_user_id, m.id AS membership_user_id, m.first_name || ' ' || m.last_name AS name, m.relationship,
           u.first_name || ' ' || u.last_name AS account_holder, u.email, u.phone, u.reference, ms.reference AS membership_number
    FROM hits
    JOIN membership_users m ON m.id = hits.id
    JOIN users u ON u.id = m.account_user_id AND u.role = 'customer'
    LEFT JOIN LATERAL (
      SELECT reference FROM memberships WHERE membership_user_id = m.id ORDER BY (status = 'active') DESC, id DESC LIMIT 1
    ) ms ON true
    ORDER BY m.last_name, m.first_name, m.id
    LIMIT 20`.execute(db);
  return result.rows;
};

export const isCustomer = async (db: Db, clientId: number, accountUserId: number) =>
  (await db.selectFrom('users').select('id').where('id', '=', accountUserId).where('client_id', '=', clientId).where('role', '=', 'customer').executeTakeFirst()) !== undefined;

export const insertNote = async (db: Db, row: { clientId: number; accountUserId: number; staffUserId: number; text: string }) => {
  const note = await db
    .insertInto('customer_notes')
    .values({ client_id: row.clientId, account_user_id: row.accountUserId, staff_user_id: row.staffUserId, text: row.text })
    .returning(['id', 'text', 'created_at'])
    .executeTakeFirstOrThrow();
  const staff = await db.selectFrom('users').select(sql<string>`first_name || ' ' || last_name`.as('name')).where('id', '=', row.staffUserId).executeTakeFirstOrThrow();
  return { ...note, staff_name: staff.name };
};

/* ---- The customer panel (panel.ts) ---- */

export const findAccount = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'reference'])
    .where('id', '=', accountUserId)
    .where('client_id', '=', clientId)
    .where('role', '=', 'customer')
    .executeTakeFirst();

export const findPeople = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('membership_users')
    .select(['id', 'first_name', 'last_name', 'relationship', sql<string | null>`date_of_birth::text`.as('date_of_birth')])
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .orderBy(sql`relationship = 'self'`, 'desc')
    .orderBy('id')
    .execute();

export const findMemberships = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('memberships as ms')
    .innerJoin('membership_plans as p', 'p.id', 'ms.plan_id')
    .innerJoin('membership_users as m', 'm.id', 'ms.membership_user_id')
    .select(['ms.id', 'ms.reference', 'p.name as plan', sql<string>`m.first_name || ' ' || m.last_name`.as('person'), 'ms.status'])
    .where('ms.client_id', '=', clientId)
    .where('ms.account_user_id', '=', accountUserId)
    .orderBy('ms.id', 'desc')
    .execute();

export const findUnpaidFees = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('late_cancellation_fees')
    .select(['id', 'amount_pence', 'reason', 'created_at'])
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .where('status', '=', 'unpaid')
    .orderBy('id')
    .execute();

export type PanelBookingRow = {
  booking_id: number;
  name: string;
  person: string;
  venue: string;
  starts_at: Date;
  ends_at: Date;
  checked_in_at: Date | null;
  is_today: boolean;
};

/** Confirmed bookings not yet ended, soonest first (at most 50); `is_today` in the venue's time. */
export const findComingBookings = async (db: Db, clientId: number, accountUserId: number) =>
  (
    await sql<PanelBookingRow>`
      SELECT b.id AS booking_id, a.name, mu.first_name || ' ' || mu.last_name AS person, v.name AS venue, o.starts_at, o.ends_at,
             c.checked_in_at, o.local_date = (now() AT TIME ZONE v.timezone)::date AS is_today
        FROM bookings b
        JOIN occurrences o ON o.id = b.occurrence_id
        JOIN activities a ON a.id = o.activity_id
        JOIN venues v ON v.id = o.venue_id
        JOIN membership_users mu ON mu.id = b.membership_user_id
        LEFT JOIN check_ins c ON c.booking_id = b.id
       WHERE b.client_id = ${clientId} AND b.account_user_id = ${accountUserId} AND b.status = 'confirmed'
         AND o.cancelled_at IS NULL AND (o.ends_at > now() OR o.local_date = (now() AT TIME ZONE v.timezone)::date)
       ORDER BY o.starts_at, b.id
       LIMIT 50`.execute(db)
  ).rows;

export const findNotes = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('customer_notes as n')
    .innerJoin('users as u', 'u.id', 'n.staff_user_id')
    .select(['n.id', 'n.text', 'n.created_at', 'n.staff_user_id', sql<string>`u.first_name || ' ' || u.last_name`.as('staff_name')])
    .where('n.client_id', '=', clientId)
    .where('n.account_user_id', '=', accountUserId)
    .orderBy('n.id', 'desc')
    .limit(50)
    .execute();

/* ---- The kiosk (kiosk.ts) ---- */

export const upsertKioskPin = (db: Db, row: { userId: number; clientId: number; pinHash: string }) =>
  db
    .insertInto('kiosk_pins')
    .values({ user_id: row.userId, client_id: row.clientId, pin_hash: row.pinHash })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: row.pinHash, failed_attempts: 0, locked_until: null, updated_at: sql<never>`now()` }))
    .execute();

/** The account whose membership (any person of it) has this number, with its PIN and whether it is locked; undefined for none. */
export const findByMembershipNumber = (db: Db, clientId: number, membershipNumber: string) =>
  db
    .selectFrom('memberships as ms')
    .innerJoin('users as u', 'u.id', 'ms.account_user_id')
    .leftJoin('kiosk_pins as k', 'k.user_id', 'u.id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'k.pin_hash', sql<boolean>`coalesce(k.locked_until > now(), false)`.as('locked')])
    .where('ms.client_id', '=', clientId)
    .where(sql`upper(ms.reference)`, '=', membershipNumber.toUpperCase())
    .where('u.role', '=', 'customer')
    .orderBy('ms.id', 'desc')
    .executeTakeFirst();

/** A wrong PIN counted under the row's lock (parallel guesses cannot share an attempt); the limit reached locks it for `lockMinutes`. Answers whether it locked. */
export const countWrongPin = async (trx: Db, userId: number, maxAttempts: number, lockMinutes: number) => {
  const row = await trx.selectFrom('kiosk_pins').select(['failed_attempts', 'locked_until']).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  const attempts = row.failed_attempts + 1;
  const lock = attempts >= maxAttempts;
  await trx
    .updateTable('kiosk_pins')
    .set({ failed_attempts: lock ? 0 : attempts, locked_until: lock ? sql<never>`now() + make_interval(mins => ${lockMinutes})` : row.locked_until })
    .where('user_id', '=', userId)
    .execute();
  return lock;
};

export const clearWrongPins = (db: Db, userId: number) => db.updateTable('kiosk_pins').set({ failed_attempts: 0, locked_until: null }).where('user_id', '=', userId).execute();

/* ---- Booking on behalf (on-behalf.ts) ---- */

export const insertOverride = (
  db: Db,
  row: { clientId: number; sessionId: number; staffUserId: number; accountUserId: number; kind: 'past_release' | 'waitlist_order' | 'discount'; cartItemId: number | null; reason: string | null; detail: Record<string, unknown> },
) =>
  db
    .insertInto('foh_overrides')
    .values({ client_id: row.clientId, session_id: row.sessionId, staff_user_id: row.staffUserId, account_user_id: row.accountUserId, kind: row.kind, cart_item_id: row.cartItemId, reason: row.reason, detail: JSON.stringify(row.detail) as never })
    .execute();

/** An occurrence of the client by numeric id or uuid (as the cart add takes it). */
export const findOccurrenceRef = (db: Db, clientId: number, ref: number | string) =>
  db
    .selectFrom('occurrences')
    .select(['id', 'activity_id'])
    .where('client_id', '=', clientId)
    .where(/^\d{1,9}$/.test(String(ref)) ? sql<boolean>`id = ${Number(ref)}` : sql<boolean>`uuid::text = ${String(ref)}`)
    .executeTakeFirst();

export const findCartItemIdByClaim = async (db: Db, claimId: number) => (await db.selectFrom('cart_items').select('id').where('claim_id', '=', claimId).executeTakeFirstOrThrow()).id;

/** An item of the account's open basket, locked; undefined when it is not theirs. */
export const lockOpenCartItem = (db: Db, clientId: number, accountUserId: number, cartItemId: number) =>
  db
    .selectFrom('cart_items as i')
    .innerJoin('carts as c', 'c.id', 'i.cart_id')
    .select(['i.id', 'i.price_pence', 'i.cart_id'])
    .where('i.id', '=', cartItemId)
    .where('c.client_id', '=', clientId)
    .where('c.account_user_id', '=', accountUserId)
    .where('c.status', '=', 'open')
    .forUpdate('i')
    .executeTakeFirst();

export const setItemPrice = async (db: Db, item: { id: number; cart_id: number }, pricePence: number) => {
  await db.updateTable('cart_items').set({ price_pence: pricePence }).where('id', '=', item.id).execute();
  await db.updateTable('carts').set({ updated_at: sql<never>`now()` }).where('id', '=', item.cart_id).execute();
};

/**
 * The kiosk (kiosk-booking.ts): a venue's sessions (not courts) still to start on its today + `plusDays`, with their
 * ticket types in order, and whether booking asks questions or a waiver `personId` has not signed (not done at the kiosk).
 */
export const findKioskSessions = async (db: Db, clientId: number, venueSlug: string, plusDays: number, personId: number) => {
  type Row = { venue_slug: string; venue_name: string; date: string; id: number | null; activity_name: string; starts_at: Date; ends_at: Date; time: string; end_time: string; location_name: string | null; spaces_left: number; tickets: { id: number; name: string; price_pence: number; min_age: number | null; max_age: number | null }[]; asks: boolean };
  const { rows } = await sql<Row>`
    WITH v AS (SELECT id, slug, name, timezone, ((now() AT TIME ZONE timezone)::date + ${plusDays}::int) AS day FROM venues WHERE client_id = ${clientId} AND slug = ${venueSlug})
    SELECT v.slug AS venue_slug, v.name AS venue_name, v.day::text AS date, o.id, a.name AS activity_name, o.starts_at, o.ends_at, l.name AS location_name,
           to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS time, to_char(o.ends_at AT TIME ZONE v.timezone, 'HH24:MI') AS end_time,
           greatest(0, o.capacity - (SELECT count(*) FROM place_claims pc WHERE pc.occurrence_id = o.id AND pc.status = 'active' AND (pc.expires_at IS NULL OR pc.expires_at > now())))::int AS spaces_left,
           (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'price_pence', p.price_pence, 'min_age', p.min_age, 'max_age', p.max_age) ORDER BY p.sort_order, p.id), '[]')
              FROM pricing_options p WHERE p.activity_id = a.id) AS tickets,
           (EXISTS (SELECT 1 FROM questions q WHERE q.activity_id = a.id AND q.required)
             OR EXISTS (SELECT 1 FROM waiver_restrictions w WHERE w.activity_id = a.id
                         AND NOT EXISTS (SELECT 1 FROM signed_waivers sw WHERE sw.restriction_id = w.id AND sw.membership_user_id = ${personId}))) AS asks
      FROM v LEFT JOIN occurrences o ON o.venue_id = v.id AND o.client_id = ${clientId} AND o.local_date = v.day AND o.cancelled_at IS NULL AND o.starts_at > now()
        AND EXISTS (SELECT 1 FROM activities k WHERE k.id = o.activity_id AND k.kind <> 'resource')
      LEFT JOIN activities a ON a.id = o.activity_id LEFT JOIN locations l ON l.id = o.location_id
     ORDER BY o.starts_at, a.name, o.id LIMIT 500`.execute(db);
  return rows;
};
