import { sql } from 'kysely';
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

/** The two counters of one login attempt (modules/auth/login-throttle.ts). */
export type LoginKeys = { account: string; address: string };

/** Live failure windows of the account and the address, and whether the address is familiar to the account. */
export const findLoginFailures = async (db: Db, keys: LoginKeys, knownDays: number) =>
  (
    await sql<{ key: string; failures: number; retry_after: number; known: boolean }>`
      SELECT f.key, f.failures,
             greatest(1, ceil(extract(epoch FROM f.window_ends_at - now())))::int AS retry_after,
             EXISTS (
               SELECT 1 FROM login_known_addresses k
               WHERE k.account_key = ${keys.account} AND k.address = ${keys.address}
                 AND k.last_success_at > now() - make_interval(days => ${knownDays})
             ) AS known
      FROM login_failures f
      WHERE f.key IN (${keys.account}, ${keys.address}) AND f.window_ends_at > now()`.execute(db)
  ).rows;

/** One failure on each key, in one atomic upsert (a window that has ended starts again at 1). */
export const countLoginFailure = async (db: Db, keys: LoginKeys, windowMinutes: number): Promise<void> => {
  await sql`
    INSERT INTO login_failures AS f (key, failures, window_ends_at)
    SELECT key, 1, now() + make_interval(mins => ${windowMinutes})
    FROM unnest(ARRAY[${keys.account}, ${keys.address}]::text[]) AS key
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN f.window_ends_at <= now() THEN 1 ELSE f.failures + 1 END,
      window_ends_at = CASE WHEN f.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE f.window_ends_at END`.execute(db);
};

export const clearAccountFailures = async (db: Db, accountKey: string): Promise<void> => {
  await db.deleteFrom('login_failures').where('key', '=', accountKey).execute();
};

export const rememberLoginAddress = async (db: Db, keys: LoginKeys): Promise<void> => {
  await db
    .insertInto('login_known_addresses')
    .values({ account_key: keys.account, address: keys.address, last_success_at: new Date() })
    .onConflict((oc) => oc.columns(['account_key', 'address']).doUpdateSet({ last_success_at: new Date() }))
    .execute();
};

export const sweepLoginThrottle = async (db: Db, knownDays: number): Promise<void> => {
  await sql`DELETE FROM login_failures WHERE window_ends_at < now()`.execute(db);
  await sql`DELETE FROM login_known_addresses WHERE last_success_at < now() - make_interval(days => ${knownDays})`.execute(db);
};
