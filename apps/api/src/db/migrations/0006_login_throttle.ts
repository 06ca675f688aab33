import { type Kysely, sql } from 'kysely';

/**
 * Failed-login counters (one row per account and one per client address, fixed 15-minute
 * windows) and the addresses each account has logged in from, so that an account under attack
 * still lets its owner in from a familiar address (docs/security.md).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE login_failures (
      key text PRIMARY KEY,
      failures integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    );
    CREATE INDEX login_failures_window_idx ON login_failures (window_ends_at);
    CREATE TABLE login_known_addresses (
      account_key text NOT NULL,
      address text NOT NULL,
      last_success_at timestamptz NOT NULL,
      PRIMARY KEY (account_key, address)
    );
    CREATE INDEX login_known_addresses_seen_idx ON login_known_addresses (last_success_at);
  `.execute(db);
};
