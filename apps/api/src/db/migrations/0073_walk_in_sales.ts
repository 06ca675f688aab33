import { type Kysely, sql } from 'kysely';

/**
 * Walk-in sales at the till (issue 24; docs/front-of-house.md "Walk-in sales"): an activity (or
 * its parent category) that allows guests can be sold without a customer record. Each till has
 * one system walk-in account (a `users` row nobody can log in as, left out of the customer
 * search), made the first time the till sells to a walk-in; its basket is the till's walk-in
 * basket, so capacity, holds, orders and the till's records take the same paths as every sale.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE activity_categories ADD COLUMN allows_guests boolean NOT NULL DEFAULT false;

    CREATE TABLE walk_in_accounts (
      till_id integer PRIMARY KEY REFERENCES tills(id) ON DELETE CASCADE,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
};
