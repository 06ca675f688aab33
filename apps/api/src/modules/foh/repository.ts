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
    .select(['u.id as account_user_id', 'u.email'])
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
