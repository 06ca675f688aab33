import { type Kysely, sql } from 'kysely';

/**
 * What an account holds (issue 11, third part; docs/account-holdings.md): membership plans and
 * the memberships customers hold, visit packages and the packages held (with every use as a
 * row), guest passes, and the cover a basket item gets from a membership or a package.
 *
 * Packages never go below zero: `uses_left` has CHECK (>= 0) and a use is taken with one
 * conditional UPDATE (`uses_left >= n`) in the order's transaction; `package_uses.booking_id`
 * is UNIQUE, so one booking spends at most one visit.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE membership_plans (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      price_pence integer NOT NULL CHECK (price_pence >= 0),
      -- true: the cover applies at the member's home venue only (the membership's venue_id).
      home_venue_only boolean NOT NULL DEFAULT true,
      sort_order integer NOT NULL DEFAULT 0
    );

    -- What a plan covers: categories (a root covers its sub-activities).
    CREATE TABLE membership_plan_categories (
      plan_id integer NOT NULL REFERENCES membership_plans(id) ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES activity_categories(id) ON DELETE CASCADE,
      PRIMARY KEY (plan_id, category_id)
    );

    CREATE TABLE memberships (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      plan_id integer NOT NULL REFERENCES membership_plans(id),
      venue_id integer NOT NULL REFERENCES venues(id),
      reference text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen', 'cancelled')),
      started_on date NOT NULL,
      renews_on date,
      price_pence integer NOT NULL CHECK (price_pence >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX memberships_account_idx ON memberships (account_user_id);
    CREATE INDEX memberships_person_idx ON memberships (membership_user_id) WHERE status = 'active';

    CREATE TABLE package_products (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      name text NOT NULL,
      visits integer NOT NULL CHECK (visits > 0),
      price_pence integer NOT NULL CHECK (price_pence >= 0),
      valid_days integer NOT NULL CHECK (valid_days > 0)
    );

    CREATE TABLE package_product_categories (
      product_id integer NOT NULL REFERENCES package_products(id) ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES activity_categories(id) ON DELETE CASCADE,
      PRIMARY KEY (product_id, category_id)
    );

    CREATE TABLE package_holdings (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES package_products(id),
      visits_total integer NOT NULL CHECK (visits_total > 0),
      uses_left integer NOT NULL CHECK (uses_left >= 0 AND uses_left <= visits_total),
      purchased_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX package_holdings_account_idx ON package_holdings (account_user_id);

    CREATE TABLE package_uses (
      id serial PRIMARY KEY,
      holding_id integer NOT NULL REFERENCES package_holdings(id) ON DELETE CASCADE,
      order_id integer REFERENCES orders(id) ON DELETE SET NULL,
      booking_id integer UNIQUE REFERENCES bookings(id) ON DELETE SET NULL,
      used_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX package_uses_holding_idx ON package_uses (holding_id);

    CREATE TABLE guest_passes (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_id integer REFERENCES memberships(id) ON DELETE SET NULL,
      code text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'used')),
      valid_until date NOT NULL,
      used_at timestamptz,
      used_venue_id integer REFERENCES venues(id),
      guest_name text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'used') = (used_at IS NOT NULL))
    );
    CREATE INDEX guest_passes_account_idx ON guest_passes (account_user_id);

    -- A basket item covered by the person's membership or one visit of their package (price 0).
    ALTER TABLE cart_items
      ADD COLUMN covered_by text CHECK (covered_by IN ('membership', 'package')),
      ADD COLUMN membership_id integer REFERENCES memberships(id) ON DELETE SET NULL,
      ADD COLUMN package_holding_id integer REFERENCES package_holdings(id) ON DELETE SET NULL;
    CREATE INDEX cart_items_package_idx ON cart_items (package_holding_id) WHERE package_holding_id IS NOT NULL;

    -- The receipt's words for a line ('Covered by membership') and what covered it.
    ALTER TABLE order_lines
      ADD COLUMN description text,
      ADD COLUMN membership_id integer REFERENCES memberships(id) ON DELETE SET NULL,
      ADD COLUMN package_holding_id integer REFERENCES package_holdings(id) ON DELETE SET NULL;
  `.execute(db);
};
