import { type Kysely, sql } from 'kysely';

/**
 * Mail cannot be used as a weapon (issue 22, docs/security.md "Mail caps"): an email that
 * someone else can make us send (a sign-up with an existing address, a password reset) is
 * capped per recipient and kind; one over the cap is kept as a row, never sent, with
 * `suppressed_at` and why, so support can see what was asked for. The index serves the count.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE outbox_emails
      ADD COLUMN suppressed_at timestamptz,
      ADD COLUMN suppressed_reason text;
    CREATE INDEX outbox_emails_recipient_kind_idx ON outbox_emails (client_id, lower(to_address), kind, created_at);
  `.execute(db);
};
