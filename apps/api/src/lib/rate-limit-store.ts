import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** One in a hundred increments also clears windows that ended over an hour ago. */
const SWEEP_CHANCE = 0.01;

/**
 * A @fastify/rate-limit store in PostgreSQL, so every API instance behind a load balancer
 * counts the same attempts (an in-memory store would give each instance its own limit).
 * The counter and its window move in one atomic upsert.
 */
export const postgresRateLimitStore = (db: Db) => {
  class PostgresRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      sql<{ hits: number; ttl: number }>`
        INSERT INTO rate_limits AS r (key, hits, window_ends_at)
        VALUES (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
          window_ends_at = CASE WHEN r.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END
        RETURNING hits, greatest(0, ceil(extract(epoch FROM r.window_ends_at - now()) * 1000))::int AS ttl`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0]!;
          callback(null, { current: row.hits, ttl: row.ttl });
          if (Math.random() < SWEEP_CHANCE) {
            void sql`DELETE FROM rate_limits WHERE window_ends_at < now() - interval '1 hour'`.execute(db).catch(() => {});
          }
        })
        .catch((error: unknown) => callback(error as Error));
    }

    child() {
      return new PostgresRateLimitStore();
    }
  }
  return PostgresRateLimitStore;
};
