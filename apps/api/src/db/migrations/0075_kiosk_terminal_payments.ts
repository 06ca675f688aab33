import { type Kysely, sql } from 'kysely';

/**
 * The kiosk pays at the venue's card terminal (issue 24; docs/kiosk.md "Paying at the card
 * reader"). One row per terminal payment the kiosk starts: the basket's amount (the server's),
 * the venue and its terminal, the kiosk session that started it, what the terminal answered
 * (waiting → approved → completed | declined | cancelled | reversed) with its reference, and the
 * order it completed. At most one live (waiting or approved) payment per basket. The simulated
 * terminal's control (which answer the next card gets) is `simulator_card_readers`.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE kiosk_terminal_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      terminal_id text NOT NULL,
      kiosk_session_id integer REFERENCES sessions(id) ON DELETE SET NULL,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      cart_id integer NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
      amount_pence integer NOT NULL CHECK (amount_pence > 0),
      terms integer[] NOT NULL DEFAULT '{}',
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'approved', 'declined', 'cancelled', 'completed', 'reversed')),
      terminal_reference text,
      reason text,
      order_id integer REFERENCES orders(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz
    );
    CREATE UNIQUE INDEX kiosk_terminal_payments_live_idx ON kiosk_terminal_payments (cart_id) WHERE status IN ('waiting', 'approved');
    CREATE INDEX kiosk_terminal_payments_account_idx ON kiosk_terminal_payments (account_user_id);

    CREATE TABLE simulator_card_readers (
      terminal_id text PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      next_outcome text NOT NULL CHECK (next_outcome IN ('approve', 'decline', 'wait')),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
};
