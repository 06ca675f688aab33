import { type Kysely, sql } from 'kysely';

/**
 * Account bookings (issue 11, part 2; docs/account-bookings.md): cancellation with the operator's
 * policy. Credit given back for a cancellation is a `refund` row of the ledger tied to its booking
 * (at most one per booking: a double cancellation can never credit twice) with its `expires_at`;
 * an `expiry` row names the grant it closes (`expires_entry_id`, at most one per grant). A late
 * cancellation records a fee that blocks new bookings until it is paid.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE credit_entries
      ADD COLUMN booking_id integer REFERENCES bookings(id),
      ADD COLUMN expires_entry_id bigint REFERENCES credit_entries(id);
    CREATE UNIQUE INDEX credit_entries_booking_refund_idx ON credit_entries (booking_id) WHERE kind = 'refund' AND booking_id IS NOT NULL;
    CREATE UNIQUE INDEX credit_entries_expiry_once_idx ON credit_entries (expires_entry_id) WHERE expires_entry_id IS NOT NULL;
    -- Grants still to expire: the expiry job's scan.
    CREATE INDEX credit_entries_expiring_idx ON credit_entries (expires_at) WHERE expires_at IS NOT NULL AND amount > 0;

    CREATE TABLE late_cancellation_fees (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      booking_id integer NOT NULL UNIQUE REFERENCES bookings(id),
      amount_pence integer NOT NULL CHECK (amount_pence > 0),
      status text NOT NULL DEFAULT 'unpaid' CHECK (status IN ('unpaid', 'paid')),
      created_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      -- The ledger row that paid it (general credit).
      credit_entry_id bigint REFERENCES credit_entries(id),
      CHECK ((status = 'paid') = (paid_at IS NOT NULL))
    );
    CREATE INDEX late_cancellation_fees_unpaid_idx ON late_cancellation_fees (account_user_id) WHERE status = 'unpaid';

    CREATE INDEX bookings_account_occurrence_idx ON bookings (account_user_id, occurrence_id);
  `.execute(db);
};
