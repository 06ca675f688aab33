import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { runNamed } from '../../db/prepared.ts';

/* ---- The caller's people ---- */

export type MembershipUser = {
  id: number;
  first_name: string;
  last_name: string;
  relationship: 'self' | 'partner' | 'child' | 'other';
  /** Holds an active membership: pays member prices (docs/account-holdings.md "Member prices"). */
  is_member: boolean;
};

/**
 * The account's membership users: the customer ('self') and their family members, as a named
 * prepared statement (on every basket, checkout and timetable request's path).
 */
export const findMembershipUsers = async (db: Db, clientId: number, accountUserId: number): Promise<MembershipUser[]> => {
  const text = `SELECT id, first_name, last_name, relationship,
            EXISTS (SELECT 1 FROM memberships ms WHERE ms.client_id = $1 AND ms.membership_user_id = membership_users.id AND ms.status = 'active') AS is_member
       FROM membership_users WHERE client_id = $1 AND account_user_id = $2 ORDER BY id`;
  return runNamed<MembershipUser>(db, 'cart_membership_users_members', text, [clientId, accountUserId]);
};

/* ---- Audit and family members ---- */

export type AuditRow = {
  clientId: number;
  userId: number | null;
  actorUserId: number | null;
  action: string;
  detail: Record<string, unknown>;
  address: string | null;
  userAgent: string | null;
};

export const insertAudit = async (db: Db, row: AuditRow): Promise<void> => {
  await db
    .insertInto('account_audit')
    .values({
      client_id: row.clientId,
      user_id: row.userId,
      actor_user_id: row.actorUserId,
      action: row.action,
      detail: JSON.stringify(row.detail),
      address: row.address,
      user_agent: row.userAgent,
    })
    .execute();
};

const memberColumns = [
  'membership_users.id',
  'membership_users.account_user_id',
  'membership_users.first_name',
  'membership_users.last_name',
  'membership_users.relationship',
  'membership_users.date_of_birth',
  'membership_users.home_venue_id',
  'venues.slug as home_venue_slug',
] as const;

export const listMembers = (db: Db, clientId: number, accountUserId: number) =>
  db
    .selectFrom('membership_users')
    .leftJoin('venues', 'venues.id', 'membership_users.home_venue_id')
    .select(memberColumns)
    .where('membership_users.client_id', '=', clientId)
    .where('membership_users.account_user_id', '=', accountUserId)
    .orderBy('membership_users.id')
    .execute();

export const findMember = (db: Db, clientId: number, memberId: number) =>
  db
    .selectFrom('membership_users')
    .leftJoin('venues', 'venues.id', 'membership_users.home_venue_id')
    .select(memberColumns)
    .where('membership_users.client_id', '=', clientId)
    .where('membership_users.id', '=', memberId)
    .executeTakeFirst();

/** Locks the member row for a change (edit or removal). */
export const lockMember = (db: Db, memberId: number) =>
  db.selectFrom('membership_users').select(['id']).where('id', '=', memberId).forUpdate().executeTakeFirst();

export type MemberValues = { first_name: string; last_name: string; relationship: 'partner' | 'child' | 'other'; date_of_birth: string | null };

export const insertMember = async (db: Db, clientId: number, accountUserId: number, homeVenueId: number | null, values: MemberValues) =>
  (
    await db
      .insertInto('membership_users')
      .values({ client_id: clientId, account_user_id: accountUserId, home_venue_id: homeVenueId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const updateMember = async (db: Db, memberId: number, values: Partial<MemberValues>): Promise<void> => {
  await db.updateTable('membership_users').set(values).where('id', '=', memberId).execute();
};

export const deleteMember = async (db: Db, memberId: number): Promise<void> => {
  await db.deleteFrom('membership_users').where('id', '=', memberId).execute();
};

/** Bookings and live holds, offers or waitlist places of a person: removing them would cancel those silently. */
export const countCommitments = async (db: Db, memberId: number): Promise<number> => {
  const { rows } = await sql<{ n: number }>`
    SELECT (SELECT count(*) FROM bookings WHERE membership_user_id = ${memberId})::int
         + (SELECT count(*) FROM place_claims WHERE membership_user_id = ${memberId} AND status = 'active'
              AND (expires_at IS NULL OR expires_at > now()))::int
         -- Courses (docs/courses.md): every course booking, and a live hold.
         + (SELECT count(*) FROM course_claims WHERE membership_user_id = ${memberId}
              AND (kind = 'booking' OR (status = 'active' AND expires_at > now())))::int AS n`.execute(db);
  return rows[0]?.n ?? 0;
};

export const findMemberAnyClient = (db: Db, memberId: number) =>
  db.selectFrom('membership_users').select(['id', 'client_id', 'account_user_id', 'relationship']).where('id', '=', memberId).executeTakeFirst();

/**
 * New family members of the account in the last day (its audit rows, so a member added and
 * removed still counts), the client's daily limit, and when the oldest of them leaves the day.
 * Takes the account's family lock first (advisory, transaction-scoped), so parallel adds queue.
 */
export const lockFamilyAddsToday = async (db: Db, clientId: number, accountUserId: number) => {
  await sql`SELECT pg_advisory_xact_lock(23, ${accountUserId}::integer)`.execute(db);
  const { rows } = await sql<{ added: number; max: number; oldest: Date | null }>`
    SELECT count(a.id)::int AS added, min(a.created_at) AS oldest,
           (SELECT max_family_members_per_day FROM clients WHERE id = ${clientId}) AS max
      FROM account_audit a
     WHERE a.user_id = ${accountUserId} AND a.action = 'family_member_added' AND a.created_at > now() - interval '1 day'`.execute(db);
  return rows[0]!;
};
