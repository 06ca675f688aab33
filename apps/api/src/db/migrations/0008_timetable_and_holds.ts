import { type Kysely, sql } from 'kysely';

/**
 * The bookable core (issue 9): what a sub-activity offers at a venue, its weekly templates and
 * dated occurrences, and every claim on a place (basket holds, waitlist offers, bookings).
 *
 * Capacity integrity (DESIGN.md §4) lives in `place_claims`:
 * - holds, offers and bookings of one occurrence are counted together against its capacity,
 *   under a row lock on the occurrence (see `hold_place()` in the holds migration);
 * - an expired hold or offer is one whose `expires_at` has passed: availability queries ignore
 *   it at once, and the sweep (or the next hold on that occurrence) marks it released;
 * - a court, pitch or lane (`location_id` on a resource claim) can never be claimed twice for
 *   overlapping times: an exclusion constraint backs the application's check.
 *
 * Times: `starts_at`/`ends_at` are instants; `local_date` and the template's `start_time` are
 * venue-local wall-clock values, so a 09:00 class stays at 09:00 across a clock change.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE EXTENSION IF NOT EXISTS btree_gist;

    -- Courts, pitches, lanes, studios and halls at a venue.
    CREATE TABLE locations (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      slug text NOT NULL CHECK (slug ~ '^[a-z0-9-]+$'),
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('court', 'pitch', 'lane', 'table', 'studio', 'pool', 'hall', 'gym')),
      sort_order integer NOT NULL DEFAULT 0,
      UNIQUE (venue_id, slug)
    );

    -- What a leaf category offers at a venue: a class, an ad-hoc session (public swim),
    -- a fast ticket (gym, swim entry) or a resource booking (a court for an hour).
    CREATE TABLE activities (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES activity_categories(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('class', 'ad_hoc', 'fast_ticket', 'resource')),
      name text NOT NULL,
      description text,
      -- Rolling booking window: dates up to booking_window_days ahead (logged in) or
      -- visitor_window_days ahead (visitors) open at release_time, venue time, the day before.
      booking_window_days integer NOT NULL DEFAULT 7 CHECK (booking_window_days BETWEEN 0 AND 90),
      visitor_window_days integer NOT NULL DEFAULT 5 CHECK (visitor_window_days BETWEEN 0 AND 90),
      release_time time NOT NULL DEFAULT '22:00',
      allows_anonymous_bookings boolean NOT NULL DEFAULT false,
      sort_order integer NOT NULL DEFAULT 0
    );
    CREATE INDEX activities_venue_category_idx ON activities (venue_id, category_id);

    CREATE TABLE activity_tags (
      activity_id integer NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
      tag_id integer NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      PRIMARY KEY (activity_id, tag_id)
    );

    -- Ticket types and prices (pence): Adult, Junior, Concession, or one 'Standard' option.
    CREATE TABLE pricing_options (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      activity_id integer NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
      name text NOT NULL,
      price_pence integer NOT NULL CHECK (price_pence >= 0),
      member_price_pence integer NOT NULL CHECK (member_price_pence >= 0),
      sort_order integer NOT NULL DEFAULT 0
    );
    CREATE INDEX pricing_options_activity_idx ON pricing_options (activity_id, sort_order);

    -- Weekly templates; a scheduled job materialises them into occurrences for the weeks ahead.
    CREATE TABLE activity_templates (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      activity_id integer NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
      location_id integer REFERENCES locations(id) ON DELETE SET NULL,
      instructor_id integer REFERENCES instructors(id) ON DELETE SET NULL,
      -- ISO day of week: 1 = Monday … 7 = Sunday.
      iso_day_of_week integer NOT NULL CHECK (iso_day_of_week BETWEEN 1 AND 7),
      start_time time NOT NULL,
      duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
      capacity integer NOT NULL CHECK (capacity >= 0),
      valid_from date NOT NULL,
      valid_until date,
      CHECK (valid_until IS NULL OR valid_until >= valid_from)
    );
    CREATE INDEX activity_templates_activity_idx ON activity_templates (activity_id);

    -- Dated occurrences. The numeric id serves the v1 endpoints, the uuid the v2 ones.
    CREATE TABLE occurrences (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES activity_categories(id) ON DELETE CASCADE,
      activity_id integer NOT NULL REFERENCES activities(id) ON DELETE CASCADE,
      template_id integer REFERENCES activity_templates(id) ON DELETE SET NULL,
      location_id integer REFERENCES locations(id) ON DELETE SET NULL,
      instructor_id integer REFERENCES instructors(id) ON DELETE SET NULL,
      local_date date NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      capacity integer NOT NULL CHECK (capacity >= 0),
      cancelled_at timestamptz,
      CHECK (ends_at > starts_at),
      UNIQUE (template_id, local_date)
    );
    CREATE INDEX occurrences_day_idx ON occurrences (venue_id, category_id, local_date, starts_at);
    CREATE INDEX occurrences_activity_idx ON occurrences (activity_id, starts_at);

    -- Every claim on a place: a basket hold, a waitlist offer or a booking.
    CREATE TABLE place_claims (
      id bigserial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      occurrence_id integer NOT NULL REFERENCES occurrences(id) ON DELETE CASCADE,
      -- Set only for resource occurrences (a court): the exclusion below.
      location_id integer REFERENCES locations(id) ON DELETE CASCADE,
      during tstzrange NOT NULL,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('hold', 'offer', 'booking')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'released')),
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      released_at timestamptz,
      CHECK ((kind = 'booking') = (expires_at IS NULL)),
      CHECK ((status = 'released') = (released_at IS NOT NULL)),
      EXCLUDE USING gist (location_id WITH =, during WITH &&)
        WHERE (status = 'active' AND location_id IS NOT NULL)
    );
    CREATE UNIQUE INDEX place_claims_person_idx ON place_claims (occurrence_id, membership_user_id) WHERE status = 'active';
    CREATE INDEX place_claims_expiry_idx ON place_claims (expires_at) WHERE status = 'active' AND expires_at IS NOT NULL;
    CREATE INDEX place_claims_account_idx ON place_claims (account_user_id) WHERE status = 'active';

    -- One open basket per account and selected person (spec §6: the selected user decides
    -- whose basket is used).
    CREATE TABLE carts (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      source text NOT NULL DEFAULT 'activity-booking',
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX carts_open_idx ON carts (account_user_id, membership_user_id) WHERE status = 'open';

    CREATE TABLE cart_items (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      cart_id integer NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
      occurrence_id integer NOT NULL REFERENCES occurrences(id) ON DELETE CASCADE,
      pricing_option_id integer NOT NULL REFERENCES pricing_options(id),
      purchased_for_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      -- The hold (or waitlist offer) behind the item; its expires_at is the item's.
      claim_id bigint REFERENCES place_claims(id) ON DELETE SET NULL,
      price_pence integer NOT NULL CHECK (price_pence >= 0),
      origin text NOT NULL DEFAULT 'customer' CHECK (origin IN ('customer', 'waitlist_offer')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (cart_id, occurrence_id, purchased_for_user_id)
    );
    CREATE INDEX cart_items_claim_idx ON cart_items (claim_id);

    -- Bookings (issue 10 adds orders and payments; issue 9 reads them for actions and spaces).
    CREATE TABLE bookings (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      claim_id bigint NOT NULL UNIQUE REFERENCES place_claims(id),
      occurrence_id integer NOT NULL REFERENCES occurrences(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      pricing_option_id integer REFERENCES pricing_options(id),
      price_pence integer NOT NULL CHECK (price_pence >= 0),
      status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
      created_at timestamptz NOT NULL DEFAULT now(),
      cancelled_at timestamptz,
      cancellation_source text
    );
    CREATE INDEX bookings_account_idx ON bookings (account_user_id, created_at);
    CREATE INDEX bookings_occurrence_idx ON bookings (occurrence_id) WHERE status = 'confirmed';

    CREATE TABLE waitlist_entries (
      id serial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      occurrence_id integer NOT NULL REFERENCES occurrences(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      membership_user_id integer NOT NULL REFERENCES membership_users(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'accepted', 'lapsed', 'left')),
      -- The offer's hold, while status = 'offered'.
      claim_id bigint REFERENCES place_claims(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      offered_at timestamptz,
      offer_expires_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX waitlist_entries_person_idx ON waitlist_entries (occurrence_id, membership_user_id)
      WHERE status IN ('waiting', 'offered');
    CREATE INDEX waitlist_entries_queue_idx ON waitlist_entries (occurrence_id, created_at, id) WHERE status = 'waiting';

    -- Outgoing email (DESIGN.md §5): written in the transaction that decides to send it,
    -- delivered by a job (SMTP_URL, or an .eml file in ./data/outbox).
    CREATE TABLE outbox_emails (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      kind text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      attempts integer NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_emails_unsent_idx ON outbox_emails (created_at) WHERE sent_at IS NULL;
  `.execute(db);
};
