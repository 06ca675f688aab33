import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ActivityKind, ClaimKind } from '../../db/schema.ts';

/* ---- People ---- */

/** The account's membership users: the customer ('self') and their family members. */
export const findMembershipUsers = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('membership_users')
    .select(['id', 'first_name', 'last_name', 'relationship'])
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .orderBy('id')
    .execute();

export const findAccountEmail = (db: Db, clientId: number, accountUserId: number) =>
  db.selectFrom('users').select(['email', 'first_name']).where('client_id', '=', clientId).where('id', '=', accountUserId).executeTakeFirst();

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

/**
 * Other courts of the same activity at the same start (system allocation): live, not cancelled,
 * in the venue's court order.
 */
export const findAlternativeOccurrences = (db: Db, clientId: number, occurrence: OccurrenceForCart) =>
  db
    .selectFrom('occurrences as o')
    .leftJoin('locations as l', 'l.id', 'o.location_id')
    .select('o.id')
    .where('o.client_id', '=', clientId)
    .where('o.activity_id', '=', occurrence.activity_id)
    .where('o.starts_at', '=', occurrence.starts_at)
    .where('o.id', '<>', occurrence.id)
    .where('o.cancelled_at', 'is', null)
    .orderBy('l.sort_order')
    .orderBy('o.id')
    .execute();

/** The pricing option `id` of the activity, or its first one when `id` is undefined. */
export const findPricingOption = (db: Db, clientId: number, activityId: number, id: number | undefined) => {
  let query = db
    .selectFrom('pricing_options')
    .select(['id', 'name', 'price_pence'])
    .where('client_id', '=', clientId)
    .where('activity_id', '=', activityId);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('sort_order').orderBy('id').limit(1).executeTakeFirst();
};

/* ---- Claims ---- */

export type HoldOutcome = 'held' | 'already_held' | 'already_booked' | 'full' | 'reserved' | 'started' | 'cancelled' | 'not_found';
export type HoldResult = { outcome: HoldOutcome; claim_id: number | null; released: number };

/** `hold_place()` of migration 0010: lock, release the expired, count, insert (docs/holds.md). */
export const holdPlace = async (
  db: Db,
  args: { occurrenceId: number; accountUserId: number; membershipUserId: number; kind: Exclude<ClaimKind, 'booking'>; expiresAt: Date },
): Promise<HoldResult> => {
  const { rows } = await sql<HoldResult>`
    SELECT outcome, claim_id, released
      FROM hold_place(${args.occurrenceId}::integer, ${args.accountUserId}::integer, ${args.membershipUserId}::integer,
                      ${args.kind}::text, ${args.expiresAt}::timestamptz)`.execute(db);
  return rows[0]!;
};

/** Releases active claims (holds and offers); the 0010 trigger queues the waitlist's promotion. */
export const releaseClaims = async (db: Db, claimIds: readonly number[]) => {
  if (!claimIds.length) return;
  await db
    .updateTable('place_claims')
    .set({ status: 'released', released_at: sql<Date>`now()` })
    .where('id', 'in', claimIds)
    .where('status', '=', 'active')
    .where('kind', '<>', 'booking')
    .execute();
};

/** The cart item (with its cart) a claim is attached to. */
export const findItemByClaim = (db: Db, claimId: number) =>
  db.selectFrom('cart_items').select(['id', 'cart_id']).where('claim_id', '=', claimId).executeTakeFirst();

/* ---- Carts ---- */

export const findOpenCart = (db: Db, clientId: number, accountUserId: number, membershipUserId: number) =>
  db
    .selectFrom('carts')
    .select(['id', 'uuid', 'source', 'membership_user_id'])
    .where('client_id', '=', clientId)
    .where('account_user_id', '=', accountUserId)
    .where('membership_user_id', '=', membershipUserId)
    .where('status', '=', 'open')
    .executeTakeFirst();

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
  changes: Partial<{ pricing_option_id: number; price_pence: number; purchased_for_user_id: number; claim_id: number }>,
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
};

/** One query: the cart's items with what the basket shows, times in the venue's zone. */
export const findCartItemsForView = async (db: Db, cartId: number): Promise<CartItemRow[]> => {
  const { rows } = await sql<CartItemRow>`
    SELECT i.id, a.name, o.id AS occurrence_id, o.uuid::text AS occurrence_uuid, o.starts_at, o.ends_at,
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
           pc.expires_at, i.origin
      FROM cart_items i
      JOIN occurrences o ON o.id = i.occurrence_id
      JOIN activities a ON a.id = o.activity_id
      JOIN venues v ON v.id = o.venue_id
      JOIN activity_categories cat ON cat.id = o.category_id
      JOIN pricing_options po ON po.id = i.pricing_option_id
      JOIN membership_users mu ON mu.id = i.purchased_for_user_id
      LEFT JOIN locations l ON l.id = o.location_id
      LEFT JOIN place_claims pc ON pc.id = i.claim_id
     WHERE i.cart_id = ${cartId}
     ORDER BY o.starts_at, i.id`.execute(db);
  return rows;
};

export const findCurrencySymbol = async (db: Db, clientId: number) =>
  (await db.selectFrom('clients').select('currency_symbol').where('id', '=', clientId).executeTakeFirst())?.currency_symbol;

/** One batch of expired holds and offers marked released (rows another transaction holds are skipped). */
export const releaseExpiredClaims = async (db: Db, batch: number): Promise<number> => {
  const result = await sql`
    UPDATE place_claims SET status = 'released', released_at = now()
     WHERE id IN (SELECT id FROM place_claims
                   WHERE status = 'active' AND expires_at <= now()
                   ORDER BY expires_at LIMIT ${batch}
                   FOR UPDATE SKIP LOCKED)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
};
