import { type Kysely, sql } from 'kysely';

/**
 * Session security and My details (issue 11 part 4): when a session was last used (idle
 * expiry, written at most once a minute), and the details a customer edits in My details
 * (emergency contact, SMS marketing beside the existing email consent).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
    ALTER TABLE users
      ADD COLUMN emergency_contact_name text,
      ADD COLUMN emergency_contact_phone text,
      ADD COLUMN marketing_sms boolean NOT NULL DEFAULT false;
  `.execute(db);
};
