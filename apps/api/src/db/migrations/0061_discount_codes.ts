import { type Kysely, sql } from 'kysely';

/**
 * Discount codes (issue 20, docs/discounts.md): per operator (client), a percent or a fixed
 * amount in pence off, valid from/to, with optional limits on uses overall and per customer, and
 * optionally only for some activities. A basket holds at most one code (`cart_discounts`, kept
 * with the customer's open cart); the order records the code and the pence taken off, and each
 * use is a `discount_uses` row written in the order's transaction, after the conditional
 * `uses_count` increment that never passes `max_uses`.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE discount_codes (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      -- Stored upper case; customers type it in any case (matched after trimming and upper-casing).
      code text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{1,40}$'),
      description text NOT NULL,
      percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
      amount_off_pence integer CHECK (amount_off_pence > 0),
      valid_from timestamptz NOT NULL DEFAULT now(),
      valid_to timestamptz,
      max_uses integer CHECK (max_uses >= 0),
      max_uses_per_customer integer CHECK (max_uses_per_customer > 0),
      uses_count integer NOT NULL DEFAULT 0 CHECK (uses_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (num_nonnulls(percent_off, amount_off_pence) = 1),
      CHECK (max_uses IS NULL OR uses_count <= max_uses),
      CHECK (valid_to IS NULL OR valid_to > valid_from),
      UNIQUE (client_id, code)
    );

    -- A code with rows here takes money off these activities only; without rows, off everything.
    CREATE TABLE discount_code_activities (
      discount_code_id integer NOT NULL REFERENCES discount_codes(id) ON DELETE CASCADE,
      activity_id integer NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
      PRIMARY KEY (discount_code_id, activity_id)
    );

    -- The code applied to an open cart (one per cart: applying another replaces it).
    CREATE TABLE cart_discounts (
      cart_id integer PRIMARY KEY REFERENCES carts(id) ON DELETE CASCADE,
      discount_code_id integer NOT NULL REFERENCES discount_codes(id) ON DELETE CASCADE,
      applied_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE orders
      ADD COLUMN discount_code_id integer REFERENCES discount_codes(id),
      ADD COLUMN discount_pence integer NOT NULL DEFAULT 0 CHECK (discount_pence >= 0);

    CREATE TABLE discount_uses (
      id serial PRIMARY KEY,
      discount_code_id integer NOT NULL REFERENCES discount_codes(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      order_id integer NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
      amount_pence integer NOT NULL CHECK (amount_pence > 0),
      used_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX discount_uses_customer_idx ON discount_uses (discount_code_id, account_user_id);
  `.execute(db);
};
