import { type Kysely, sql } from 'kysely';

/**
 * A fair release (issue 25; docs/release.md): one row per venue and venue-local date whose
 * release is being drawn, with the instant it opens (the booking window's rule, or a staff
 * override), the draw's seed and its SHA-256 (committed when the row is made, before any request
 * can exist) and when the draw finished (the seed is shown only after that). Requests made for a
 * day: at most one per person and occurrence, decided once (waiting → granted | waitlisted | refused).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE day_releases (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      local_date date NOT NULL,
      release_at timestamptz NOT NULL,
      overridden_by integer REFERENCES users(id) ON DELETE SET NULL,
      seed text NOT NULL,
      seed_hash text NOT NULL,
      drawn_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (venue_id, local_date)
    );

    CREATE TABLE release_requests (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      release_id integer NOT NULL REFERENCES day_releases(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      occurrence_id integer NOT NULL REFERENCES occurrences(id) ON DELETE CASCADE,
      item jsonb NOT NULL,
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'granted', 'waitlisted', 'refused')),
      position integer,
      reason text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      decided_at timestamptz,
      UNIQUE (release_id, membership_user_id, occurrence_id)
    );
    CREATE INDEX release_requests_account_idx ON release_requests (account_user_id, release_id);
    CREATE INDEX release_requests_waiting_idx ON release_requests (release_id) WHERE status = 'waiting';
  `.execute(db);
};
