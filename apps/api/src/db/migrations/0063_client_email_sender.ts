import { type Kysely, sql } from 'kysely';

/**
 * The operator's email identity (issue 21, docs/first-booking.md "Paying and what happens after"):
 * mail to its customers is sent as `<clients.name> <email_from_address>`, an address at the
 * operator's own domain. Null: MAIL_FROM's address with the operator's name.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE clients ADD COLUMN email_from_address text
      CHECK (email_from_address ~ '^[^@\\s<>",;]+@[^@\\s<>",;]+\\.[^@\\s<>",;]+$')
  `.execute(db);
};
