import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/** graphile-worker's own SQL function: the job row is written on `db`, so in its transaction. */
export const insertJob = async (
  db: Db,
  job: { task: string; payload: Record<string, unknown>; runAt?: Date; jobKey?: string; maxAttempts?: number },
): Promise<string> => {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text FROM graphile_worker.add_job(
      identifier => ${job.task},
      payload => ${JSON.stringify(job.payload)}::json,
      run_at => ${job.runAt ?? null}::timestamptz,
      job_key => ${job.jobKey ?? null}::text,
      max_attempts => ${job.maxAttempts ?? null}::int
    )`.execute(db);
  return rows[0]!.id;
};

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
