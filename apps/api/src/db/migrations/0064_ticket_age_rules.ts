import { type Kysely, sql } from 'kysely';

/**
 * Ticket age rules (issue 21, docs/first-booking.md "Prices and choices"): a ticket type may be
 * for an age range (Junior: 0 to 15). The basket refuses a ticket whose range does not fit the
 * person it is for (422 naming the ticket); null on both sides is a ticket for anyone.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE pricing_options
      ADD COLUMN min_age integer CHECK (min_age >= 0),
      ADD COLUMN max_age integer CHECK (max_age >= 0),
      ADD CONSTRAINT pricing_options_age_range CHECK (min_age IS NULL OR max_age IS NULL OR min_age <= max_age)
  `.execute(db);
};
