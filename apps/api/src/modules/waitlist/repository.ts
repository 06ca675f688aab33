import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { ActivityKind, WaitlistStatus } from '../../db/schema.ts';

export type WaitlistOccurrence = {
  id: number;
  uuid: string;
  client_id: number;
  activity_id: number;
  kind: ActivityKind;
  name: string;
  starts_at: Date;
  cancelled_at: Date | null;
  venue_name: string;
  timezone: string;
  local_date: string;
  starts_24: string;
};

const occurrenceQuery = (db: Db) =>
  db
    .selectFrom('occurrences as o')
    .innerJoin('activities as a', 'a.id', 'o.activity_id')
    .innerJoin('venues as v', 'v.id', 'o.venue_id')
    .select([
      'o.id',
      'o.uuid',
      'o.client_id',
      'o.activity_id',
      'a.kind',
      'a.name',
      'o.starts_at',
      'o.cancelled_at',
      'v.name as venue_name',
      'v.timezone',
      sql<string>`o.local_date::text`.as('local_date'),
      sql<string>`to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI')`.as('starts_24'),
    ]);

/** An occurrence of the client by numeric id or uuid. */
export const findOccurrence = (db: Db, clientId: number, ref: { id: number } | { uuid: string }): Promise<WaitlistOccurrence | undefined> => {
  const query = occurrenceQuery(db).where('o.client_id', '=', clientId);
  return ('id' in ref ? query.where('o.id', '=', ref.id) : query.where('o.uuid', '=', ref.uuid)).executeTakeFirst();
};

/** An occurrence by id, any client (the promotion job knows only the id). */
export const findOccurrenceById = (db: Db, id: number): Promise<WaitlistOccurrence | undefined> =>
  occurrenceQuery(db).where('o.id', '=', id).executeTakeFirst();

/**
 * The occurrence's row lock, the one hold_place() takes: joining, leaving and promotion queue
 * behind holds and each other, so a freed place is offered once and never sold while on offer.
 */
export const lockOccurrence = async (db: Db, occurrenceId: number) => {
  await db.selectFrom('occurrences').select('id').where('id', '=', occurrenceId).forUpdate().execute();
};

/**
 * Places a newcomer could hold now: capacity minus live claims (unexpired holds and offers,
 * bookings) minus the people already waiting (they come first).
 */
export const placesForNewcomer = async (db: Db, occurrenceId: number) => {
  const { rows } = await sql<{ free: number }>`
    SELECT o.capacity
           - (SELECT count(*) FROM place_claims c
               WHERE c.occurrence_id = o.id AND c.status = 'active' AND (c.expires_at IS NULL OR c.expires_at > now()))
           - (SELECT count(*) FROM waitlist_entries w WHERE w.occurrence_id = o.id AND w.status = 'waiting') AS free
      FROM occurrences o WHERE o.id = ${occurrenceId}`.execute(db);
  return Number(rows[0]?.free ?? 0);
};

/** The person's live claim on the occurrence (an unexpired hold or offer, or a booking). */
export const findLiveClaim = (db: Db, occurrenceId: number, membershipUserId: number) =>
  db
    .selectFrom('place_claims')
    .select(['id', 'kind'])
    .where('occurrence_id', '=', occurrenceId)
    .where('membership_user_id', '=', membershipUserId)
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();

const entryColumns = [
  'w.id',
  'w.uuid',
  'w.client_id',
  'w.occurrence_id',
  'w.account_user_id',
  'w.membership_user_id',
  'w.status',
  'w.claim_id',
  'w.created_at',
  'w.offer_expires_at',
] as const;


/** 1 for the next in line; 0 when not waiting. */
const position = sql<number>`CASE WHEN w.status = 'waiting' THEN (
    SELECT count(*)::int FROM waitlist_entries q
     WHERE q.occurrence_id = w.occurrence_id AND q.status = 'waiting' AND (q.created_at, q.id) <= (w.created_at, w.id)
  ) ELSE 0 END`.as('position');

/** The person's waiting or offered entry on the occurrence. */
export const findLiveEntry = (db: Db, occurrenceId: number, membershipUserId: number) =>
  db
    .selectFrom('waitlist_entries as w')
    .select([...entryColumns, position])
    .where('w.occurrence_id', '=', occurrenceId)
    .where('w.membership_user_id', '=', membershipUserId)
    .where('w.status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();

export const findEntryById = (db: Db, clientId: number, id: number) =>
  db.selectFrom('waitlist_entries as w').select([...entryColumns, position]).where('w.client_id', '=', clientId).where('w.id', '=', id).executeTakeFirst();

export const insertEntry = async (
  db: Db,
  entry: { clientId: number; occurrenceId: number; accountUserId: number; membershipUserId: number },
) => {
  const { id } = await db
    .insertInto('waitlist_entries')
    .values({
      client_id: entry.clientId,
      occurrence_id: entry.occurrenceId,
      account_user_id: entry.accountUserId,
      membership_user_id: entry.membershipUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
};

/** Of these people, the live entries (waiting or offered) on the occurrence, with their positions. */
export const findLiveEntries = (db: Db, occurrenceId: number, membershipUserIds: readonly number[]) =>
  db
    .selectFrom('waitlist_entries as w')
    .select([...entryColumns, position])
    .where('w.occurrence_id', '=', occurrenceId)
    .where('w.membership_user_id', 'in', [...membershipUserIds])
    .where('w.status', 'in', ['waiting', 'offered'])
    .execute();

/** Of these people, the live claims on the occurrence (unexpired holds and offers, bookings). */
export const findLiveClaims = (db: Db, occurrenceId: number, membershipUserIds: readonly number[]) =>
  db
    .selectFrom('place_claims')
    .select(['membership_user_id', 'kind'])
    .where('occurrence_id', '=', occurrenceId)
    .where('membership_user_id', 'in', [...membershipUserIds])
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .execute();

/** Entries for the people, one statement, their ids rising in the order given (the queue's order). */
export const insertEntriesInOrder = async (db: Db, clientId: number, occurrenceId: number, people: readonly { accountUserId: number; membershipUserId: number }[]) => {
  if (!people.length) return;
  await sql`
    INSERT INTO waitlist_entries (client_id, occurrence_id, account_user_id, membership_user_id)
    SELECT ${clientId}::integer, ${occurrenceId}::integer, u.account, u.person
      FROM unnest(${people.map((p) => p.accountUserId)}::int[], ${people.map((p) => p.membershipUserId)}::int[]) WITH ORDINALITY AS u(account, person, n)
     ORDER BY u.n`.execute(db);
};

export const setEntryStatus = (db: Db, id: number, status: WaitlistStatus) =>
  db.updateTable('waitlist_entries').set({ status, updated_at: sql<never>`now()` }).where('id', '=', id).execute();

/** The first person waiting (oldest entry). */
export const findFirstWaiting = (db: Db, occurrenceId: number) =>
  db
    .selectFrom('waitlist_entries')
    .select(['id', 'client_id', 'account_user_id', 'membership_user_id'])
    .where('occurrence_id', '=', occurrenceId)
    .where('status', '=', 'waiting')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

export const markOffered = (db: Db, id: number, claimId: number, expiresAt: Date) =>
  db
    .updateTable('waitlist_entries')
    .set({ status: 'offered', claim_id: claimId, offered_at: sql<never>`now()`, offer_expires_at: expiresAt, updated_at: sql<never>`now()` })
    .where('id', '=', id)
    .execute();

export const findPerson = (db: Db, membershipUserId: number) =>
  db
    .selectFrom('membership_users as m')
    .innerJoin('users as u', 'u.id', 'm.account_user_id')
    .select(['m.first_name', 'm.last_name', 'u.email', 'u.first_name as account_first_name', 'u.language'])
    .where('m.id', '=', membershipUserId)
    .executeTakeFirstOrThrow();

export type EntryRow = NonNullable<Awaited<ReturnType<typeof findEntryById>>>;
