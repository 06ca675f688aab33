// Loads the timetable benchmark's data: a bench client (its own host) with venues offering one
// class sub-activity (10 classes a day) and one court sub-activity (4 courts × 15 hours a day),
// i.e. 70 occurrences per venue and day, and other customers' claims over the booking window.
import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/connect.ts';

export const BENCH_CLIENT = 'bench-timetable';
export const BENCH_HOST = 'timetable.bench';
export const CLASS_SLUG = 'bench-yoga';
export const COURT_SLUG = 'bench-badminton';
export const OCCURRENCES_PER_VENUE_DAY = 70;
const CUSTOMERS = 40;

/** The client, its category tree and the customers whose claims fill the days. */
export const loadBenchClient = async (db: Db): Promise<number> => {
  await db.deleteFrom('clients').where('slug', '=', BENCH_CLIENT).execute();
  const { id: clientId } = await db.insertInto('clients').values({ slug: BENCH_CLIENT, name: 'Bench Timetable' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('client_domains').values({ client_id: clientId, host: BENCH_HOST }).execute();
  await sql`
    WITH roots AS (
      INSERT INTO activity_categories (client_id, slug, name, v1_type, v2_type) VALUES
        (${clientId}, 'bench-classes', 'Classes', 'class_templates', 'classes'),
        (${clientId}, 'bench-courts', 'Courts', 'ad_hoc_templates', 'resources')
      RETURNING id, slug
    )
    INSERT INTO activity_categories (client_id, parent_id, slug, name, v1_type, v2_type)
    SELECT ${clientId}, id, CASE slug WHEN 'bench-classes' THEN ${CLASS_SLUG} ELSE ${COURT_SLUG} END, 'Leaf',
           CASE slug WHEN 'bench-classes' THEN 'class_templates' ELSE 'ad_hoc_templates' END,
           CASE slug WHEN 'bench-classes' THEN 'classes' ELSE 'resources' END
    FROM roots`.execute(db);
  await sql`
    WITH u AS (
      INSERT INTO users (client_id, reference, email, password_hash, first_name, last_name)
      SELECT ${clientId}, 'BENCH' || g, 'bench' || g || '@example.org', 'x', 'Bench', 'Customer ' || g FROM generate_series(1, ${CUSTOMERS}) g
      RETURNING id, last_name
    )
    INSERT INTO membership_users (client_id, account_user_id, user_id, first_name, last_name, relationship)
    SELECT ${clientId}, id, id, 'Bench', last_name, 'self' FROM u`.execute(db);
  return clientId;
};

/**
 * Venues `first` … `last` with their activities, courts and occurrences for venue-local
 * today + `fromDay` … today + `toDay`, and claims on the days of the booking window
 * (yesterday … today + 7): classes 0–7 people, about 40 % of courts booked.
 */
export const loadBenchVenues = async (db: Db, clientId: number, first: number, last: number, fromDay: number, toDay: number) => {
  await sql`
    WITH v AS (
      INSERT INTO venues (client_id, slug, name, address_line1, town, postcode)
      SELECT ${clientId}, 'bench-venue-' || g, 'Bench Venue ' || g, g || ' High Street', 'Benchton', 'BE1 1NC'
      FROM generate_series(${first}::int, ${last}::int) g
      RETURNING id
    ),
    cl AS (
      INSERT INTO category_locations (category_id, venue_id)
      SELECT c.id, v.id FROM v CROSS JOIN activity_categories c WHERE c.client_id = ${clientId}
      RETURNING venue_id
    ),
    a AS (
      INSERT INTO activities (client_id, venue_id, category_id, kind, name)
      SELECT ${clientId}, v.id, c.id, CASE c.slug WHEN ${CLASS_SLUG} THEN 'class' ELSE 'resource' END,
             CASE c.slug WHEN ${CLASS_SLUG} THEN 'Bench Yoga' ELSE 'Bench Court' END
      FROM v CROSS JOIN activity_categories c WHERE c.client_id = ${clientId} AND c.parent_id IS NOT NULL
      RETURNING id
    ),
    p AS (
      INSERT INTO pricing_options (client_id, activity_id, name, price_pence, member_price_pence)
      SELECT ${clientId}, id, 'Standard', 750, 450 FROM a
      RETURNING id
    )
    INSERT INTO locations (client_id, venue_id, slug, name, type, sort_order)
    SELECT ${clientId}, v.id, 'court-' || n, 'Court ' || n, 'court', n FROM v CROSS JOIN generate_series(1, 4) n`.execute(db);
  await sql`
    INSERT INTO occurrences (client_id, venue_id, category_id, activity_id, location_id, local_date, starts_at, ends_at, capacity)
    SELECT ${clientId}, a.venue_id, a.category_id, a.id, slot.location_id, d.day,
           (d.day + slot.at) AT TIME ZONE 'Europe/London', (d.day + slot.at) AT TIME ZONE 'Europe/London' + slot.length, slot.capacity
    FROM venues v
    JOIN activities a ON a.venue_id = v.id
    CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE 'Europe/London')::date + g AS day FROM generate_series(${fromDay}::int, ${toDay}::int) g) d
    CROSS JOIN LATERAL (
      SELECT NULL::int AS location_id, time '07:00' + make_interval(mins => 90 * i) AS at, interval '60 minutes' AS length, 20 AS capacity
      FROM generate_series(0, 9) i WHERE a.kind = 'class'
      UNION ALL
      SELECT l.id, time '07:00' + make_interval(hours => h), interval '60 minutes', 1
      FROM locations l CROSS JOIN generate_series(0, 14) h WHERE a.kind = 'resource' AND l.venue_id = v.id
    ) slot
    WHERE v.client_id = ${clientId} AND substr(v.slug, 13)::int BETWEEN ${first}::int AND ${last}::int`.execute(db);
  await sql`
    WITH people AS (
      SELECT mu.id, mu.account_user_id, row_number() OVER (ORDER BY mu.id) AS rn FROM membership_users mu WHERE mu.client_id = ${clientId}
    ),
    targets AS (
      SELECT o.id, o.location_id, o.starts_at, o.ends_at, a.kind,
             CASE WHEN a.kind = 'class' THEN abs(hashtext(o.id::text)) % 8 ELSE (abs(hashtext(o.id::text)) % 10 < 4)::int END AS n
      FROM occurrences o JOIN venues v ON v.id = o.venue_id JOIN activities a ON a.id = o.activity_id
      WHERE o.client_id = ${clientId} AND substr(v.slug, 13)::int BETWEEN ${first}::int AND ${last}::int
        AND o.local_date BETWEEN (now() AT TIME ZONE 'Europe/London')::date - 1 AND (now() AT TIME ZONE 'Europe/London')::date + 7
    )
    INSERT INTO place_claims (client_id, occurrence_id, location_id, during, account_user_id, membership_user_id, kind)
    SELECT ${clientId}, t.id, CASE WHEN t.kind = 'resource' THEN t.location_id END, tstzrange(t.starts_at, t.ends_at), p.account_user_id, p.id, 'booking'
    FROM targets t JOIN people p ON p.rn <= t.n`.execute(db);
};

export const countOccurrences = async (db: Db) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM occurrences`.execute(db)).rows[0]!.n);

export const analyse = async (db: Db) => {
  await sql`ANALYZE`.execute(db);
};
