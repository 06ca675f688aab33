import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { runNamed } from '../../db/prepared.ts';
import type { ActivityKind, CoverKind } from '../../db/schema.ts';
import type { DiscountRule } from '@app/contract/cart/discount';

/** The basket's rows: carts and their items, what an item is priced from, the cart view (docs/holds.md). */

// Queries on every basket request's path run as named prepared statements (db/prepared.ts
// runNamed): planning the basket's nine-table join cost more than running it.
const named = runNamed;

/* ---- Occurrences and prices ---- */

export type OccurrenceForCart = {
  id: number;
  uuid: string;
  activity_id: number;
  kind: ActivityKind;
  starts_at: Date;
  location_id: number | null;
  allocation_strategy: string | null;
  cancelled_at: Date | null;
};

const occurrenceForCart = (db: Db, clientId: number) =>
  db
    .selectFrom('occurrences as o')
    .innerJoin('activities as a', 'a.id', 'o.activity_id')
    .innerJoin('activity_categories as c', 'c.id', 'o.category_id')
    .select([
      'o.id',
      'o.uuid',
      'o.activity_id',
      'a.kind',
      'o.starts_at',
      'o.location_id',
      'c.allocation_strategy',
      'o.cancelled_at',
    ])
    .where('o.client_id', '=', clientId);

/** An occurrence by its numeric (v1) id or its uuid (v2). */
export const findOccurrence = (db: Db, clientId: number, ref: { id: number } | { uuid: string }): Promise<OccurrenceForCart | undefined> =>
  'id' in ref
    ? occurrenceForCart(db, clientId).where('o.id', '=', ref.id).executeTakeFirst()
    : occurrenceForCart(db, clientId).where('o.uuid', '=', ref.uuid).executeTakeFirst();

export type PricingOption = { id: number; name: string; price_pence: number; member_price_pence: number };

/** The pricing option `id` of the activity, or its first one when `id` is undefined. */
export const findPricingOption = (db: Db, clientId: number, activityId: number, id: number | undefined) => {
  let query = db
    .selectFrom('pricing_options')
    .select(['id', 'name', 'price_pence', 'member_price_pence'])
    .where('client_id', '=', clientId)
    .where('activity_id', '=', activityId);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('sort_order').orderBy('id').limit(1).executeTakeFirst();
};

/** The cart item (with its cart) a claim is attached to. */
export const findItemByClaim = (db: Db, claimId: number) =>
  db.selectFrom('cart_items').select(['id', 'cart_id']).where('claim_id', '=', claimId).executeTakeFirst();

/* ---- Carts ---- */

/** A cart's owner and status (terms and questions check the cart is the caller's). */
export const findCartOwner = (db: Db, clientId: number, cartId: number) =>
  db.selectFrom('carts').select(['id', 'account_user_id', 'membership_user_id', 'status']).where('client_id', '=', clientId).where('id', '=', cartId).executeTakeFirst();

export const findOpenCart = async (db: Db, clientId: number, accountUserId: number, membershipUserId: number) =>
  (
    await named<{ id: number; uuid: string; source: string; membership_user_id: number }>(
      db,
      'cart_open_cart',
      `SELECT id, uuid::text AS uuid, source, membership_user_id FROM carts
        WHERE client_id = $1 AND account_user_id = $2 AND membership_user_id = $3 AND status = 'open'`,
      [clientId, accountUserId, membershipUserId],
    )
  )[0];

/**
 * The cart view's first read in one round trip: the client's currency symbol and the open cart
 * of (account, selected person), if any.
 */
export const findOpenCartAndSymbol = async (db: Db, clientId: number, accountUserId: number, membershipUserId: number) => {
  const row = (
    await named<{
      currency_symbol: string;
      id: number | null;
      uuid: string | null;
      source: string | null;
      membership_user_id: number | null;
      discount_code: string | null;
      discount_description: string | null;
      percent_off: number | null;
      amount_off_pence: number | null;
      discount_activity_ids: number[] | null;
    }>(
      db,
      'cart_open_cart_symbol_discount',
      `SELECT cli.currency_symbol, c.id, c.uuid::text AS uuid, c.source, c.membership_user_id,
              d.code AS discount_code, d.description AS discount_description, d.percent_off, d.amount_off_pence,
              CASE WHEN d.id IS NOT NULL THEN coalesce((SELECT array_agg(da.activity_id) FROM discount_code_activities da WHERE da.discount_code_id = d.id), '{}') END AS discount_activity_ids
         FROM clients cli
         LEFT JOIN carts c ON c.client_id = cli.id AND c.account_user_id = $2 AND c.membership_user_id = $3 AND c.status = 'open'
         LEFT JOIN cart_discounts cd ON cd.cart_id = c.id
         LEFT JOIN discount_codes d ON d.id = cd.discount_code_id
        WHERE cli.id = $1`,
      [clientId, accountUserId, membershipUserId],
    )
  )[0];
  const cart = row?.id == null ? undefined : { id: row.id, uuid: row.uuid!, source: row.source!, membership_user_id: row.membership_user_id! };
  // The code applied to the open cart (docs/discounts.md), read in the same round trip.
  const discount =
    row?.discount_code == null
      ? undefined
      : { code: row.discount_code, description: row.discount_description!, percent_off: row.percent_off, amount_off_pence: row.amount_off_pence, activity_ids: row.discount_activity_ids ?? [] };
  return { cart, symbol: row?.currency_symbol, discount };
};

/** The open cart of (account, selected person), created if missing; safe when two requests race. */
export const openCart = async (db: Db, clientId: number, accountUserId: number, membershipUserId: number) => {
  await sql`
    INSERT INTO carts (client_id, account_user_id, membership_user_id)
    VALUES (${clientId}, ${accountUserId}, ${membershipUserId})
    ON CONFLICT (account_user_id, membership_user_id) WHERE status = 'open' DO NOTHING`.execute(db);
  return (await findOpenCart(db, clientId, accountUserId, membershipUserId))!;
};

export const touchCart = (db: Db, cartId: number) =>
  db.updateTable('carts').set({ updated_at: sql<never>`now()` }).where('id', '=', cartId).execute();

/**
 * Adds an item, or points the person's existing item for that occurrence at the new claim and
 * price (its origin stays: an offer held again is still the offer).
 */
export const upsertCartItem = (
  db: Db,
  item: {
    clientId: number;
    cartId: number;
    occurrenceId: number;
    pricingOptionId: number;
    purchasedForUserId: number;
    claimId: number;
    pricePence: number;
    origin: 'customer' | 'waitlist_offer';
  },
) =>
  db
    .insertInto('cart_items')
    .values({
      client_id: item.clientId,
      cart_id: item.cartId,
      occurrence_id: item.occurrenceId,
      pricing_option_id: item.pricingOptionId,
      purchased_for_user_id: item.purchasedForUserId,
      claim_id: item.claimId,
      price_pence: item.pricePence,
      origin: item.origin,
    })
    .onConflict((oc) =>
      oc.columns(['cart_id', 'occurrence_id', 'purchased_for_user_id']).doUpdateSet((eb) => ({
        claim_id: eb.ref('excluded.claim_id'),
        pricing_option_id: eb.ref('excluded.pricing_option_id'),
        price_pence: eb.ref('excluded.price_pence'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();

/** Items of any open cart of the account, by id (another account's ids are simply not found). */
export const findAccountItems = (db: Db, clientId: number, accountUserId: number, itemIds: readonly number[]) =>
  db
    .selectFrom('cart_items as i')
    .innerJoin('carts as c', 'c.id', 'i.cart_id')
    .leftJoin('place_claims as pc', 'pc.id', 'i.claim_id')
    .select([
      'i.id',
      'i.cart_id',
      'i.occurrence_id',
      'i.purchased_for_user_id',
      'i.pricing_option_id',
      'i.claim_id',
      'i.origin',
      'i.covered_by',
      'i.price_pence',
      'c.membership_user_id as cart_membership_user_id',
      sql<boolean>`coalesce(pc.status = 'active' AND pc.expires_at > now(), false)`.as('held'),
    ])
    .where('i.client_id', '=', clientId)
    .where('c.account_user_id', '=', accountUserId)
    .where('c.status', '=', 'open')
    .where('i.id', 'in', itemIds.length ? itemIds : [0])
    .execute();

export const deleteCartItems = async (db: Db, itemIds: readonly number[]) => {
  if (!itemIds.length) return;
  await db.deleteFrom('cart_items').where('id', 'in', itemIds).execute();
};

export const updateCartItem = (
  db: Db,
  itemId: number,
  changes: Partial<{
    pricing_option_id: number;
    price_pence: number;
    purchased_for_user_id: number;
    claim_id: number;
    covered_by: CoverKind | null;
    membership_id: number | null;
    package_holding_id: number | null;
  }>,
) => db.updateTable('cart_items').set(changes).where('id', '=', itemId).execute();

/** Every item of one cart (claims only: used to release them all when the cart is cleared). */
export const findCartClaims = (db: Db, cartId: number) =>
  db.selectFrom('cart_items').select(['id', 'claim_id']).where('cart_id', '=', cartId).execute();

/* ---- The cart as the wire shows it ---- */

export type CartItemRow = {
  id: number;
  name: string;
  occurrence_id: number;
  occurrence_uuid: string;
  /** What a discount code limited to activities looks at (docs/discounts.md). */
  activity_id: number;
  starts_at: Date;
  ends_at: Date;
  local_date: string;
  starts_24: string;
  starts_12: string;
  ends_24: string;
  ends_12: string;
  location_name: string | null;
  venue_slug: string;
  venue_name: string;
  category_slug: string;
  category_name: string;
  kind: ActivityKind;
  purchased_for_user_id: number;
  first_name: string;
  last_name: string;
  pricing_option_id: number;
  pricing_option_name: string;
  price_pence: number;
  held: boolean;
  expires_at: Date | null;
  origin: 'customer' | 'waitlist_offer';
  covered_by: CoverKind | null;
  /** The membership plan's or the package's name when covered. */
  cover_name: string | null;
};

/** One query: the open cart's items with what the basket shows, times in the venue's zone. */
export const findCartItemsForView = (db: Db, clientId: number, accountUserId: number, membershipUserId: number): Promise<CartItemRow[]> =>
  named<CartItemRow>(
    db,
    'cart_items_view_activity',
    `
    SELECT i.id, a.name, o.id AS occurrence_id, o.uuid::text AS occurrence_uuid, o.activity_id, o.starts_at, o.ends_at,
           o.local_date::text AS local_date,
           to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS starts_24,
           to_char(o.starts_at AT TIME ZONE v.timezone, 'FMHH12:MIam') AS starts_12,
           to_char(o.ends_at AT TIME ZONE v.timezone, 'HH24:MI') AS ends_24,
           to_char(o.ends_at AT TIME ZONE v.timezone, 'FMHH12:MIam') AS ends_12,
           l.name AS location_name, v.slug AS venue_slug, v.name AS venue_name,
           cat.slug AS category_slug, cat.name AS category_name, a.kind,
           i.purchased_for_user_id, mu.first_name, mu.last_name,
           i.pricing_option_id, po.name AS pricing_option_name, i.price_pence,
           coalesce(pc.status = 'active' AND pc.expires_at > now(), false) AS held,
           pc.expires_at, i.origin, i.covered_by,
           CASE i.covered_by WHEN 'membership' THEN mp.name WHEN 'package' THEN pp.name END AS cover_name
      FROM carts c
      JOIN cart_items i ON i.cart_id = c.id
      JOIN occurrences o ON o.id = i.occurrence_id
      JOIN activities a ON a.id = o.activity_id
      JOIN venues v ON v.id = o.venue_id
      JOIN activity_categories cat ON cat.id = o.category_id
      JOIN pricing_options po ON po.id = i.pricing_option_id
      JOIN membership_users mu ON mu.id = i.purchased_for_user_id
      LEFT JOIN locations l ON l.id = o.location_id
      LEFT JOIN place_claims pc ON pc.id = i.claim_id
      LEFT JOIN memberships ms ON ms.id = i.membership_id
      LEFT JOIN membership_plans mp ON mp.id = ms.plan_id
      LEFT JOIN package_holdings ph ON ph.id = i.package_holding_id
      LEFT JOIN package_products pp ON pp.id = ph.product_id
     WHERE c.client_id = $1 AND c.account_user_id = $2 AND c.membership_user_id = $3
       AND c.status = 'open'
     ORDER BY o.starts_at, i.id`,
    [clientId, accountUserId, membershipUserId],
  );

/* ---- For the order (issue 10): the cart locked, its items, the cart completed ---- */

export type CheckoutCartRow = { id: number; uuid: string; status: 'open' | 'completed'; account_user_id: number; membership_user_id: number; source: string };

/** The cart row locked FOR UPDATE: every completion of one cart queues here. */
export const lockCart = async (db: Db, clientId: number, cartId: number) =>
  db
    .selectFrom('carts')
    .select(['id', sql<string>`uuid::text`.as('uuid'), 'status', 'account_user_id', 'membership_user_id', 'source'])
    .where('client_id', '=', clientId)
    .where('id', '=', cartId)
    .forUpdate()
    .executeTakeFirst() as Promise<CheckoutCartRow | undefined>;

export type CheckoutItemRow = {
  id: number;
  name: string;
  occurrence_id: number;
  occurrence_uuid: string;
  activity_id: number;
  purchased_for_user_id: number;
  pricing_option_id: number;
  price_pence: number;
  claim_id: number | null;
  /** The claim is active and unexpired (or already a booking). */
  held: boolean;
  starts_at: Date;
  covered_by: CoverKind | null;
  membership_id: number | null;
  package_holding_id: number | null;
};

export const findCheckoutItems = async (db: Db, cartId: number): Promise<CheckoutItemRow[]> =>
  (
    await sql<CheckoutItemRow>`
      SELECT i.id, a.name, i.occurrence_id, o.uuid::text AS occurrence_uuid, o.activity_id, i.purchased_for_user_id, i.pricing_option_id, i.price_pence, i.claim_id,
             coalesce(pc.status = 'active' AND (pc.expires_at IS NULL OR pc.expires_at > now()), false) AS held, o.starts_at,
             i.covered_by, i.membership_id, i.package_holding_id
        FROM cart_items i
        JOIN occurrences o ON o.id = i.occurrence_id
        JOIN activities a ON a.id = o.activity_id
        LEFT JOIN place_claims pc ON pc.id = i.claim_id
       WHERE i.cart_id = ${cartId}
       ORDER BY o.starts_at, i.id`.execute(db)
  ).rows;

export const markCartCompleted = (db: Db, cartId: number) =>
  db.updateTable('carts').set({ status: 'completed', updated_at: sql<never>`now()` }).where('id', '=', cartId).execute();

/* ---- Discount codes (discounts.ts, docs/discounts.md) ---- */

export type DiscountCodeRow = DiscountRule & {
  id: number;
  code: string;
  description: string;
  valid_from: Date;
  valid_to: Date | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses_count: number;
};

const codeColumns = sql<DiscountCodeRow>`d.id, d.code, d.description, d.percent_off, d.amount_off_pence, d.valid_from, d.valid_to, d.max_uses,
  d.max_uses_per_customer, d.uses_count,
  coalesce((SELECT array_agg(da.activity_id) FROM discount_code_activities da WHERE da.discount_code_id = d.id), '{}') AS activity_ids`;

/** The client's code, exactly as stored (upper case). */
export const findDiscountCode = async (db: Db, clientId: number, code: string) =>
  (await sql<DiscountCodeRow>`SELECT ${codeColumns} FROM discount_codes d WHERE d.client_id = ${clientId} AND d.code = ${code}`.execute(db)).rows[0];

/** The code applied to a cart, if any. */
export const findCartDiscountCode = async (db: Db, cartId: number) =>
  (await sql<DiscountCodeRow>`SELECT ${codeColumns} FROM cart_discounts cd JOIN discount_codes d ON d.id = cd.discount_code_id WHERE cd.cart_id = ${cartId}`.execute(db)).rows[0];

export const findDiscountCodeById = (db: Db, id: number) => db.selectFrom('discount_codes').select(['valid_to']).where('id', '=', id).executeTakeFirst();

/** How many orders of the customer (account) used the code. */
export const countDiscountUses = async (db: Db, codeId: number, accountUserId: number) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM discount_uses WHERE discount_code_id = ${codeId} AND account_user_id = ${accountUserId}`.execute(db)).rows[0]!.n;

/** The cart's code, replacing one applied before. */
export const setCartDiscount = (db: Db, cartId: number, codeId: number) =>
  sql`INSERT INTO cart_discounts (cart_id, discount_code_id) VALUES (${cartId}, ${codeId})
      ON CONFLICT (cart_id) DO UPDATE SET discount_code_id = excluded.discount_code_id, applied_at = now()`.execute(db);

export const deleteCartDiscount = (db: Db, cartId: number) => db.deleteFrom('cart_discounts').where('cart_id', '=', cartId).execute();

/**
 * One use taken, only while one is left and the code is valid now: the row lock it takes is held
 * until the caller's transaction ends, so parallel completions queue here. Undefined when refused.
 */
export const takeDiscountUse = async (db: Db, codeId: number) =>
  (
    await sql<{ id: number; max_uses_per_customer: number | null }>`
      UPDATE discount_codes SET uses_count = uses_count + 1
       WHERE id = ${codeId} AND (max_uses IS NULL OR uses_count < max_uses)
         AND valid_from <= now() AND (valid_to IS NULL OR valid_to > now())
       RETURNING id, max_uses_per_customer`.execute(db)
  ).rows[0];

/** The use recorded and the order marked with the code and the pence it took off. */
export const recordDiscountUse = async (db: Db, use: { codeId: number; accountUserId: number; orderId: number; amount: number }) => {
  await db.insertInto('discount_uses').values({ discount_code_id: use.codeId, account_user_id: use.accountUserId, order_id: use.orderId, amount_pence: use.amount }).execute();
  await db.updateTable('orders').set({ discount_code_id: use.codeId, discount_pence: use.amount }).where('id', '=', use.orderId).execute();
};
