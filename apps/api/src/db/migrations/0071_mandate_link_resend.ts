import { type Kysely, sql } from 'kysely';

/**
 * A new Direct Debit link sent from the till (issue 24; docs/memberships.md "Sold at the till"):
 * each link says which staff member sent it (null for the one the sale itself sent, whose staff
 * member is the membership's `sold_by_staff_user_id`), and a link replaced by a newer one is
 * closed by its expiry set to the moment it was replaced (it then answers 'expired').
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE membership_mandate_links
      ADD COLUMN sent_by_staff_user_id integer REFERENCES users(id);
  `.execute(db);
};
