import type { Db } from '../../db/connect.ts';

export const findUserForLogin = (db: Db, clientId: number, username: string) =>
  db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('client_id', '=', clientId)
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', username.toLowerCase()), eb('reference', '=', username)]))
    .executeTakeFirst();

export const insertSession = (db: Db, row: { clientId: number; userId: number; tokenHash: string; expiresAt: Date }) =>
  db
    .insertInto('sessions')
    .values({ client_id: row.clientId, user_id: row.userId, token_hash: row.tokenHash, expires_at: row.expiresAt })
    .execute();

export const findActiveSession = (db: Db, clientId: number, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as userId', 'users.role'])
    .where('sessions.client_id', '=', clientId)
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();

export const revokeSession = (db: Db, sessionId: number) =>
  db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();

export const findUserProfile = async (db: Db, clientId: number, userId: number) => {
  const user = await db
    .selectFrom('users')
    .select(['id', 'reference', 'first_name', 'last_name', 'email', 'role'])
    .where('client_id', '=', clientId)
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const members = await db
    .selectFrom('membership_users')
    .leftJoin('venues', 'venues.id', 'membership_users.home_venue_id')
    .select([
      'membership_users.id',
      'membership_users.first_name',
      'membership_users.last_name',
      'membership_users.relationship',
      'membership_users.date_of_birth',
      'membership_users.home_venue_id',
      'venues.slug as home_venue_slug',
    ])
    .where('membership_users.client_id', '=', clientId)
    .where('membership_users.account_user_id', '=', userId)
    .orderBy('membership_users.id')
    .execute();
  return { user, members };
};
