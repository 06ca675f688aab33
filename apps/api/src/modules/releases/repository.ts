import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { poolOf, type Db } from '../../db/connect.ts';
import type { Database, ReleaseRequestStatus } from '../../db/schema.ts';
import type { Language } from '../../lib/language.ts';

/** The rows of a fair release (migration 0074, docs/release.md). */

export type ReleaseRow = {
  id: number;
  client_id: number;
  venue_id: number;
  local_date: string;
  release_at: Date;
  seed: string;
  seed_hash: string;
  drawn_at: Date | null;
};

const RELEASE_COLUMNS = ['id', 'client_id', 'venue_id', sql<string>`to_char(local_date, 'YYYY-MM-DD')`.as('local_date'), 'release_at', 'seed', 'seed_hash', 'drawn_at'] as const;

export const findRelease = (db: Db, venueId: number, date: string): Promise<ReleaseRow | undefined> =>
  db.selectFrom('day_releases').select(RELEASE_COLUMNS).where('venue_id', '=', venueId).where('local_date', '=', date).executeTakeFirst();

export const findReleaseById = (db: Db, id: number, lock = false): Promise<ReleaseRow | undefined> => {
  const query = db.selectFrom('day_releases').select(RELEASE_COLUMNS).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
};

/** Makes the day's release with its committed seed unless it exists (two makers: one row). */
export const insertRelease = async (db: Db, row: { clientId: number; venueId: number; date: string; releaseAt: Date; seed: string; seedHash: string }) =>
  (
    await db
      .insertInto('day_releases')
      .values({ client_id: row.clientId, venue_id: row.venueId, local_date: row.date, release_at: row.releaseAt, seed: row.seed, seed_hash: row.seedHash })
      .onConflict((oc) => oc.columns(['venue_id', 'local_date']).doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id;

export const moveRelease = (db: Db, id: number, releaseAt: Date, staffUserId: number) =>
  db.updateTable('day_releases').set({ release_at: releaseAt, overridden_by: staffUserId }).where('id', '=', id).execute();

export const markDrawn = (db: Db, id: number) =>
  db.updateTable('day_releases').set({ drawn_at: sql<Date>`now()` }).where('id', '=', id).where('drawn_at', 'is', null).execute();

/** The venue and venue-local date of an occurrence of the client. */
export const findOccurrenceDay = (db: Db, clientId: number, occurrenceId: number) =>
  db
    .selectFrom('occurrences')
    .select(['venue_id', sql<string>`to_char(local_date, 'YYYY-MM-DD')`.as('local_date')])
    .where('id', '=', occurrenceId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();

/** A venue by numeric id (any client's: the caller decides 403) or by slug within the client. */
export const findVenue = (db: Db, clientId: number, venue: string) =>
  db
    .selectFrom('venues')
    .select(['id', 'client_id'])
    .where((eb) => (/^\d{1,9}$/.test(venue) ? eb('id', '=', Number(venue)) : eb.and([eb('slug', '=', venue), eb('client_id', '=', clientId)])))
    .executeTakeFirst();

/** One customer's requests at one release are made one at a time (the limit is counted under it). */
export const lockCustomerAtRelease = (db: Db, releaseId: number, accountUserId: number) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${`release:${releaseId}:${accountUserId}`}, 0))`.execute(db);

export type RequestRow = {
  id: number;
  release_id: number;
  account_user_id: number;
  membership_user_id: number;
  occurrence_id: number;
  item: unknown;
  status: ReleaseRequestStatus;
  position: number | null;
  reason: string | null;
  created_at: Date;
};

const REQUEST_COLUMNS = ['id', 'release_id', 'account_user_id', 'membership_user_id', 'occurrence_id', 'item', 'status', 'position', 'reason', 'created_at'] as const;

export const findCustomerRequests = (db: Db, releaseId: number, accountUserId: number): Promise<RequestRow[]> =>
  db.selectFrom('release_requests').select(REQUEST_COLUMNS).where('release_id', '=', releaseId).where('account_user_id', '=', accountUserId).orderBy('id').execute();

export const insertRequest = async (
  db: Db,
  row: { clientId: number; releaseId: number; accountUserId: number; membershipUserId: number; occurrenceId: number; item: unknown },
): Promise<RequestRow> =>
  db
    .insertInto('release_requests')
    .values({
      client_id: row.clientId,
      release_id: row.releaseId,
      account_user_id: row.accountUserId,
      membership_user_id: row.membershipUserId,
      occurrence_id: row.occurrenceId,
      item: JSON.stringify(row.item),
    })
    .returning(REQUEST_COLUMNS)
    .executeTakeFirstOrThrow();

/** The caller's requests with their release, newest release first. */
export const findAccountRequests = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('release_requests as r')
    .innerJoin('day_releases as d', 'd.id', 'r.release_id')
    .select(['r.id', 'r.status', 'r.occurrence_id', 'r.membership_user_id', 'r.position', 'r.reason', 'd.release_at', 'd.seed', 'd.seed_hash', 'd.drawn_at'])
    .where('r.client_id', '=', clientId)
    .where('r.account_user_id', '=', accountUserId)
    .orderBy('d.release_at', 'desc')
    .orderBy('r.id')
    .execute();

/** A release's undecided requests: id, when made. */
export const findWaitingRequests = (db: Db, releaseId: number) =>
  db.selectFrom('release_requests').select(['id', 'created_at']).where('release_id', '=', releaseId).where('status', '=', 'waiting').orderBy('id').execute();

/** The request, locked, while still waiting (else undefined: someone decided it). */
export const lockWaitingRequest = (db: Db, id: number): Promise<RequestRow | undefined> =>
  db.selectFrom('release_requests').select(REQUEST_COLUMNS).where('id', '=', id).where('status', '=', 'waiting').forUpdate().executeTakeFirst();

export const decideRequest = (db: Db, id: number, decision: { status: ReleaseRequestStatus; position?: number | null; reason?: string | null }) =>
  db
    .updateTable('release_requests')
    .set({ status: decision.status, position: decision.position ?? null, reason: decision.reason ?? null, decided_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst();

/**
 * A waiting request as the draw's lean grant needs it (docs/release.md "The draw"), read for the
 * whole release in one statement: the ticket type the item names (or the activity's first, as the
 * add picks it) with its prices; the person, who must still be one of the account's people; the
 * account's own person (whose basket it goes in, as the add's selected person); and what sends it
 * through the basket's whole add instead (`lean` false): an unpaid fee or arrears, a person a
 * membership or package may cover, a court the system allocates, a person or ticket not found.
 */
export type DrawRequest = {
  id: number;
  created_at: Date;
  account_user_id: number;
  membership_user_id: number;
  occurrence_id: number;
  option_id: number | null;
  price_pence: number | null;
  member_price_pence: number | null;
  apply_benefit: boolean;
  is_member: boolean;
  first_name: string | null;
  self_id: number | null;
  lean: boolean;
};

export const findDrawRequests = async (db: Db, releaseId: number): Promise<DrawRequest[]> =>
  (
    await sql<DrawRequest>`
      SELECT r.id, r.created_at, r.account_user_id, r.membership_user_id, r.occurrence_id,
             po.id AS option_id, po.price_pence, coalesce(po.member_price_pence, po.price_pence) AS member_price_pence,
             (r.item -> 'apply_benefit') IS DISTINCT FROM 'false'::jsonb AS apply_benefit,
             coalesce(who.is_member, false) AS is_member, who.first_name, self.id AS self_id,
             (po.id IS NOT NULL AND who.id IS NOT NULL AND self.id IS NOT NULL AND ask.ok
              AND NOT (a.kind = 'resource' AND c.allocation_strategy IS DISTINCT FROM 'customer')
              AND NOT (who.may_be_covered AND (r.item -> 'apply_benefit') IS DISTINCT FROM 'false'::jsonb)
              AND NOT EXISTS (SELECT 1 FROM late_cancellation_fees f
                               WHERE f.account_user_id = r.account_user_id AND f.client_id = r.client_id AND f.status = 'unpaid' AND f.amount_pence > 0)
              AND NOT EXISTS (SELECT 1 FROM membership_collections mc JOIN memberships ms ON ms.id = mc.membership_id
                               WHERE ms.account_user_id = r.account_user_id AND ms.client_id = r.client_id AND mc.status = 'failed' AND mc.amount_pence > 0)) AS lean
        FROM release_requests r
        JOIN occurrences o ON o.id = r.occurrence_id
        JOIN activities a ON a.id = o.activity_id
        JOIN activity_categories c ON c.id = o.category_id
       CROSS JOIN LATERAL (
         SELECT coalesce(r.item ->> 'ticket_id', r.item ->> 'pricing_option_id') AS text
       ) opt
       CROSS JOIN LATERAL (
         SELECT opt.text IS NULL OR opt.text ~ '^[0-9]{1,9}$' AS ok
       ) ask
        LEFT JOIN LATERAL (
          SELECT p.id, p.price_pence, p.member_price_pence FROM pricing_options p
           WHERE p.activity_id = o.activity_id AND p.client_id = o.client_id
             AND (opt.text IS NULL OR p.id = CASE WHEN ask.ok THEN opt.text::integer END)
           ORDER BY p.sort_order, p.id LIMIT 1
        ) po ON true
        LEFT JOIN LATERAL (
          SELECT m.id, m.first_name,
                 EXISTS (SELECT 1 FROM memberships ms WHERE ms.client_id = r.client_id AND ms.membership_user_id = m.id AND ms.status = 'active') AS is_member,
                 EXISTS (SELECT 1 FROM memberships ms WHERE ms.client_id = r.client_id AND ms.membership_user_id = m.id AND ms.status = 'active')
                 OR EXISTS (SELECT 1 FROM package_holdings h WHERE h.client_id = r.client_id AND h.membership_user_id = m.id
                               AND h.expires_at > now() AND h.uses_left > 0) AS may_be_covered
            FROM membership_users m
           WHERE m.id = r.membership_user_id AND m.account_user_id = r.account_user_id AND m.client_id = r.client_id
        ) who ON true
        -- The account's own person (the unique 'self' index), else its first (as the add picks it).
        CROSS JOIN LATERAL (
          SELECT coalesce(
                   (SELECT s.id FROM membership_users s WHERE s.account_user_id = r.account_user_id AND s.relationship = 'self' AND s.client_id = r.client_id),
                   (SELECT s.id FROM membership_users s WHERE s.account_user_id = r.account_user_id AND s.client_id = r.client_id ORDER BY s.id LIMIT 1)) AS id
        ) self
       WHERE r.release_id = ${releaseId} AND r.status = 'waiting'
       ORDER BY r.id`.execute(db)
  ).rows;

/** Of these requests, those still waiting, locked (in id order: two draws lock them alike). */
export const lockWaitingRequests = async (db: Db, ids: readonly number[]): Promise<Set<number>> =>
  new Set(
    (
      await sql<{ id: number }>`
        SELECT id FROM release_requests WHERE id = ANY(${[...ids]}::int[]) AND status = 'waiting' ORDER BY id FOR UPDATE`.execute(db)
    ).rows.map((r) => r.id),
  );

export type Decision = { id: number; status: ReleaseRequestStatus; position: number | null; reason: string | null };

/**
 * Many decisions in one statement, each only while still waiting. `decided_at` is the clock at
 * this statement (the last of its transaction), not the transaction's start: the moment the
 * decision is made, as the bench measures it.
 */
export const decideRequests = async (db: Db, decisions: readonly Decision[]) => {
  if (!decisions.length) return;
  await sql`
    UPDATE release_requests r
       SET status = d.status, position = d.position, reason = d.reason, decided_at = clock_timestamp()
      FROM unnest(${decisions.map((d) => d.id)}::int[], ${decisions.map((d) => d.status)}::text[], ${decisions.map((d) => d.position)}::int[],
                  ${decisions.map((d) => d.reason)}::text[]) AS d(id, status, position, reason)
     WHERE r.id = d.id AND r.status = 'waiting'`.execute(db);
};

export const countWaitingBefore = async (db: Db, releaseId: number, before: Date) =>
  Number(
    (
      await db
        .selectFrom('release_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('release_id', '=', releaseId)
        .where('status', '=', 'waiting')
        .where('created_at', '<', before)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Runs `fn` with a pool of `size` connections of its own (closed afterwards), on which a draw
 * decides sessions side by side without taking the server's own connections from its requests.
 * `application_name` names the release and the process (pg_stat_activity).
 */
export const withDrawPool = async <T>(db: Db, releaseId: number, size: number, fn: (drawDb: Db) => Promise<T>): Promise<T> => {
  const pool = poolOf(db);
  if (!pool) throw new Error('withDrawPool needs a Db made by createDb.');
  const drawPool = new pg.Pool({ ...pool.options, max: size, application_name: `bookings-release-draw-${releaseId}-pid-${process.pid}-sessions` });
  drawPool.on('error', () => {});
  const drawDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: drawPool }) });
  try {
    return await fn(drawDb);
  } finally {
    await drawDb.destroy().catch(() => {});
  }
};

/** Advisory-lock namespace of release draws (two-key form: 25, release id). */
const DRAW_LOCK_SPACE = 25;

/**
 * Runs `fn` holding the release's draw lock: a session-level advisory lock on a connection of its
 * own, outside the pool, closed afterwards. A second draw of the release waits for the first. When
 * the process running a draw dies (SIGKILL, a lost machine) its connection closes and PostgreSQL
 * lets go of the lock at once, which is how `findStrandedDraws` tells a dead draw from a live one.
 * The connection's application_name names the release and the process (pg_stat_activity).
 */
export const withDrawLock = async <T>(db: Db, releaseId: number, fn: () => Promise<T>): Promise<T> => {
  const pool = poolOf(db);
  if (!pool) throw new Error('withDrawLock needs a Db made by createDb.');
  const client = new pg.Client({ ...pool.options, application_name: `bookings-release-draw-${releaseId}-pid-${process.pid}` });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [DRAW_LOCK_SPACE, releaseId]);
    return await fn();
  } finally {
    // Closing the session releases its lock, whatever happened to the draw.
    await client.end().catch(() => {});
  }
};

/**
 * Releases past their instant with requests still waiting, or decided with nobody told, and no
 * draw holding their lock: a draw whose process died mid-way (its graphile-worker job stays
 * locked for 4 hours), or one not yet started. Served by the partial indexes on waiting and on
 * untold requests.
 */
export const findStrandedDraws = async (db: Db): Promise<number[]> =>
  (
    await sql<{ id: number }>`
      SELECT d.id FROM day_releases d
       WHERE (d.id IN (SELECT r.release_id FROM release_requests r WHERE r.status = 'waiting')
              OR d.id IN (SELECT r.release_id FROM release_requests r WHERE r.notified_at IS NULL AND r.status <> 'waiting'))
         AND d.release_at <= now()
         AND NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.classid = ${DRAW_LOCK_SPACE}
                          AND l.objid = d.id AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))`.execute(db)
  ).rows.map((r) => r.id);

/**
 * Releases not drawn whose instant comes within `withinMs`, with requests waiting: the draw watch
 * wakes at each instant (graphile-worker alone polls for due jobs every 2 s).
 */
export const findDrawsDueSoon = async (db: Db, withinMs: number): Promise<{ id: number; release_at: Date }[]> =>
  (
    await sql<{ id: number; release_at: Date }>`
      SELECT d.id, d.release_at FROM day_releases d
       WHERE d.id IN (SELECT r.release_id FROM release_requests r WHERE r.status = 'waiting')
         AND d.drawn_at IS NULL AND d.release_at > now() AND d.release_at <= now() + ${withinMs} * interval '1 millisecond'`.execute(db)
  ).rows;

/* ---- The release's email (notify.ts) ---- */

/** Up to `limit` accounts with decided requests at the release that nobody has told them of. */
export const findUntoldAccounts = async (db: Db, releaseId: number, limit: number): Promise<number[]> =>
  (
    await sql<{ account_user_id: number }>`
      SELECT DISTINCT account_user_id FROM release_requests
       WHERE release_id = ${releaseId} AND notified_at IS NULL AND status <> 'waiting'
       ORDER BY account_user_id LIMIT ${limit}`.execute(db)
  ).rows.map((r) => r.account_user_id);

export type UntoldRequest = {
  id: number;
  account_user_id: number;
  status: Exclude<ReleaseRequestStatus, 'waiting'>;
  position: number | null;
  reason: string | null;
  name: string;
  starts_at: Date;
  starts_24: string;
  timezone: string;
  first_name: string;
  last_name: string;
  email: string;
  account_first_name: string;
  language: Language;
  hold_expires_at: Date | null;
};

/**
 * Those accounts' decided, untold requests, locked (a second teller waits, then finds them told):
 * the session, the person, the account holder's address and language, and for a grant the expiry
 * of the person's live hold on the session.
 */
export const lockUntoldRequests = async (db: Db, releaseId: number, accountIds: readonly number[]): Promise<UntoldRequest[]> =>
  (
    await sql<UntoldRequest>`
      SELECT r.id, r.account_user_id, r.status, r.position, r.reason, a.name, o.starts_at,
             to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS starts_24, v.timezone,
             m.first_name, m.last_name, u.email, u.first_name AS account_first_name, u.language,
             (SELECT c.expires_at FROM place_claims c
               WHERE c.occurrence_id = r.occurrence_id AND c.membership_user_id = r.membership_user_id
                 AND c.kind = 'hold' AND c.status = 'active' ORDER BY c.id DESC LIMIT 1) AS hold_expires_at
        FROM release_requests r
        JOIN occurrences o ON o.id = r.occurrence_id
        JOIN activities a ON a.id = o.activity_id
        JOIN venues v ON v.id = o.venue_id
        JOIN membership_users m ON m.id = r.membership_user_id
        JOIN users u ON u.id = r.account_user_id
       WHERE r.release_id = ${releaseId} AND r.account_user_id = ANY(${accountIds}::int[])
         AND r.notified_at IS NULL AND r.status <> 'waiting'
       ORDER BY r.account_user_id, o.starts_at, r.id
         FOR UPDATE OF r`.execute(db)
  ).rows;

export const markTold = (db: Db, ids: readonly number[]) =>
  ids.length ? sql`UPDATE release_requests SET notified_at = clock_timestamp() WHERE id = ANY(${ids}::int[])`.execute(db) : Promise.resolve();

/** The release's venue, day and instant, for the email's words. */
export const findReleaseForEmail = async (db: Db, releaseId: number) =>
  (
    await sql<{ client_id: number; operator: string; venue_name: string; timezone: string; local_date: string; release_at: Date }>`
      SELECT d.client_id, c.name AS operator, v.name AS venue_name, v.timezone, to_char(d.local_date, 'YYYY-MM-DD') AS local_date, d.release_at
        FROM day_releases d JOIN venues v ON v.id = d.venue_id JOIN clients c ON c.id = d.client_id WHERE d.id = ${releaseId}`.execute(db)
  ).rows[0];
