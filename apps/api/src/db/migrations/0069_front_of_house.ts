import { type Kysely, sql } from 'kysely';

/**
 * Front of house (issue 24, docs/front-of-house.md): tills, till sessions and their entries and
 * closes (append-only: a trigger refuses UPDATE, DELETE and TRUNCATE; a mistake is a new
 * correction entry), vouchers spent once, staff notes, staff overrides, check-ins, no-shows with
 * the client's policy and their fee through late_cancellation_fees, kiosk PINs, the terminal card
 * tender, and the prefix indexes of the customer lookup.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE FUNCTION till_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      RAISE EXCEPTION 'append-only: % on % is not allowed (add a correction entry instead)', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
    END
    $fn$;

    CREATE TABLE tills (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id),
      venue_id integer NOT NULL REFERENCES venues(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (venue_id, name)
    );
    CREATE INDEX tills_client_idx ON tills (client_id, venue_id);

    CREATE TABLE till_sessions (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id),
      till_id integer NOT NULL REFERENCES tills(id),
      staff_user_id integer NOT NULL REFERENCES users(id),
      float_pence integer NOT NULL CHECK (float_pence >= 0),
      opened_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX till_sessions_till_idx ON till_sessions (till_id, id);
    CREATE INDEX till_sessions_staff_idx ON till_sessions (staff_user_id, id);

    CREATE TABLE till_closes (
      session_id integer PRIMARY KEY REFERENCES till_sessions(id),
      staff_user_id integer NOT NULL REFERENCES users(id),
      counted jsonb NOT NULL,
      expected jsonb NOT NULL,
      closed_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE till_entries (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id),
      session_id integer NOT NULL REFERENCES till_sessions(id),
      staff_user_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('float', 'sale', 'pay_in', 'pay_out', 'correction')),
      tender_type text NOT NULL CHECK (tender_type IN ('cash', 'cheque', 'offline-voucher', 'card-terminal', 'credit')),
      amount_pence integer NOT NULL,
      amount_tendered_pence integer,
      reason text CHECK (length(reason) <= 200),
      reference text CHECK (length(reference) <= 60),
      order_id integer REFERENCES orders(id),
      corrects_entry_id integer REFERENCES till_entries(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind <> 'correction' OR (corrects_entry_id IS NOT NULL AND reason IS NOT NULL)),
      CHECK (kind NOT IN ('pay_in', 'pay_out') OR (reason IS NOT NULL AND tender_type = 'cash'))
    );
    CREATE INDEX till_entries_session_idx ON till_entries (session_id, id);
    CREATE INDEX till_entries_order_idx ON till_entries (order_id) WHERE order_id IS NOT NULL;

    CREATE TABLE vouchers (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id),
      code text NOT NULL CHECK (code ~ '^[A-Z0-9-]{4,32}$'),
      value_pence integer NOT NULL CHECK (value_pence > 0),
      expires_on date,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (client_id, code)
    );
    -- Spent once: the primary key is the voucher.
    CREATE TABLE voucher_redemptions (
      voucher_id integer PRIMARY KEY REFERENCES vouchers(id),
      order_id integer REFERENCES orders(id),
      session_id integer REFERENCES till_sessions(id),
      staff_user_id integer REFERENCES users(id),
      redeemed_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE customer_notes (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id),
      account_user_id integer NOT NULL REFERENCES users(id),
      staff_user_id integer NOT NULL REFERENCES users(id),
      text text NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX customer_notes_account_idx ON customer_notes (account_user_id, id);

    -- What staff did that online customers cannot: past the release time, ahead of the waitlist, a discount.
    CREATE TABLE foh_overrides (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id),
      session_id integer NOT NULL REFERENCES till_sessions(id),
      staff_user_id integer NOT NULL REFERENCES users(id),
      account_user_id integer NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('past_release', 'waitlist_order', 'discount')),
      cart_item_id integer,
      reason text CHECK (length(reason) <= 200),
      detail jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX foh_overrides_account_idx ON foh_overrides (account_user_id);

    CREATE TABLE check_ins (
      booking_id integer PRIMARY KEY REFERENCES bookings(id),
      client_id integer NOT NULL REFERENCES clients(id),
      via text NOT NULL CHECK (via IN ('tap', 'qr', 'kiosk')),
      staff_user_id integer REFERENCES users(id),
      session_id integer REFERENCES till_sessions(id),
      checked_in_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE no_shows (
      booking_id integer PRIMARY KEY REFERENCES bookings(id),
      client_id integer NOT NULL REFERENCES clients(id),
      account_user_id integer NOT NULL REFERENCES users(id),
      recorded_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX no_shows_account_idx ON no_shows (account_user_id, recorded_at);

    ALTER TABLE clients
      ADD COLUMN no_show_limit integer NOT NULL DEFAULT 3 CHECK (no_show_limit > 0),
      ADD COLUMN no_show_window_days integer NOT NULL DEFAULT 30 CHECK (no_show_window_days > 0),
      ADD COLUMN no_show_fee_pence integer NOT NULL DEFAULT 200 CHECK (no_show_fee_pence >= 0);
    ALTER TABLE late_cancellation_fees
      ADD COLUMN reason text NOT NULL DEFAULT 'late_cancellation' CHECK (reason IN ('late_cancellation', 'no_show'));

    CREATE TABLE kiosk_pins (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      client_id integer NOT NULL REFERENCES clients(id),
      pin_hash text NOT NULL,
      failed_attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE payments DROP CONSTRAINT payments_tender_type_check;
    ALTER TABLE payments ADD CONSTRAINT payments_tender_type_check
      CHECK (tender_type IN ('card', 'general-credit', 'membership-credit', 'cash', 'offline-voucher', 'cheque', 'card-terminal'));

    -- Customer lookup (prefix matches, as you type).
    CREATE INDEX membership_users_last_name_prefix_idx ON membership_users (client_id, lower(last_name) text_pattern_ops);
    CREATE INDEX membership_users_full_name_prefix_idx ON membership_users (client_id, lower(first_name || ' ' || last_name) text_pattern_ops);
    CREATE INDEX users_email_prefix_idx ON users (client_id, lower(email) text_pattern_ops);
    CREATE INDEX users_reference_prefix_idx ON users (client_id, lower(reference) text_pattern_ops);
    CREATE INDEX users_phone_prefix_idx ON users (client_id, regexp_replace(phone, '[^0-9]', '', 'g') text_pattern_ops) WHERE phone IS NOT NULL;
    CREATE INDEX memberships_reference_prefix_idx ON memberships (client_id, lower(reference) text_pattern_ops);
  `.execute(db);
  for (const table of ['till_sessions', 'till_closes', 'till_entries', 'voucher_redemptions', 'customer_notes', 'foh_overrides', 'check_ins', 'no_shows']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_append_only`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)}
        FOR EACH ROW EXECUTE FUNCTION till_records_append_only();
      CREATE TRIGGER ${sql.raw(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION till_records_append_only();
    `.execute(db);
  }
};
