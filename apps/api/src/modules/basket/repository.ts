import { CompiledQuery, sql } from 'kysely';
import { poolOf, type Db } from '../../db/connect.ts';
import type { ActivityKind, ClaimKind, CoverKind } from '../../db/schema.ts';
import { activeSessionCtes } from '../../db/session-sql.ts';

/**
 * A query on every basket request's path as a named prepared statement (parsed and planned once
 * per pooled connection: planning the basket's nine-table join cost more than running it). In a
 * transaction it runs on the transaction's connection, unnamed.
 */
const named = async <Row>(db: Db, name: string, text: string, values: readonly unknown[]): Promise<Row[]> => {
  const pool = poolOf(db);
  if (pool && !db.isTransaction) return (await pool.query({ name, text, values: [...values] })).rows as Row[];
  return (await db.executeQuery<Row>(CompiledQuery.raw(text, [...values]))).rows;
};

/* ---- People ---- */

/** The account's membership users: the customer ('self') and their family members. */
export const findMembershipUsers = (db: Db, clientId: number, accountUserId: number) =>
  named<MembershipUser>(
    db,
    'cart_membership_users_members',
    `SELECT id, first_name, last_name, relationship,
            EXISTS (SELECT 1 FROM memberships ms WHERE ms.client_id = $1 AND ms.membership_user_id = membership_users.id AND ms.status = 'active') AS is_member
       FROM membership_users WHERE client_id = $1 AND account_user_id = $2 ORDER BY id`,
    [clientId, accountUserId],
  );

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

export type MembershipUser = {
  id: number;
  first_name: string;
  last_name: string;
  relationship: 'self' | 'partner' | 'child' | 'other';
  /** Holds an active membership: pays member prices (docs/account-holdings.md "Member prices"). */
  is_member: boolean;
  /**
   * Holds an active membership or an unexpired package with visits left (only from
   * findAddContext): when false no cover can apply, and the add does not look for one.
   */
  may_be_covered?: boolean;
};

export type PricingOption = { id: number; name: string; price_pence: number; member_price_pence: number };

export type AddContext = OccurrenceForCart & {
  option: PricingOption | null;
  /** Places not taken by live claims (unexpired holds and offers, bookings), read without a lock. */
  free: number;
  /** The account's people with a live claim on it. */
  claimed_by: number[];
  /** The account's membership users. */
  people: MembershipUser[];
  /** Inside the sub-activity's booking window for a logged-in customer (docs/timetable.md). */
  open: boolean;
  /** The account's unpaid late-cancellation fees in pence (the bookings module refuses the add when > 0). */
  unpaid_fees: number;
  /** The occurrence's day, as its availability notes name it (lib/availability-scope.ts). */
  venue_id: number;
  category_id: number;
  local_day: string;
};

type AddContextRow = OccurrenceForCart & {
  option_id: number | null;
  option_name: string | null;
  option_price: number | null;
  option_member_price: number | null;
  free: number;
  claimed_by: number[];
  people: MembershipUser[];
  open: boolean;
  unpaid_fees: number;
  venue_id: number;
  category_id: number;
  local_day: string;
};

/**
 * The add context's SELECT: `p` names the statement's placeholders for the client, the
 * occurrence (numeric id or uuid) and the pricing option, and `account` is the expression of the
 * account user's id (a placeholder, or the session lookup's `live."userId"`).
 */
const addContextSelect = (p: { clientId: string; ref: string; optionId: string; account: string }, byId: boolean) => `
    SELECT o.id, o.uuid::text AS uuid, o.activity_id, a.kind, o.starts_at, o.location_id, c.allocation_strategy, o.cancelled_at,
            o.venue_id, o.category_id, to_char(o.local_date, 'YYYY-MM-DD') AS local_day,
            po.id AS option_id, po.name AS option_name, po.price_pence AS option_price, po.member_price_pence AS option_member_price,
            o.capacity - (SELECT count(*)::int FROM place_claims pc
                           WHERE pc.occurrence_id = o.id AND pc.status = 'active' AND (pc.expires_at IS NULL OR pc.expires_at > now())) AS free,
            ARRAY(SELECT pc.membership_user_id FROM place_claims pc
                   WHERE pc.occurrence_id = o.id AND pc.status = 'active' AND pc.account_user_id = ${p.account}
                     AND (pc.expires_at IS NULL OR pc.expires_at > now())) AS claimed_by,
            coalesce((SELECT json_agg(json_build_object('id', m.id, 'first_name', m.first_name, 'last_name', m.last_name,
                                                        'relationship', m.relationship,
                                                        'is_member', EXISTS (SELECT 1 FROM memberships ms WHERE ms.client_id = ${p.clientId} AND ms.membership_user_id = m.id AND ms.status = 'active'),
                                                        'may_be_covered', EXISTS (SELECT 1 FROM memberships ms WHERE ms.client_id = ${p.clientId} AND ms.membership_user_id = m.id AND ms.status = 'active')
                                                                          OR EXISTS (SELECT 1 FROM package_holdings h WHERE h.client_id = ${p.clientId} AND h.membership_user_id = m.id
                                                                                        AND h.expires_at > now() AND h.uses_left > 0)) ORDER BY m.id)
                        FROM membership_users m WHERE m.client_id = ${p.clientId} AND m.account_user_id = ${p.account}), '[]'::json) AS people,
            (SELECT coalesce(sum(f.amount_pence), 0)::integer FROM late_cancellation_fees f
              WHERE f.account_user_id = ${p.account} AND f.client_id = ${p.clientId} AND f.status = 'unpaid') AS unpaid_fees,
            -- The booking window as the timetable computes it (modules/timetable/window.ts): the
            -- sub-activity's widest window W at the venue; the last open date is venue-local
            -- today + W, or + W + 1 from the release time on.
            o.local_date <= (now() AT TIME ZONE v.timezone)::date + win.days
                            + CASE WHEN (now() AT TIME ZONE v.timezone)::time >= win.release THEN 1 ELSE 0 END AS open
       FROM occurrences o
       JOIN activities a ON a.id = o.activity_id
       JOIN activity_categories c ON c.id = o.category_id
       JOIN venues v ON v.id = o.venue_id
       CROSS JOIN LATERAL (
         SELECT max(w.booking_window_days) AS days, min(w.release_time) AS release FROM activities w
          WHERE w.category_id = o.category_id AND w.venue_id = o.venue_id
       ) win
       LEFT JOIN LATERAL (
         SELECT p.id, p.name, p.price_pence, p.member_price_pence FROM pricing_options p
          WHERE p.activity_id = o.activity_id AND p.client_id = o.client_id AND (${p.optionId}::integer IS NULL OR p.id = ${p.optionId}::integer)
          ORDER BY p.sort_order, p.id LIMIT 1
       ) po ON true
      WHERE o.client_id = ${p.clientId} AND ${byId ? `o.id = ${p.ref}::integer` : `o.uuid = ${p.ref}::uuid`}`;

const toAddContext = (row: AddContextRow): AddContext => {
  const { option_id, option_name, option_price, option_member_price, ...rest } = row;
  return { ...rest, option: option_id === null ? null : { id: option_id, name: option_name!, price_pence: option_price!, member_price_pence: option_member_price ?? option_price! } };
};

/**
 * Everything an add needs to decide before holding, in one prepared statement: the occurrence
 * (numeric id or uuid), the pricing option asked for (or the first), its free places and who of
 * the account already holds it, the account's people (with whether any cover could apply to
 * each), and the account's unpaid late-cancellation fees — so a refusal costs this one query.
 */
export const findAddContext = async (
  db: Db,
  clientId: number,
  accountUserId: number,
  ref: { id: number } | { uuid: string },
  optionId: number | undefined,
): Promise<AddContext | undefined> => {
  const byId = 'id' in ref;
  const rows = await named<AddContextRow>(
    db,
    byId ? 'cart_add_context_fees_by_id' : 'cart_add_context_fees_by_uuid',
    addContextSelect({ clientId: '$1', ref: '$2', optionId: '$3', account: '$4' }, byId),
    [clientId, byId ? ref.id : ref.uuid, optionId ?? null, accountUserId],
  );
  return rows[0] && toAddContext(rows[0]);
};

export type AddSession = { sessionId: number; userId: number; role: 'customer' | 'staff' };

/**
 * The add context of findAddContext with the caller's session lookup folded in (docs/holds.md
 * "One query per refusal"): the live session of the token hash (auth's own lookup, which also
 * marks it used) and, for its account, the context. `session` is undefined when the token has
 * no live session; `context` when the occurrence is not the client's.
 */
export const findAddContextForSession = async (
  db: Db,
  clientId: number,
  token: { hash: string; idleMinutes: number },
  ref: { id: number } | { uuid: string },
  optionId: number | undefined,
): Promise<{ session: AddSession | undefined; context: AddContext | undefined }> => {
  const byId = 'id' in ref;
  const rows = await named<AddSession & { [K in keyof AddContextRow]: AddContextRow[K] | null }>(
    db,
    byId ? 'cart_add_context_session_by_id' : 'cart_add_context_session_by_uuid',
    `WITH ${activeSessionCtes({ clientId: '$1', tokenHash: '$4', idleMinutes: '$5' })}
     SELECT live."sessionId", live."userId", live.role, context.*
       FROM live LEFT JOIN LATERAL (${addContextSelect({ clientId: '$1', ref: '$2', optionId: '$3', account: 'live."userId"' }, byId)}) context ON true`,
    [clientId, byId ? ref.id : ref.uuid, optionId ?? null, token.hash, token.idleMinutes],
  );
  const row = rows[0];
  if (!row) return { session: undefined, context: undefined };
  const { sessionId, userId, role, ...context } = row;
  return { session: { sessionId, userId, role }, context: context.id === null ? undefined : toAddContext(context as AddContextRow) };
};

/* ---- A refusal under a "full" mark (docs/holds.md "Refusing from memory") ---- */

export type FullMarkFacts = {
  /** Places not taken by live claims, counted as the add context counts them. */
  free: number;
  /** The first live claim to expire (an expired hold frees its place with no write). */
  first_expiry: Date | null;
  /** Accounts with a live claim on it. */
  claimers: number[];
  starts_at: Date;
  cancelled_at: Date | null;
};

/** What a "full" mark of an occurrence rests on, read after the mark's stamp is taken. */
export const findFullMarkFacts = async (db: Db, occurrenceId: number): Promise<FullMarkFacts | undefined> =>
  (
    await named<FullMarkFacts>(
      db,
      'cart_full_mark_facts',
      `SELECT o.capacity - count(pc.id)::int AS free, min(pc.expires_at) AS first_expiry,
              coalesce(array_agg(DISTINCT pc.account_user_id) FILTER (WHERE pc.id IS NOT NULL), '{}') AS claimers,
              o.starts_at, o.cancelled_at
         FROM occurrences o
         LEFT JOIN place_claims pc ON pc.occurrence_id = o.id AND pc.status = 'active' AND (pc.expires_at IS NULL OR pc.expires_at > now())
        WHERE o.id = $1
        GROUP BY o.id`,
      [occurrenceId],
    )
  )[0];

/** The account's people (who may be named in an add) and whether it owes a late-cancellation fee. */
export type RefusalAccount = { people: { id: number; relationship: MembershipUser['relationship'] }[]; owes_fees: boolean };

const refusalAccountColumns = (p: { clientId: string; account: string }) => `
    coalesce((SELECT json_agg(json_build_object('id', m.id, 'relationship', m.relationship) ORDER BY m.id)
                FROM membership_users m WHERE m.client_id = ${p.clientId} AND m.account_user_id = ${p.account}), '[]'::json) AS people,
    EXISTS (SELECT 1 FROM late_cancellation_fees f
             WHERE f.account_user_id = ${p.account} AND f.client_id = ${p.clientId} AND f.status = 'unpaid') AS owes_fees`;

/**
 * The caller's session (auth's own lookup, which also marks it used) and, for its account,
 * RefusalAccount: all a refusal under a "full" mark needs, in one statement.
 */
export const findRefusalAccountForSession = async (
  db: Db,
  clientId: number,
  token: { hash: string; idleMinutes: number },
): Promise<{ session: AddSession | undefined; account: RefusalAccount | undefined }> => {
  const rows = await named<AddSession & RefusalAccount>(
    db,
    'cart_refusal_account_session',
    `WITH ${activeSessionCtes({ clientId: '$1', tokenHash: '$2', idleMinutes: '$3' })}
     SELECT live."sessionId", live."userId", live.role, ${refusalAccountColumns({ clientId: '$1', account: 'live."userId"' })} FROM live`,
    [clientId, token.hash, token.idleMinutes],
  );
  const row = rows[0];
  if (!row) return { session: undefined, account: undefined };
  const { sessionId, userId, role, people, owes_fees } = row;
  return { session: { sessionId, userId, role }, account: { people, owes_fees } };
};

/** RefusalAccount of a caller already known. */
export const findRefusalAccount = async (db: Db, clientId: number, accountUserId: number): Promise<RefusalAccount> =>
  (await named<RefusalAccount>(db, 'cart_refusal_account', `SELECT ${refusalAccountColumns({ clientId: '$1', account: '$2' })}`, [clientId, accountUserId]))[0]!;

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
    .select(['id', 'name', 'price_pence', 'member_price_pence'])
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

export type AddOutcome = HoldOutcome | 'other_basket';

/** `cart_add_item()` of migration 0010: hold_place() plus the open basket and its item, in one statement. */
export const cartAddItem = async (
  db: Db,
  args: {
    clientId: number;
    accountUserId: number;
    selectedUserId: number;
    occurrenceId: number;
    membershipUserId: number;
    pricingOptionId: number;
    pricePence: number;
    expiresAt: Date;
  },
): Promise<{ outcome: AddOutcome; claim_id: number | null; cart_item_id: number | null }> => {
  const rows = await named<{ outcome: AddOutcome; claim_id: number | null; cart_item_id: number | null }>(
    db,
    'cart_add_item',
    'SELECT outcome, claim_id, cart_item_id FROM cart_add_item($1::integer, $2::integer, $3::integer, $4::integer, $5::integer, $6::integer, $7::integer, $8::timestamptz)',
    [args.clientId, args.accountUserId, args.selectedUserId, args.occurrenceId, args.membershipUserId, args.pricingOptionId, args.pricePence, args.expiresAt],
  );
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
    await named<{ currency_symbol: string; id: number | null; uuid: string | null; source: string | null; membership_user_id: number | null }>(
      db,
      'cart_open_cart_symbol',
      `SELECT cli.currency_symbol, c.id, c.uuid::text AS uuid, c.source, c.membership_user_id
         FROM clients cli
         LEFT JOIN carts c ON c.client_id = cli.id AND c.account_user_id = $2 AND c.membership_user_id = $3 AND c.status = 'open'
        WHERE cli.id = $1`,
      [clientId, accountUserId, membershipUserId],
    )
  )[0];
  const cart = row?.id == null ? undefined : { id: row.id, uuid: row.uuid!, source: row.source!, membership_user_id: row.membership_user_id! };
  return { cart, symbol: row?.currency_symbol };
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
    'cart_items_view_covered',
    `
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

export const findCurrencySymbol = async (db: Db, clientId: number) =>
  (await named<{ currency_symbol: string }>(db, 'cart_currency', 'SELECT currency_symbol FROM clients WHERE id = $1', [clientId]))[0]?.currency_symbol;

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

/* ---- Checkout (issue 10): the cart locked, its items, claims turned into bookings ---- */

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

/** Holds become bookings: kind 'booking', no expiry; only active claims (answers those converted). */
export const convertClaims = async (db: Db, claimIds: readonly number[]) =>
  claimIds.length
    ? (
        await sql<{ id: number }>`
          UPDATE place_claims SET kind = 'booking', expires_at = NULL
           WHERE id = ANY(${[...claimIds]}::bigint[]) AND status = 'active' RETURNING id`.execute(db)
      ).rows.map((r) => r.id)
    : [];

export const insertBookings = (
  db: Db,
  rows: readonly { client_id: number; claim_id: number; occurrence_id: number; account_user_id: number; membership_user_id: number; pricing_option_id: number; price_pence: number }[],
) => db.insertInto('bookings').values([...rows]).returning(['id', 'claim_id']).execute();

export const markCartCompleted = (db: Db, cartId: number) =>
  db.updateTable('carts').set({ status: 'completed', updated_at: sql<never>`now()` }).where('id', '=', cartId).execute();
