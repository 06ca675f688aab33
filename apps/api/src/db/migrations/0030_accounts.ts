import { type Kysely, sql } from 'kysely';

/**
 * Accounts (issue 11, first part): registration details on users, single-use password-reset
 * and cross-site login tokens (stored only as SHA-256 hashes), and the account audit trail.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE users
      ADD COLUMN phone text,
      ADD COLUMN date_of_birth date,
      ADD COLUMN address_line1 text,
      ADD COLUMN address_line2 text,
      ADD COLUMN town text,
      ADD COLUMN postcode text,
      ADD COLUMN marketing_consent boolean NOT NULL DEFAULT false,
      ADD COLUMN onboarding_type text;

    CREATE TABLE password_reset_tokens (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL;

    CREATE TABLE login_tokens (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX login_tokens_user_idx ON login_tokens (user_id) WHERE used_at IS NULL;

    CREATE TABLE account_audit (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      actor_user_id integer REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL,
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_audit_user_idx ON account_audit (user_id, created_at);
  `.execute(db);
};
