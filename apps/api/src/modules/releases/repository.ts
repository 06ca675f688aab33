import { sql } from 'kysely';
import pg from 'pg';
import { poolOf, type Db } from '../../db/connect.ts';
import type { ReleaseRequestStatus } from '../../db/schema.ts';

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
 * Releases past their instant with requests still waiting and no draw holding their lock: a draw
 * whose process died mid-way (its graphile-worker job stays locked for 4 hours), or one not yet
 * started. Served by the partial index on waiting requests.
 */
export const findStrandedDraws = async (db: Db): Promise<number[]> =>
  (
    await sql<{ id: number }>`
      SELECT d.id FROM day_releases d
       WHERE d.id IN (SELECT r.release_id FROM release_requests r WHERE r.status = 'waiting')
         AND d.release_at <= now()
         AND NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.classid = ${DRAW_LOCK_SPACE}
                          AND l.objid = d.id AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))`.execute(db)
  ).rows.map((r) => r.id);
