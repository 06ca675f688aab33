import { type Kysely, sql } from 'kysely';

/** Multi-tenant base tables (DESIGN.md §4): every row belongs to a client. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    CREATE TABLE clients (
      id serial PRIMARY KEY,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9-]+$'),
      name text NOT NULL,
      currency_symbol text NOT NULL DEFAULT '£',
      online_joining_enabled boolean NOT NULL DEFAULT false,
      kiosk_home_url text,
      online_guest_passes_enabled boolean NOT NULL DEFAULT false,
      gtm_id text,
      gtm_auth text,
      gtm_preview text,
      maintenance_mode boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE client_domains (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      host text NOT NULL UNIQUE CHECK (host = lower(host))
    );

    CREATE TABLE venues (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      slug text NOT NULL CHECK (slug ~ '^[a-z0-9-]+$'),
      name text NOT NULL,
      address_line1 text NOT NULL,
      address_line2 text,
      town text NOT NULL,
      postcode text NOT NULL,
      lat double precision CHECK (lat BETWEEN -90 AND 90),
      lng double precision CHECK (lng BETWEEN -180 AND 180),
      timezone text NOT NULL DEFAULT 'Europe/London',
      phone text,
      email text,
      description text,
      image_url text,
      activities_v2_enabled boolean NOT NULL DEFAULT false,
      display_venue_selection_button boolean NOT NULL DEFAULT true,
      migration_date date,
      online_joining_enabled boolean NOT NULL DEFAULT true,
      footer_html text,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (client_id, slug)
    );
    CREATE INDEX venues_client_name_idx ON venues (client_id, lower(name));

    CREATE TABLE themes (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      venue_id integer REFERENCES venues(id) ON DELETE CASCADE,
      theme_app_logo text,
      theme_app_dark_bg_colour text,
      theme_app_header_bg_colour text,
      header_primary_colour text,
      theme_app_primary_colour text,
      theme_app_secondary_colour1 text,
      theme_app_secondary_colour2 text,
      theme_app_body_font_style text,
      theme_app_heading_font_style text,
      theme_app_secondary_button_style text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX themes_client_level_idx ON themes (client_id) WHERE venue_id IS NULL;
    CREATE UNIQUE INDEX themes_venue_level_idx ON themes (client_id, venue_id) WHERE venue_id IS NOT NULL;

    CREATE TABLE activity_categories (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      parent_id integer REFERENCES activity_categories(id) ON DELETE CASCADE,
      slug text NOT NULL CHECK (slug ~ '^[a-z0-9-]+$'),
      name text NOT NULL,
      short_description text,
      description text,
      image_url text,
      browse_by_name text NOT NULL DEFAULT 'location',
      allocation_strategy text,
      v1_type text CHECK (v1_type IN ('class_templates', 'ad_hoc_templates', 'fast_ticket_templates')),
      v2_type text CHECK (v2_type IN ('classes', 'resources', 'ticketed')),
      sort_order integer NOT NULL DEFAULT 0,
      UNIQUE (client_id, slug)
    );
    CREATE INDEX activity_categories_parent_idx ON activity_categories (client_id, parent_id);

    CREATE TABLE category_locations (
      category_id integer NOT NULL REFERENCES activity_categories(id) ON DELETE CASCADE,
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      PRIMARY KEY (category_id, venue_id)
    );
    CREATE INDEX category_locations_venue_idx ON category_locations (venue_id, category_id);

    CREATE TABLE instructors (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      name text NOT NULL,
      bio text
    );

    CREATE TABLE tags (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      name text NOT NULL,
      UNIQUE (client_id, name)
    );

    CREATE TABLE courses (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      venue_id integer NOT NULL REFERENCES venues(id) ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES activity_categories(id) ON DELETE CASCADE,
      instructor_id integer REFERENCES instructors(id) ON DELETE SET NULL,
      slug text NOT NULL CHECK (slug ~ '^[a-z0-9-]+$'),
      name text NOT NULL,
      short_description text,
      description text,
      image_url text,
      starts_on date NOT NULL,
      weeks integer NOT NULL CHECK (weeks > 0),
      day_of_week integer NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
      start_time time NOT NULL,
      duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
      price_pence integer NOT NULL CHECK (price_pence >= 0),
      capacity integer NOT NULL CHECK (capacity > 0),
      min_age integer,
      max_age integer,
      level text,
      UNIQUE (venue_id, category_id, slug)
    );

    CREATE TABLE course_tags (
      course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
      tag_id integer NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      PRIMARY KEY (course_id, tag_id)
    );

    CREATE TABLE users (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      reference text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'staff')),
      first_name text NOT NULL,
      last_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (client_id, reference)
    );
    CREATE UNIQUE INDEX users_client_email_idx ON users (client_id, lower(email));

    CREATE TABLE membership_users (
      id serial PRIMARY KEY,
      client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
      account_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      user_id integer REFERENCES users(id) ON DELETE SET NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      date_of_birth date,
      relationship text NOT NULL CHECK (relationship IN ('self', 'partner', 'child', 'other')),
      home_venue_id integer REFERENCES venues(id) ON DELETE SET NULL
    );
    CREATE INDEX membership_users_account_idx ON membership_users (account_user_id);
    CREATE UNIQUE INDEX membership_users_self_idx ON membership_users (account_user_id) WHERE relationship = 'self';
  `.execute(db);
};
