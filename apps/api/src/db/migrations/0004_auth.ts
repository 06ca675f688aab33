import { type Kysely, sql } from 'kysely';

/** Login sessions: random 256-bit bearer tokens stored only as SHA-256 hashes (DESIGN.md §7). */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE sessions (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;
  `.execute(db);
};
