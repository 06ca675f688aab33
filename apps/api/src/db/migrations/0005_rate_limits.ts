import { type Kysely, sql } from 'kysely';

/** Rate-limit counters shared by every API instance (DESIGN.md §2: no state in memory). */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limits_window_idx ON rate_limits (window_ends_at);
  `.execute(db);
};
