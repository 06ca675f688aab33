import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { runNamed } from '../../db/prepared.ts';
import type { ActivityKind, ClaimKind } from '../../db/schema.ts';
import { activeSessionCtes } from '../../db/session-sql.ts';

/**
 * Place claims (docs/holds.md): what an add reads before it holds, the holds functions of
 * db/sql/holds.sql, releases, the sweep, and claims turned into bookings.
 */
// Queries on every basket request's path run as named prepared statements (db/prepared.ts
// runNamed): planning the basket's nine-table join cost more than running it.
const named = runNamed;

/* ---- What an add reads before it holds ---- */

export type OccurrenceForHold = {
  id: number;
  uuid: string;
  activity_id: number;
  kind: ActivityKind;
  starts_at: Date;
  location_id: number | null;
  allocation_strategy: string | null;
  cancelled_at: Date | null;
};

export type AddPerson = {
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

export type AddContext = OccurrenceForHold & {
  option: PricingOption | null;
  /** Places not taken by live claims (unexpired holds and offers, bookings), read without a lock. */
  free: number;
  /** The account's people with a live claim on it. */
  claimed_by: number[];
  /** The account's membership users. */
  people: AddPerson[];
  /** Inside the sub-activity's booking window for a logged-in customer (docs/timetable.md). */
  open: boolean;
  /** The account's unpaid late-cancellation fees in pence (the bookings module refuses the add when > 0). */
  unpaid_fees: number;
  /** The occurrence's day, as its availability notes name it (lib/availability-scope.ts). */
  venue_id: number;
  category_id: number;
  local_day: string;
};

type AddContextRow = OccurrenceForHold & {
  option_id: number | null;
  option_name: string | null;
  option_price: number | null;
  option_member_price: number | null;
  free: number;
  claimed_by: number[];
  people: AddPerson[];
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
              WHERE f.account_user_id = ${p.account} AND f.client_id = ${p.clientId} AND f.status = 'unpaid')
            -- Membership arrears block the add too (docs/memberships.md); bookings names which.
            + (SELECT coalesce(sum(mc.amount_pence), 0)::integer FROM membership_collections mc JOIN memberships ms ON ms.id = mc.membership_id
              WHERE ms.account_user_id = ${p.account} AND ms.client_id = ${p.clientId} AND mc.status = 'failed') AS unpaid_fees,
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
export type RefusalAccount = { people: { id: number; relationship: AddPerson['relationship'] }[]; owes_fees: boolean };

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
export const findAlternativeOccurrences = (db: Db, clientId: number, occurrence: { id: number; activity_id: number; starts_at: Date }) =>
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

/* ---- Claims ---- */

/** The last three are the account's limits (issue 22): `limit:<n>`, `limit_session:<n>`, `released:<epoch s>`. */
export type HoldOutcome =
  | 'held'
  | 'already_held'
  | 'already_booked'
  | 'full'
  | 'reserved'
  | 'started'
  | 'cancelled'
  | 'not_found'
  | `limit:${number}`
  | `limit_session:${number}`
  | `released:${number}`;
export type HoldResult = { outcome: HoldOutcome; claim_id: number | null; released: number };

/** `hold_place()` of db/sql/holds.sql: lock, release the expired, count, insert (docs/holds.md). */
export const holdPlace = async (
  db: Db,
  args: { occurrenceId: number; accountUserId: number; membershipUserId: number; kind: Exclude<ClaimKind, 'booking'>; expiresAt: Date; limits?: boolean },
): Promise<HoldResult> => {
  const { rows } = await sql<HoldResult>`
    SELECT outcome, claim_id, released
      FROM hold_place(${args.occurrenceId}::integer, ${args.accountUserId}::integer, ${args.membershipUserId}::integer,
                      ${args.kind}::text, ${args.expiresAt}::timestamptz, ${args.limits ?? true}::boolean)`.execute(db);
  return rows[0]!;
};

export type AddOutcome = HoldOutcome | 'other_basket';

/** `cart_add_item()` of db/sql/holds.sql: hold_place() plus the open basket and its item, in one statement. */
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

/**
 * The account hold locks hold_place() takes one at a time (`pg_advisory_xact_lock(22, account)`),
 * taken here for many accounts in ascending order, before any occurrence lock: a batch that holds
 * for many accounts (the release draw) then waits for no account lock under an occurrence lock,
 * and two batches never take the same accounts in opposite orders.
 */
export const lockAccounts = async (db: Db, accountUserIds: readonly number[]) => {
  const ids = [...new Set(accountUserIds)].sort((a, b) => a - b);
  if (ids.length) await sql`SELECT count(pg_advisory_xact_lock(22, a)) FROM unnest(${ids}::int[]) WITH ORDINALITY AS u(a, n)`.execute(db);
};

export type BatchAdd = { accountUserId: number; selectedUserId: number; occurrenceId: number; membershipUserId: number; pricingOptionId: number; pricePence: number };

/**
 * `cart_add_item()` for each row, one after the other in the order given, in one statement: the
 * nested loop calls the function once per element of the unnested arrays, in array order, and the
 * function (VOLATILE plpgsql) sees the claims the calls before it made. Answers the outcomes in
 * the same order. Must run inside the caller's transaction.
 */
export const cartAddItems = async (db: Db, clientId: number, rows: readonly BatchAdd[], expiresAt: Date) => {
  if (!rows.length) return [];
  const column = (pick: (row: BatchAdd) => number) => rows.map(pick);
  const { rows: out } = await sql<{ n: number; outcome: AddOutcome; claim_id: number | null; cart_item_id: number | null }>`
    SELECT u.n::int AS n, h.outcome, h.claim_id, h.cart_item_id
      FROM unnest(${column((r) => r.accountUserId)}::int[], ${column((r) => r.selectedUserId)}::int[], ${column((r) => r.occurrenceId)}::int[],
                  ${column((r) => r.membershipUserId)}::int[], ${column((r) => r.pricingOptionId)}::int[], ${column((r) => r.pricePence)}::int[])
             WITH ORDINALITY AS u(account, selected, occurrence, person, option, price, n)
     CROSS JOIN LATERAL cart_add_item(${clientId}::integer, u.account, u.selected, u.occurrence, u.person, u.option, u.price, ${expiresAt}::timestamptz) h
     ORDER BY u.n`.execute(db);
  return out;
};

/** Releases active claims (holds and offers); the trigger of migration 0010 queues the waitlist's promotion. */
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

/* ---- Claims become bookings ---- */

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
