import { type Kysely, sql } from 'kysely';

/**
 * A membership sold at the till (issue 24; docs/memberships.md "Sold at the till"): a monthly
 * membership waits for its Direct Debit mandate ('awaiting_mandate') until the member gives
 * their bank details from the emailed link. The link's token is 256 random bits; only its
 * SHA-256 is kept, with its expiry and the moment it was used (once).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE memberships
      DROP CONSTRAINT memberships_status_check,
      ADD CONSTRAINT memberships_status_check CHECK (status IN ('active', 'frozen', 'cancelled', 'arrears', 'awaiting_mandate')),
      -- The staff member who sold it at the till (null online).
      ADD COLUMN sold_by_staff_user_id integer REFERENCES users(id);
    -- One person holds a plan once while it runs or waits for its mandate.
    DROP INDEX memberships_person_plan_idx;
    CREATE UNIQUE INDEX memberships_person_plan_idx ON memberships (membership_user_id, plan_id) WHERE status IN ('active', 'arrears', 'frozen', 'awaiting_mandate');

    CREATE TABLE membership_mandate_links (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      membership_id integer NOT NULL REFERENCES memberships(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX membership_mandate_links_membership_idx ON membership_mandate_links (membership_id);
  `.execute(db);
};
