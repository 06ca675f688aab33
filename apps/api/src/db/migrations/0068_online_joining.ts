import { type Kysely, sql } from 'kysely';

/**
 * Online joining (issue 23; docs/memberships.md): what a plan is sold as and where, the joins in
 * progress, Direct Debit mandates and their collections, and the `directdebit` simulator's own
 * tables (the "bank" side, as `simulator_*` is for cards).
 *
 * Bank details are never stored: a mandate keeps the provider's references and the last two
 * digits of the account. One person holds a plan once (a partial UNIQUE index), and a join makes
 * at most one membership (memberships.join_id UNIQUE), so a second tab or a repeated request
 * cannot double a membership.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    ALTER TABLE membership_plans
      ADD COLUMN billing text NOT NULL DEFAULT 'monthly' CHECK (billing IN ('monthly', 'annual')),
      ADD COLUMN annual_price_pence integer CHECK (annual_price_pence >= 0),
      ADD COLUMN joining_fee_pence integer NOT NULL DEFAULT 0 CHECK (joining_fee_pence >= 0),
      ADD COLUMN minimum_term_months integer NOT NULL DEFAULT 0 CHECK (minimum_term_months IN (0, 12)),
      ADD COLUMN age_band text NOT NULL DEFAULT 'adult' CHECK (age_band IN ('adult', 'junior', 'concession')),
      ADD COLUMN peak text NOT NULL DEFAULT 'peak' CHECK (peak IN ('peak', 'off_peak')),
      ADD COLUMN sold_online boolean NOT NULL DEFAULT false,
      ADD CONSTRAINT membership_plans_annual_price CHECK ((billing = 'annual') = (annual_price_pence IS NOT NULL));

    -- The venues that sell a plan online (a plan can be sold at several).
    CREATE TABLE membership_plan_venues (
      plan_id integer NOT NULL REFERENCES membership_plans(id) ON DELETE CASCADE,
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      PRIMARY KEY (plan_id, venue_id)
    );
    CREATE INDEX membership_plan_venues_venue_idx ON membership_plan_venues (venue_id);

    -- The Direct Debit mandate of an account (our side): the provider's references only.
    CREATE TABLE direct_debit_mandates (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      billing_request_ref text NOT NULL UNIQUE,
      mandate_ref text NOT NULL UNIQUE,
      -- The reference on the customer's bank statement.
      reference text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('pending_submission', 'submitted', 'active', 'failed', 'cancelled')),
      account_holder_name text NOT NULL,
      account_number_ending char(2) NOT NULL,
      failure_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX direct_debit_mandates_account_idx ON direct_debit_mandates (account_user_id);

    -- A join in progress (a draft): nothing is a membership until it completes.
    CREATE TABLE membership_joins (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      plan_id integer NOT NULL REFERENCES membership_plans(id),
      venue_id integer NOT NULL REFERENCES venues(id),
      start_date date NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
      mandate_id integer REFERENCES direct_debit_mandates(id),
      membership_id integer UNIQUE,
      transaction_uuid uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX membership_joins_account_idx ON membership_joins (account_user_id, created_at);

    ALTER TABLE memberships
      DROP CONSTRAINT memberships_status_check,
      ADD CONSTRAINT memberships_status_check CHECK (status IN ('active', 'frozen', 'cancelled', 'arrears')),
      ADD COLUMN join_id uuid UNIQUE REFERENCES membership_joins(id),
      ADD COLUMN billing text NOT NULL DEFAULT 'monthly' CHECK (billing IN ('monthly', 'annual')),
      ADD COLUMN mandate_id integer REFERENCES direct_debit_mandates(id),
      ADD COLUMN joined_on date,
      ADD COLUMN cooling_off_ends_on date,
      ADD COLUMN minimum_term_ends_on date,
      ADD COLUMN first_collection_on date,
      -- The last day of a cancelled (or annual, paid-up) membership.
      ADD COLUMN ends_on date,
      ADD COLUMN cancelled_at timestamptz;
    ALTER TABLE membership_joins ADD CONSTRAINT membership_joins_membership_fk FOREIGN KEY (membership_id) REFERENCES memberships(id);
    -- One person holds a plan once while it runs.
    CREATE UNIQUE INDEX memberships_person_plan_idx ON memberships (membership_user_id, plan_id) WHERE status IN ('active', 'arrears', 'frozen');

    -- One Direct Debit per membership and month: created 3 working days ahead, settled on the day.
    CREATE TABLE membership_collections (
      id serial PRIMARY KEY,
      membership_id integer NOT NULL REFERENCES memberships(id) ON DELETE CASCADE,
      mandate_id integer NOT NULL REFERENCES direct_debit_mandates(id),
      due_on date NOT NULL,
      create_on date NOT NULL,
      charge_date date NOT NULL,
      amount_pence integer NOT NULL CHECK (amount_pence > 0),
      status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'pending_submission', 'submitted', 'paid', 'failed', 'paid_by_card', 'refunded', 'cancelled')),
      payment_ref text UNIQUE,
      failure_reason text,
      -- The card order that paid a failed collection (arrears).
      order_id integer REFERENCES orders(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (membership_id, due_on)
    );
    CREATE INDEX membership_collections_due_idx ON membership_collections (status, create_on, charge_date);

    -- What the provider told us (webhook events in a real integration), in order.
    CREATE TABLE direct_debit_events (
      id bigserial PRIMARY KEY,
      mandate_id integer NOT NULL REFERENCES direct_debit_mandates(id) ON DELETE CASCADE,
      collection_id integer REFERENCES membership_collections(id) ON DELETE CASCADE,
      resource text NOT NULL CHECK (resource IN ('billing_request', 'mandate', 'payment')),
      action text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX direct_debit_events_mandate_idx ON direct_debit_events (mandate_id, id);

    -- A membership's payments: the join order (card) and arrears paid by card are orders too.
    ALTER TABLE orders
      DROP CONSTRAINT orders_kind_check,
      ADD CONSTRAINT orders_kind_check CHECK (kind IN ('booking', 'late_fees', 'membership'));
    ALTER TABLE provider_transactions
      DROP CONSTRAINT provider_transactions_purpose_check,
      ADD CONSTRAINT provider_transactions_purpose_check CHECK (purpose IN ('cart', 'late_fees', 'membership'));

    -- The directdebit simulator's "bank" (docs/memberships.md "The directdebit provider").
    CREATE TABLE directdebit_sim_billing_requests (
      ref text PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('pending', 'fulfilled', 'failed')),
      mandate_ref text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE directdebit_sim_mandates (
      ref text PRIMARY KEY,
      billing_request_ref text NOT NULL REFERENCES directdebit_sim_billing_requests(ref),
      status text NOT NULL CHECK (status IN ('pending_submission', 'submitted', 'active', 'failed', 'cancelled')),
      behaviour text NOT NULL CHECK (behaviour IN ('succeeds', 'mandate_fails_at_submission', 'first_collection_fails')),
      account_number_ending char(2) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE directdebit_sim_payments (
      ref text PRIMARY KEY,
      mandate_ref text NOT NULL REFERENCES directdebit_sim_mandates(ref),
      amount_pence integer NOT NULL CHECK (amount_pence > 0),
      charge_date date NOT NULL,
      status text NOT NULL CHECK (status IN ('pending_submission', 'submitted', 'confirmed', 'failed', 'cancelled', 'refunded')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
};
