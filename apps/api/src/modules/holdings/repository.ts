import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { CoverKind, MembershipStatus } from '../../db/schema.ts';

/* ---- Memberships ---- */

export type MembershipRow = {
  id: number;
  reference: string;
  plan_id: number;
  plan_name: string;
  plan_description: string;
  home_venue_only: boolean;
  membership_user_id: number;
  first_name: string;
  last_name: string;
  venue_slug: string;
  venue_name: string;
  status: MembershipStatus;
  started_on: string;
  renews_on: string | null;
  price_pence: number;
  covers: string[];
};

/** Every membership of the account's people, newest first, with the names of what each covers. */
export const findMemberships = async (db: Db, clientId: number, accountUserId: number) =>
  (
    await sql<MembershipRow>`
      SELECT m.id, m.reference, p.id AS plan_id, p.name AS plan_name, p.description AS plan_description, p.home_venue_only,
             m.membership_user_id, mu.first_name, mu.last_name, v.slug AS venue_slug, v.name AS venue_name,
             m.status, m.started_on::text AS started_on, m.renews_on::text AS renews_on, m.price_pence,
             ARRAY(SELECT c.name FROM membership_plan_categories pc JOIN activity_categories c ON c.id = pc.category_id
                    WHERE pc.plan_id = p.id ORDER BY c.sort_order, c.name) AS covers
        FROM memberships m
        JOIN membership_plans p ON p.id = m.plan_id
        JOIN membership_users mu ON mu.id = m.membership_user_id
        JOIN venues v ON v.id = m.venue_id
       WHERE m.client_id = ${clientId} AND m.account_user_id = ${accountUserId}
       ORDER BY m.started_on DESC, m.id DESC`.execute(db)
  ).rows;

/* ---- Packages ---- */

export type PackageRow = {
  id: number;
  name: string;
  membership_user_id: number;
  first_name: string;
  last_name: string;
  visits_total: number;
  uses_left: number;
  uses_pending: number;
  purchased_at: Date;
  expires_at: Date;
  price_pence: number;
  covers: string[];
};

/** The account's packages, with the visits applied in open baskets (not spent yet). */
export const findPackages = async (db: Db, clientId: number, accountUserId: number) =>
  (
    await sql<PackageRow>`
      SELECT h.id, p.name, h.membership_user_id, mu.first_name, mu.last_name, h.visits_total, h.uses_left,
             (SELECT count(*)::int FROM cart_items i JOIN carts c ON c.id = i.cart_id
               WHERE i.package_holding_id = h.id AND c.status = 'open') AS uses_pending,
             h.purchased_at, h.expires_at, p.price_pence,
             ARRAY(SELECT c.name FROM package_product_categories pc JOIN activity_categories c ON c.id = pc.category_id
                    WHERE pc.product_id = p.id ORDER BY c.sort_order, c.name) AS covers
        FROM package_holdings h
        JOIN package_products p ON p.id = h.product_id
        JOIN membership_users mu ON mu.id = h.membership_user_id
       WHERE h.client_id = ${clientId} AND h.account_user_id = ${accountUserId}
       ORDER BY h.expires_at, h.id`.execute(db)
  ).rows;

/* ---- Cover of a basket item ---- */

export type Cover = { type: CoverKind; id: number; name: string };

/**
 * What covers one person's place on one occurrence, best first: an active membership of theirs
 * whose plan covers the occurrence's category (or its parent) on the occurrence's local date
 * (from the membership's start date to its end date, issue 23) at that venue (the member's home
 * venue when the plan says so; else the venues the plan is sold at, or every venue for a plan
 * sold at none), else a package of theirs covering it, unexpired, with a visit
 * left after the visits already applied in open baskets (other than `exceptItemId`).
 */
export const findCover = async (db: Db, clientId: number, membershipUserId: number, occurrenceId: number, exceptItemId: number | null): Promise<Cover | undefined> =>
  (
    await sql<Cover>`
      WITH o AS (
        SELECT o.venue_id, o.starts_at, o.local_date, c.id AS category_id, c.parent_id
          FROM occurrences o JOIN activity_categories c ON c.id = o.category_id
         WHERE o.id = ${occurrenceId} AND o.client_id = ${clientId}
      )
      (SELECT 'membership'::text AS type, m.id, p.name, 0 AS rank
         FROM o, memberships m
         JOIN membership_plans p ON p.id = m.plan_id
        WHERE m.client_id = ${clientId} AND m.membership_user_id = ${membershipUserId} AND m.status = 'active'
          AND m.started_on <= o.local_date AND (m.ends_on IS NULL OR m.ends_on >= o.local_date)
          AND (m.venue_id = o.venue_id
               OR (NOT p.home_venue_only
                   AND (NOT EXISTS (SELECT 1 FROM membership_plan_venues pv WHERE pv.plan_id = p.id)
                        OR EXISTS (SELECT 1 FROM membership_plan_venues pv WHERE pv.plan_id = p.id AND pv.venue_id = o.venue_id))))
          AND EXISTS (SELECT 1 FROM membership_plan_categories pc WHERE pc.plan_id = p.id AND pc.category_id IN (o.category_id, o.parent_id))
        ORDER BY m.id LIMIT 1)
      UNION ALL
      (SELECT 'package'::text, h.id, pp.name, 1
         FROM o, package_holdings h
         JOIN package_products pp ON pp.id = h.product_id
        WHERE h.client_id = ${clientId} AND h.membership_user_id = ${membershipUserId}
          AND h.expires_at > now() AND h.expires_at > o.starts_at
          AND EXISTS (SELECT 1 FROM package_product_categories pc WHERE pc.product_id = pp.id AND pc.category_id IN (o.category_id, o.parent_id))
          AND h.uses_left > (SELECT count(*) FROM cart_items i JOIN carts c ON c.id = i.cart_id
                              WHERE i.package_holding_id = h.id AND c.status = 'open'
                                AND i.id IS DISTINCT FROM ${exceptItemId}::integer)
        ORDER BY h.expires_at, h.id LIMIT 1)
      ORDER BY rank LIMIT 1`.execute(db)
  ).rows[0];

/** Names of memberships (their plan) and package holdings, by id, for the cart view. */
export const findCoverNames = async (db: Db, membershipIds: readonly number[], holdingIds: readonly number[]) => {
  const [memberships, packages] = await Promise.all([
    membershipIds.length
      ? db.selectFrom('memberships as m').innerJoin('membership_plans as p', 'p.id', 'm.plan_id').select(['m.id', 'p.name']).where('m.id', 'in', [...membershipIds]).execute()
      : [],
    holdingIds.length
      ? db.selectFrom('package_holdings as h').innerJoin('package_products as p', 'p.id', 'h.product_id').select(['h.id', 'p.name']).where('h.id', 'in', [...holdingIds]).execute()
      : [],
  ]);
  return { memberships: new Map(memberships.map((m) => [m.id, m.name])), packages: new Map(packages.map((p) => [p.id, p.name])) };
};

/** Whether a person holds an active membership (they pay member prices). */
export const findIsMember = async (db: Db, clientId: number, membershipUserId: number) =>
  (await db
    .selectFrom('memberships')
    .select('id')
    .where('client_id', '=', clientId)
    .where('membership_user_id', '=', membershipUserId)
    .where('status', '=', 'active')
    .executeTakeFirst()) !== undefined;

/** The plan name of the account holder's own ('self') active membership, if they hold one. */
export const findAccountHolderPlan = async (db: Db, clientId: number, accountUserId: number) =>
  (
    await db
      .selectFrom('membership_users as u')
      .innerJoin('memberships as m', 'm.membership_user_id', 'u.id')
      .innerJoin('membership_plans as p', 'p.id', 'm.plan_id')
      .select('p.name')
      .where('u.client_id', '=', clientId)
      .where('u.account_user_id', '=', accountUserId)
      .where('u.relationship', '=', 'self')
      .where('m.status', '=', 'active')
      .orderBy('m.id')
      .executeTakeFirst()
  )?.name;

/** Memberships among `ids` that are still active (completion checks the cover still holds). */
export const findActiveMembershipIds = async (db: Db, ids: readonly number[]) =>
  ids.length ? (await db.selectFrom('memberships').select('id').where('id', 'in', [...ids]).where('status', '=', 'active').execute()).map((r) => r.id) : [];

/**
 * Takes `count` visits of a package in one conditional update: answers the visits left, or
 * undefined when it has fewer than `count` left or has expired (nothing changed). The row lock
 * queues concurrent completions; the CHECK (uses_left >= 0) is the backstop.
 */
export const takePackageUses = async (db: Db, holdingId: number, count: number) =>
  (
    await sql<{ uses_left: number }>`
      UPDATE package_holdings SET uses_left = uses_left - ${count}
       WHERE id = ${holdingId} AND uses_left >= ${count} AND expires_at > now()
       RETURNING uses_left`.execute(db)
  ).rows[0]?.uses_left;

export const insertPackageUses = (db: Db, rows: readonly { holding_id: number; order_id: number; booking_id: number }[]) =>
  rows.length ? db.insertInto('package_uses').values([...rows]).execute() : Promise.resolve([]);

/* ---- Guest passes ---- */

export type GuestPassRow = {
  id: number;
  code: string;
  status: 'available' | 'used';
  valid_until: string;
  used_at: Date | null;
  venue_slug: string | null;
  venue_name: string | null;
  guest_name: string | null;
  membership_reference: string | null;
};

export const findGuestPasses = async (db: Db, clientId: number, accountUserId: number) =>
  (
    await sql<GuestPassRow>`
      SELECT g.id, g.code, g.status, g.valid_until::text AS valid_until, g.used_at, v.slug AS venue_slug, v.name AS venue_name,
             g.guest_name, m.reference AS membership_reference
        FROM guest_passes g
        LEFT JOIN venues v ON v.id = g.used_venue_id
        LEFT JOIN memberships m ON m.id = g.membership_id
       WHERE g.client_id = ${clientId} AND g.account_user_id = ${accountUserId}
       ORDER BY (g.status = 'available') DESC, g.valid_until, g.id`.execute(db)
  ).rows;

export const findGuestPassesEnabled = async (db: Db, clientId: number) =>
  (await db.selectFrom('clients').select('online_guest_passes_enabled').where('id', '=', clientId).executeTakeFirst())?.online_guest_passes_enabled ?? false;

/* ---- Orders (the account's payments) ---- */

export type OrderRow = {
  id: number;
  uuid: string;
  reference: string;
  created_at: Date;
  source: string;
  total_pence: number;
  discount_pence: number;
  discount_code: string | null;
  membership_user_id: number;
  first_name: string;
  last_name: string;
};

export const findOrders = async (db: Db, clientId: number, accountUserId: number, where: { uuid?: string; limit: number }) =>
  (
    await sql<OrderRow>`
      SELECT o.id, o.uuid::text AS uuid, o.reference, o.created_at, o.source, o.total_pence, o.discount_pence, dc.code AS discount_code,
             o.membership_user_id, mu.first_name, mu.last_name
        FROM orders o JOIN membership_users mu ON mu.id = o.membership_user_id
        LEFT JOIN discount_codes dc ON dc.id = o.discount_code_id
       WHERE o.client_id = ${clientId} AND o.account_user_id = ${accountUserId}
         ${where.uuid === undefined ? sql`` : sql`AND o.uuid = ${where.uuid}::uuid`}
       ORDER BY o.created_at DESC, o.id DESC
       LIMIT ${where.limit}`.execute(db)
  ).rows;

/** Whether an order with this uuid exists at the client (whoever it belongs to). */
export const orderExists = async (db: Db, clientId: number, uuid: string) =>
  (await db.selectFrom('orders').select('id').where('client_id', '=', clientId).where('uuid', '=', uuid).executeTakeFirst()) !== undefined;

export type OrderLineRow = {
  id: number;
  order_id: number;
  name: string;
  description: string | null;
  membership_user_id: number;
  first_name: string;
  last_name: string;
  local_date: string;
  starts_24: string;
  venue_slug: string;
  venue_name: string;
  price_pence: number;
  status: 'confirmed' | 'cancelled';
};

export const findOrderLines = async (db: Db, orderIds: readonly number[]) =>
  orderIds.length
    ? (
        await sql<OrderLineRow>`
          SELECT ol.id, ol.order_id, a.name, ol.description, ol.membership_user_id, mu.first_name, mu.last_name,
                 o.local_date::text AS local_date, to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS starts_24,
                 v.slug AS venue_slug, v.name AS venue_name, ol.price_pence,
                 -- A fee line stands for the fee paid, not the cancelled booking behind it.
                 CASE WHEN ol.late_cancellation_fee_id IS NULL THEN b.status ELSE 'confirmed' END AS status
            FROM order_lines ol
            LEFT JOIN late_cancellation_fees f ON f.id = ol.late_cancellation_fee_id
            JOIN bookings b ON b.id = coalesce(ol.booking_id, f.booking_id)
            JOIN occurrences o ON o.id = ol.occurrence_id
            JOIN activities a ON a.id = o.activity_id
            JOIN venues v ON v.id = o.venue_id
            JOIN membership_users mu ON mu.id = ol.membership_user_id
           WHERE ol.order_id = ANY(${[...orderIds]}::integer[])
           ORDER BY o.starts_at, ol.id`.execute(db)
      ).rows
    : [];

export type TenderRow = { order_id: number; tender_type: string; amount_pence: number; card_brand: string | null; card_last_four: string | null };

export const findOrderTenders = async (db: Db, orderIds: readonly number[]) =>
  orderIds.length
    ? (
        await sql<TenderRow>`
          SELECT p.order_id, p.tender_type, p.amount_pence, t.card_brand, t.card_last_four
            FROM payments p LEFT JOIN provider_transactions t ON t.uuid = p.transaction_uuid
           WHERE p.order_id = ANY(${[...orderIds]}::integer[])
           ORDER BY p.id`.execute(db)
      ).rows
    : [];

export const findReceiptParties = async (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('clients as c', 'c.id', 'u.client_id')
    .select(['c.name as operator', 'c.currency_symbol', 'u.reference', 'u.first_name', 'u.last_name', 'u.email'])
    .where('u.client_id', '=', clientId)
    .where('u.id', '=', accountUserId)
    .executeTakeFirstOrThrow();

export const findCurrencySymbol = async (db: Db, clientId: number) =>
  (await db.selectFrom('clients').select('currency_symbol').where('id', '=', clientId).executeTakeFirstOrThrow()).currency_symbol;
