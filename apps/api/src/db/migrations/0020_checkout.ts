import { sql, type Kysely } from 'kysely';

/**
 * Checkout and payments (issue 10, docs/checkout.md): orders and their lines, tender lines,
 * provider transactions, the credit ledger, saved cards, terms, custom questions and answers,
 * waiver restrictions and signed waivers, and the simulator provider's own state.
 *
 * Exactly once: `orders.cart_id` is UNIQUE (one order per cart), `orders.transaction_uuid` is
 * UNIQUE, `bookings.claim_id` is UNIQUE (0008). The credit ledger keeps a running balance per
 * (account, credit type) in `balance_after` with CHECK >= 0; writers take an advisory lock per
 * account, so two spends never both read the same balance.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE terms (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      title text NOT NULL,
      label text NOT NULL,
      body text NOT NULL,
      url text,
      required boolean NOT NULL DEFAULT true,
      active boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0
    );
    CREATE INDEX terms_client_idx ON terms (client_id) WHERE active;

    CREATE TABLE saved_cards (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      -- The provider's token only: never a card number.
      token text NOT NULL,
      card_holder_name text NOT NULL,
      brand text NOT NULL,
      last_four text NOT NULL CHECK (last_four ~ '^[0-9]{4}$'),
      expiry text NOT NULL CHECK (expiry ~ '^[0-9]{2}/[0-9]{2}$'),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX saved_cards_account_idx ON saved_cards (account_user_id) WHERE deleted_at IS NULL;

    CREATE TABLE orders (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      reference text NOT NULL UNIQUE,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      cart_id integer NOT NULL UNIQUE REFERENCES carts(id),
      source text NOT NULL,
      total_pence integer NOT NULL CHECK (total_pence >= 0),
      status text NOT NULL DEFAULT 'completed' CHECK (status IN ('completed')),
      transaction_uuid uuid UNIQUE,
      idempotency_key text,
      staff_user_id integer REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX orders_idempotency_idx ON orders (account_user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    CREATE INDEX orders_account_idx ON orders (account_user_id, created_at);

    CREATE TABLE order_lines (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      booking_id integer NOT NULL UNIQUE REFERENCES bookings(id),
      cart_item_id integer,
      occurrence_id integer NOT NULL REFERENCES occurrences(id),
      membership_user_id integer NOT NULL REFERENCES membership_users(id),
      pricing_option_id integer REFERENCES pricing_options(id),
      price_pence integer NOT NULL CHECK (price_pence >= 0)
    );
    CREATE INDEX order_lines_order_idx ON order_lines (order_id);

    CREATE TABLE payments (
      id serial PRIMARY KEY,
      order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      tender_type text NOT NULL CHECK (tender_type IN ('card', 'general-credit', 'membership-credit', 'cash', 'offline-voucher', 'cheque')),
      amount_pence integer NOT NULL CHECK (amount_pence > 0),
      transaction_uuid uuid,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payments_order_idx ON payments (order_id);

    -- One card payment attempt: authorised (or challenged) at authorise, completed with the order,
    -- voided or refunded when the order cannot be made. Card data: the provider's token, brand,
    -- last four digits and expiry only.
    CREATE TABLE provider_transactions (
      uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      cart_id integer NOT NULL REFERENCES carts(id),
      provider text NOT NULL,
      status text NOT NULL CHECK (status IN ('challenge', 'authorised', 'declined', 'error', 'completed', 'voided', 'refunded')),
      amount_pence integer NOT NULL CHECK (amount_pence > 0),
      card_token text,
      card_brand text,
      card_last_four text,
      card_expiry text,
      card_holder_name text,
      save_card boolean NOT NULL DEFAULT false,
      idempotency_key text,
      -- The authorise request's tenders, waivers, terms and source, to finish it later (reconciliation).
      request jsonb NOT NULL DEFAULT '{}'::jsonb,
      failure_reason text,
      order_id integer REFERENCES orders(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX provider_transactions_open_idx ON provider_transactions (updated_at) WHERE status IN ('challenge', 'authorised');
    CREATE INDEX provider_transactions_cart_idx ON provider_transactions (cart_id);

    -- The credit ledger: every top-up, refund, spend, reservation, release and expiry is a row;
    -- amount is signed, balance_after is the available balance of (account, type) after it.
    CREATE TABLE credit_entries (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      credit_type text NOT NULL CHECK (credit_type IN ('general', 'membership')),
      kind text NOT NULL CHECK (kind IN ('top_up', 'refund', 'spend', 'reservation', 'release', 'expiry')),
      amount integer NOT NULL,
      balance_after integer NOT NULL CHECK (balance_after >= 0),
      cart_id integer REFERENCES carts(id),
      order_id integer REFERENCES orders(id),
      note text,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX credit_entries_account_idx ON credit_entries (account_user_id, credit_type, id DESC);
    CREATE INDEX credit_entries_cart_idx ON credit_entries (cart_id) WHERE cart_id IS NOT NULL;

    CREATE TABLE questions (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      activity_id integer NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
      label text NOT NULL,
      type text NOT NULL DEFAULT 'text' CHECK (type IN ('text', 'select', 'checkbox')),
      options jsonb NOT NULL DEFAULT '[]'::jsonb,
      required boolean NOT NULL DEFAULT false,
      sort_order integer NOT NULL DEFAULT 0
    );
    CREATE INDEX questions_activity_idx ON questions (activity_id, sort_order);

    CREATE TABLE question_answers (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      cart_item_id integer NOT NULL,
      question_id integer NOT NULL REFERENCES questions(id) ON DELETE CASCADE,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (cart_item_id, question_id)
    );

    -- A waiver an activity needs each attendee to sign (the timetable's restrictions.pre_waiver).
    CREATE TABLE waiver_restrictions (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      activity_id integer NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
      title text NOT NULL,
      body text NOT NULL
    );
    CREATE INDEX waiver_restrictions_activity_idx ON waiver_restrictions (activity_id);

    CREATE TABLE signed_waivers (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      restriction_id integer NOT NULL REFERENCES waiver_restrictions(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      signature text NOT NULL,
      signed_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (restriction_id, membership_user_id)
    );

    -- The simulator provider's own state (its "gateway"): merchant sessions, card identifiers
    -- (brand, last four, expiry and the test card's behaviour: never the number) and challenges.
    CREATE TABLE simulator_sessions (
      key text PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    );
    CREATE TABLE simulator_cards (
      identifier text PRIMARY KEY,
      session_key text NOT NULL REFERENCES simulator_sessions(key) ON DELETE CASCADE,
      behaviour text NOT NULL CHECK (behaviour IN ('frictionless', 'challenge', 'decline', 'error')),
      brand text NOT NULL,
      last_four text NOT NULL,
      expiry text NOT NULL,
      card_holder_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE simulator_payments (
      transaction_uuid uuid PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('challenge', 'authorised', 'declined', 'error', 'captured', 'voided', 'refunded')),
      amount_pence integer NOT NULL,
      merchant text NOT NULL,
      challenge_token text UNIQUE,
      return_url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- Email attachments (the confirmation's .ics): [{ filename, content, contentType }].
    ALTER TABLE outbox_emails ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
  `.execute(db);
};
