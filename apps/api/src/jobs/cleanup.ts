import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/** Sessions past their expiry, and revoked ones, can never authenticate again. */
export const deleteExpiredSessions = async (db: Db): Promise<number> => {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', sql<Date>`now()`), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};

/**
 * Rate-limit windows that have ended count nothing any more; a new attempt starts a new window.
 * Generic on purpose: any limiter that keeps `rate_limits` rows with `window_ends_at` is covered.
 */
export const deleteEndedRateLimitWindows = async (db: Db): Promise<number> => {
  const result = await db.deleteFrom('rate_limits').where('window_ends_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
};

/** The `cleanup-expired` task: one sweep, idempotent, safe to run on any instance. */
export const cleanupExpired = async (db: Db) => ({
  sessions: await deleteExpiredSessions(db),
  rateLimits: await deleteEndedRateLimitWindows(db),
});
