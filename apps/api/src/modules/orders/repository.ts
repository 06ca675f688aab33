import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { RecordedTender } from '../../db/schema.ts';

/** Orders (docs/checkout.md): orders, their lines and tenders, and what their views and emails read. */

/** A fee order line's words (the receipt shows the cancelled session beside them). */
export const LATE_FEE_LINE = 'Late-cancellation fee';

/* ---- The account and client an order is for ---- */

export const findAccount = (db: Db, clientId: number, accountUserId: number) =>
  db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'role', 'language']).where('client_id', '=', clientId).where('id', '=', accountUserId).executeTakeFirst();

export const findClientName = async (db: Db, clientId: number) =>
  (await db.selectFrom('clients').select(['name', 'currency_symbol']).where('id', '=', clientId).executeTakeFirstOrThrow());

/* ---- Orders ---- */

export const insertOrder = async (
  db: Db,
  order: { clientId: number; accountUserId: number; membershipUserId: number; cartId: number | null; kind?: 'membership'; reference: string; source: string; total: number; transactionUuid: string | null; idempotencyKey: string | null; staffUserId: number | null },
) =>
  db
    .insertInto('orders')
    .values({
      kind: order.kind ?? (order.cartId === null ? 'late_fees' : 'booking'),
      client_id: order.clientId,
      account_user_id: order.accountUserId,
      membership_user_id: order.membershipUserId,
      cart_id: order.cartId,
      reference: order.reference,
      source: order.source,
      total_pence: order.total,
      transaction_uuid: order.transactionUuid,
      idempotency_key: order.idempotencyKey,
      staff_user_id: order.staffUserId,
    })
    .returning(['id', sql<string>`uuid::text`.as('uuid'), 'reference'])
    .executeTakeFirstOrThrow();

export const insertOrderLines = (
  db: Db,
  lines: readonly {
    order_id: number;
    booking_id: number;
    cart_item_id: number;
    occurrence_id: number;
    membership_user_id: number;
    pricing_option_id: number;
    price_pence: number;
    description: string | null;
    membership_id: number | null;
    package_holding_id: number | null;
  }[],
) => (lines.length ? db.insertInto('order_lines').values([...lines]).execute() : Promise.resolve([]));

/** A course's line (docs/courses.md): the course place (its claim is the booking), for its person. */
export const insertCourseOrderLines = (
  db: Db,
  orderId: number,
  items: readonly { id: number; name: string; claim_id: number; purchased_for_user_id: number; price_pence: number }[],
) =>
  items.length
    ? db
        .insertInto('order_lines')
        .values(
          items.map((i) => ({
            order_id: orderId,
            cart_item_id: i.id,
            course_claim_id: i.claim_id,
            occurrence_id: null,
            membership_user_id: i.purchased_for_user_id,
            price_pence: i.price_pence,
            description: `Course: ${i.name}`,
          })),
        )
        .execute()
    : Promise.resolve([]);

/** A fee order's lines: one per late-cancellation fee, for the person of the cancelled booking. */
export const insertFeeOrderLines = (db: Db, orderId: number, feeIds: readonly number[]) =>
  sql`
    INSERT INTO order_lines (order_id, late_cancellation_fee_id, occurrence_id, membership_user_id, price_pence, description)
    SELECT ${orderId}, f.id, b.occurrence_id, b.membership_user_id, f.amount_pence, ${LATE_FEE_LINE}
      FROM late_cancellation_fees f JOIN bookings b ON b.id = f.booking_id
     WHERE f.id = ANY(${[...feeIds]}::integer[])
     ORDER BY f.id`.execute(db);

export const insertPayments = (db: Db, rows: readonly { order_id: number; tender_type: RecordedTender; amount_pence: number; transaction_uuid: string | null }[]) =>
  rows.length ? db.insertInto('payments').values([...rows]).execute() : Promise.resolve([]);

export const countOrderLines = async (db: Db, orderId: number) =>
  Number((await db.selectFrom('order_lines').select((eb) => eb.fn.countAll<string>().as('n')).where('order_id', '=', orderId).executeTakeFirstOrThrow()).n);

export const findOrderIdByCart = async (db: Db, cartId: number) =>
  (await db.selectFrom('orders').select('id').where('cart_id', '=', cartId).executeTakeFirst())?.id;

/** The order an Idempotency-Key completed, with the basket it completed (a key is bound to its basket). */
export const findOrderByKey = (db: Db, accountUserId: number, key: string) =>
  db.selectFrom('orders').select(['id', 'cart_id']).where('account_user_id', '=', accountUserId).where('idempotency_key', '=', key).executeTakeFirst();

export const findOrder = (db: Db, clientId: number, where: { id: number } | { uuid: string }) => {
  const query = db
    .selectFrom('orders')
    .select(['id', sql<string>`uuid::text`.as('uuid'), 'reference', 'account_user_id', 'membership_user_id', 'source', 'total_pence', 'status', 'transaction_uuid', 'created_at'])
    .where('client_id', '=', clientId);
  return ('id' in where ? query.where('id', '=', where.id) : query.where('uuid', '=', where.uuid)).executeTakeFirst();
};

export type OrderBookingRow = {
  id: number;
  /** The booking's uuid: its check-in QR token names it (lib/check-in-token.ts). */
  uuid: string;
  name: string;
  membership_user_id: number;
  first_name: string;
  last_name: string;
  local_date: string;
  starts_at: Date;
  ends_at: Date;
  starts_24: string;
  starts_12: string;
  ends_24: string;
  ends_12: string;
  venue_slug: string;
  venue_name: string;
  venue_address: string;
  location_name: string | null;
  price_pence: number;
  description: string | null;
  status: 'confirmed' | 'cancelled';
};

export const findOrderBookings = async (db: Db, orderId: number) =>
  (
    await sql<OrderBookingRow>`
      SELECT b.id, b.uuid::text AS uuid, a.name, b.membership_user_id, mu.first_name, mu.last_name, o.local_date::text AS local_date, o.starts_at, o.ends_at,
             to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS starts_24,
             to_char(o.starts_at AT TIME ZONE v.timezone, 'FMHH12:MIam') AS starts_12,
             to_char(o.ends_at AT TIME ZONE v.timezone, 'HH24:MI') AS ends_24,
             to_char(o.ends_at AT TIME ZONE v.timezone, 'FMHH12:MIam') AS ends_12,
             v.slug AS venue_slug, v.name AS venue_name, concat_ws(', ', v.address_line1, v.town, v.postcode) AS venue_address,
             l.name AS location_name, ol.price_pence, ol.description, b.status
        FROM order_lines ol
        JOIN bookings b ON b.id = ol.booking_id
        JOIN occurrences o ON o.id = b.occurrence_id
        JOIN activities a ON a.id = o.activity_id
        JOIN venues v ON v.id = o.venue_id
        JOIN membership_users mu ON mu.id = b.membership_user_id
        LEFT JOIN locations l ON l.id = o.location_id
       WHERE ol.order_id = ${orderId}
       ORDER BY o.starts_at, b.id`.execute(db)
  ).rows;

export const findOrderPayments = async (db: Db, orderId: number) =>
  (
    await sql<{ tender_type: string; amount_pence: number; card_brand: string | null; card_last_four: string | null }>`
      SELECT p.tender_type, p.amount_pence, t.card_brand, t.card_last_four
        FROM payments p LEFT JOIN provider_transactions t ON t.uuid = p.transaction_uuid
       WHERE p.order_id = ${orderId} ORDER BY p.tender_type = 'card', p.id`.execute(db)
  ).rows;

/** The discount code an order used and the pence it took off (0061); undefined: none. */
export const findOrderDiscount = (db: Db, orderId: number) =>
  db
    .selectFrom('orders')
    .innerJoin('discount_codes', 'discount_codes.id', 'orders.discount_code_id')
    .select(['discount_codes.code', 'orders.discount_pence'])
    .where('orders.id', '=', orderId)
    .where('orders.discount_pence', '>', 0)
    .executeTakeFirst();

/** The account a membership user (person) belongs to (front of house). */
export const findAccountOfPerson = async (db: Db, clientId: number, membershipUserId: number) =>
  (await db.selectFrom('membership_users').select('account_user_id').where('client_id', '=', clientId).where('id', '=', membershipUserId).executeTakeFirst())?.account_user_id;
