import { type Kysely, sql } from 'kysely';

/**
 * Issue 22 (docs/security.md "Issue 22"):
 * - `clients.frame_ancestors`: the origins that may frame the client's bookings site (embedded
 *   mode, spec §1), e.g. `https://www.example-leisure.org` or `https://*.example.org`; empty
 *   (the default) means nobody may frame it. Every other source, the till and the card
 *   challenge page are never framed. The tenant note (0041) now also fires when the list or
 *   the tag-manager container changes, since the page headers are built from both.
 * - `payment_sessions`: each merchant session key handed out by GET /api/checkout/prepare,
 *   bound to the customer (and client) who asked for it; authorise refuses another customer's.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE clients ADD COLUMN frame_ancestors text[] NOT NULL DEFAULT '{}'
      CHECK (
        array_position(frame_ancestors, NULL) IS NULL
        AND array_to_string(frame_ancestors, ' ') ~ '^(https?://(\\*\\.)?[a-z0-9.-]+(:([0-9]{1,5}|\\*))?( |$))*$'
      );

    DROP TRIGGER clients_tenants ON clients;
    CREATE TRIGGER clients_tenants
      AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF id, slug, catalogue_version, gtm_id, frame_ancestors ON clients
      FOR EACH STATEMENT EXECUTE FUNCTION tenants_notify();

    CREATE TABLE payment_sessions (
      session_key text PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX payment_sessions_expires_idx ON payment_sessions (expires_at);
  `.execute(db);
};
