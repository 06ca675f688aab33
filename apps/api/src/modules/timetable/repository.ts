import { sql, type Compilable, type CompiledQuery, type RawBuilder } from 'kysely';
import { prepare } from '../../db/prepared.ts';
import type { Db } from '../../db/connect.ts';
import type { ActivityKind } from '../../db/schema.ts';

/**
 * Only this file knows the SQL of the timetable: the venue/category context of a request, one
 * venue-local day of occurrences with their live counts and the viewer's own claims, and the
 * materialisation of weekly templates into dated occurrences (docs/timetable.md).
 */

type DayContext = {
  venue_id: number;
  venue_slug: string;
  currency_symbol: string;
  timezone: string;
  migration_date: string | null;
  category_id: number | null;
  category_slug: string | null;
  allocation_strategy: string | null;
  booking_window_days: number | null;
  visitor_window_days: number | null;
  release_time: string | null;
  today: string;
  after_release: boolean | null;
  /** The next instant (venue release time) at which one more date opens. */
  next_release_at: Date | null;
};

/**
 * The two queries on every timetable request's path, compiled once per database and run as
 * named prepared statements (db/prepared.ts): PostgreSQL planning them cost several times their
 * execution (docs/performance.md "Timetable").
 */
const preparedFor = new WeakMap<Db, ReturnType<typeof prepareQueries>>();
const prepareQueries = (db: Db) => ({
  context: prepare(db, 'timetable-day-context', ['clientId', 'venueIdOrSlug', 'venueId', 'categorySlug'] as const, (v) =>
    compilable<DayContext>(db, dayContextSql(v.clientId, v.venueIdOrSlug, v.venueId, v.categorySlug)),
  ),
  day: prepare(db, 'timetable-day', ['clientId', 'venueId', 'categoryId', 'date', 'kinds', 'viewer', 'isLoggedIn'] as const, (v) =>
    compilable<OccurrenceRow>(
      db,
      occurrencesSql(
        sql`o.client_id = ${v.clientId} AND o.venue_id = ${v.venueId} AND o.category_id = ${v.categoryId}
            AND o.local_date = ${v.date}::date AND a.kind = ANY(${v.kinds}::text[])`,
        v.viewer,
        v.isLoggedIn,
      ),
    ),
  ),
});
const queriesFor = (db: Db) => {
  let queries = preparedFor.get(db);
  if (!queries) preparedFor.set(db, (queries = prepareQueries(db)));
  return queries;
};
const compilable = <Row>(db: Db, raw: RawBuilder<unknown>): Compilable<Row> => ({ compile: () => raw.compile(db) as CompiledQuery<Row> });

/** The venue and sub-activity a timetable path names, with its booking window and the venue's clock. */
const dayContextSql = (clientId: unknown, venueIdOrSlug: unknown, venueId: unknown, categorySlug: unknown) => sql`
    SELECT v.id AS venue_id, v.slug AS venue_slug, cli.currency_symbol, v.timezone, to_char(v.migration_date, 'YYYY-MM-DD') AS migration_date,
           c.id AS category_id, c.slug AS category_slug, c.allocation_strategy,
           w.booking_window_days, w.visitor_window_days, to_char(w.release_time, 'HH24:MI:SS') AS release_time,
           to_char((now() AT TIME ZONE v.timezone)::date, 'YYYY-MM-DD') AS today,
           (now() AT TIME ZONE v.timezone)::time >= w.release_time AS after_release,
           (((now() AT TIME ZONE v.timezone)::date
              + CASE WHEN (now() AT TIME ZONE v.timezone)::time >= w.release_time THEN 1 ELSE 0 END)
              + w.release_time) AT TIME ZONE v.timezone AS next_release_at
    FROM venues v
    JOIN clients cli ON cli.id = v.client_id
    LEFT JOIN (category_locations cl JOIN activity_categories c ON c.id = cl.category_id AND c.client_id = ${clientId}::int AND c.slug = ${categorySlug}::text)
      ON cl.venue_id = v.id
    LEFT JOIN LATERAL (
      SELECT max(a.booking_window_days) AS booking_window_days, max(a.visitor_window_days) AS visitor_window_days,
             min(a.release_time) AS release_time
      FROM activities a
      WHERE a.venue_id = v.id AND a.category_id IN (SELECT k.id FROM activity_categories k WHERE k.id = c.id OR k.parent_id = c.id)
    ) w ON true
    WHERE v.client_id = ${clientId}::int AND (v.slug = ${venueIdOrSlug}::text OR v.id = ${venueId}::int)`;

export const findDayContext = async (db: Db, clientId: number, venueIdOrSlug: string, categorySlug: string) => {
  const venueId = /^\d{1,9}$/.test(venueIdOrSlug) ? Number(venueIdOrSlug) : null;
  const [row] = await queriesFor(db).context({ clientId, venueIdOrSlug, venueId, categorySlug });
  return row;
};
export type DayContextRow = NonNullable<Awaited<ReturnType<typeof findDayContext>>>;

export type OccurrenceRow = {
  id: number;
  uuid: string;
  activity_id: number;
  venue_id: number;
  category_id: number;
  kind: ActivityKind;
  name: string;
  description: string | null;
  allows_anonymous_bookings: boolean;
  local_date: string;
  starts_at: Date;
  ends_at: Date;
  start_24: string;
  start_12: string;
  end_24: string;
  end_12: string;
  duration: number;
  capacity: number;
  cancelled_at: Date | null;
  venue_slug: string;
  currency_symbol: string;
  category_slug: string;
  location_id: number | null;
  location_name: string | null;
  location_slug: string | null;
  location_type: string | null;
  location_sort: number | null;
  instructor_id: number | null;
  instructor_name: string | null;
  tags: { id: number; name: string }[];
  pricing_option_id: number | null;
  price_pence: number | null;
  member_price_pence: number | null;
  /** Active claims that take a place now: bookings, and holds/offers not expired. */
  taken: number;
  booked: number;
  waiting: number;
  first_bookable_at: Date;
  first_bookable_local: string;
  last_bookable_local: string;
  is_released: boolean;
  has_started: boolean;
  /** The first instant this row would read differently with time alone (a hold expires, it opens, it starts). */
  changes_at: Date | null;
  viewer_claim_kind: 'hold' | 'offer' | 'booking' | null;
  viewer_claim_id: number | null;
  viewer_cart_item_id: number | null;
  viewer_booking_id: number | null;
  viewer_waitlist_id: number | null;
  viewer_waitlist_uuid: string | null;
  viewer_waitlist_status: 'waiting' | 'offered' | null;
};

type OccurrenceFilter =
  | { by: 'day'; clientId: number; venueId: number; categoryId: number; date: string; kinds: readonly ActivityKind[] }
  | { by: 'id'; clientId: number; id: number }
  | { by: 'uuid'; clientId: number; uuid: string };

/**
 * Occurrences with everything an entry shows, in ONE query: the day's rows come from the
 * (venue_id, category_id, local_date, starts_at) index, and each row's counts and the viewer's
 * own claim, booking and waitlist entry from LATERAL subqueries on the partial indexes of
 * place_claims and waitlist_entries (no N+1). `isLoggedIn` picks the activity's window (booking
 * or visitor days), which decides when each occurrence opens for the viewer; `viewer` is a
 * membership user id or null.
 */
export const findOccurrences = async (db: Db, filter: OccurrenceFilter, viewer: number | null, isLoggedIn: boolean): Promise<OccurrenceRow[]> => {
  if (filter.by === 'day') {
    const { clientId, venueId, categoryId, date, kinds } = filter;
    return queriesFor(db).day({ clientId, venueId, categoryId, date, kinds: [...kinds], viewer, isLoggedIn });
  }
  const where =
    filter.by === 'id'
      ? sql`o.client_id = ${filter.clientId} AND o.id = ${filter.id}`
      : sql`o.client_id = ${filter.clientId} AND o.uuid = ${filter.uuid}::uuid`;
  return (await occurrencesSql(where, viewer, isLoggedIn).execute(db)).rows as OccurrenceRow[];
};

const occurrencesSql = (where: RawBuilder<unknown>, viewer: unknown, isLoggedIn: unknown) => sql`
    SELECT o.id, o.uuid::text AS uuid, o.activity_id, o.venue_id, o.category_id, a.kind, a.name, a.description, a.allows_anonymous_bookings,
           to_char(o.local_date, 'YYYY-MM-DD') AS local_date, o.starts_at, o.ends_at,
           to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS start_24,
           to_char(o.starts_at AT TIME ZONE v.timezone, 'FMHH12:MIam') AS start_12,
           to_char(o.ends_at AT TIME ZONE v.timezone, 'HH24:MI') AS end_24,
           to_char(o.ends_at AT TIME ZONE v.timezone, 'FMHH12:MIam') AS end_12,
           (extract(epoch FROM o.ends_at - o.starts_at) / 60)::int AS duration,
           o.capacity, o.cancelled_at, v.slug AS venue_slug, cli.currency_symbol, cat.slug AS category_slug,
           l.id AS location_id, l.name AS location_name, l.slug AS location_slug, l.type AS location_type, l.sort_order AS location_sort,
           i.id AS instructor_id, i.name AS instructor_name,
           coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name)
                     FROM activity_tags at JOIN tags t ON t.id = at.tag_id WHERE at.activity_id = a.id), '[]'::json) AS tags,
           po.id AS pricing_option_id, po.price_pence, po.member_price_pence,
           coalesce(claims.taken, 0)::int AS taken, coalesce(claims.booked, 0)::int AS booked,
           coalesce(waits.waiting, 0)::int AS waiting,
           fb.at AS first_bookable_at,
           to_char(fb.at AT TIME ZONE v.timezone, 'YYYY-MM-DD HH24:MI') AS first_bookable_local,
           to_char(o.starts_at AT TIME ZONE v.timezone, 'YYYY-MM-DD HH24:MI') AS last_bookable_local,
           now() >= fb.at AS is_released, now() >= o.starts_at AS has_started,
           least(claims.next_expiry, CASE WHEN now() < fb.at THEN fb.at END, CASE WHEN now() < o.starts_at THEN o.starts_at END) AS changes_at,
           mine.kind AS viewer_claim_kind, mine.id AS viewer_claim_id, mine.cart_item_id AS viewer_cart_item_id,
           mine.booking_id AS viewer_booking_id,
           wl.id AS viewer_waitlist_id, wl.uuid::text AS viewer_waitlist_uuid, wl.status AS viewer_waitlist_status
    FROM occurrences o
    JOIN activities a ON a.id = o.activity_id
    JOIN venues v ON v.id = o.venue_id
    JOIN clients cli ON cli.id = o.client_id
    JOIN activity_categories cat ON cat.id = o.category_id
    LEFT JOIN locations l ON l.id = o.location_id
    LEFT JOIN instructors i ON i.id = o.instructor_id
    CROSS JOIN LATERAL (
      SELECT ((o.local_date - (CASE WHEN ${isLoggedIn}::boolean THEN a.booking_window_days ELSE a.visitor_window_days END + 1))
               + a.release_time) AT TIME ZONE v.timezone AS at
    ) fb
    LEFT JOIN LATERAL (
      SELECT p.id, p.price_pence, p.member_price_pence FROM pricing_options p
      WHERE p.activity_id = a.id ORDER BY p.sort_order, p.id LIMIT 1
    ) po ON true
    LEFT JOIN LATERAL (
      SELECT count(*) AS taken, count(*) FILTER (WHERE pc.kind = 'booking') AS booked, min(pc.expires_at) AS next_expiry
      FROM place_claims pc
      WHERE pc.occurrence_id = o.id AND pc.status = 'active' AND (pc.expires_at IS NULL OR pc.expires_at > now())
    ) claims ON true
    LEFT JOIN LATERAL (
      SELECT count(*) AS waiting FROM waitlist_entries we WHERE we.occurrence_id = o.id AND we.status = 'waiting'
    ) waits ON true
    LEFT JOIN LATERAL (
      SELECT pc.id, pc.kind, ci.id AS cart_item_id, b.id AS booking_id
      FROM place_claims pc
      LEFT JOIN cart_items ci ON ci.claim_id = pc.id
      LEFT JOIN bookings b ON b.claim_id = pc.id AND b.status = 'confirmed'
      WHERE pc.occurrence_id = o.id AND pc.membership_user_id = ${viewer}::int AND pc.status = 'active'
        AND (pc.expires_at IS NULL OR pc.expires_at > now())
      ORDER BY pc.id DESC LIMIT 1
    ) mine ON ${viewer}::int IS NOT NULL
    LEFT JOIN LATERAL (
      SELECT we.id, we.uuid, we.status FROM waitlist_entries we
      WHERE we.occurrence_id = o.id AND we.membership_user_id = ${viewer}::int AND we.status IN ('waiting', 'offered')
      LIMIT 1
    ) wl ON ${viewer}::int IS NOT NULL
    WHERE ${where}
    ORDER BY o.starts_at, a.sort_order, l.sort_order NULLS FIRST, o.id`;

/**
 * Per venue-local date of `from` … `to`: how many sessions of the sub-activity it has (cancelled
 * ones left out) and when the last of them starts (GET …/dates, issue 21). One grouped read on
 * the (venue_id, category_id, local_date, starts_at) index.
 */
export const findDaySessions = async (db: Db, clientId: number, venueId: number, categoryId: number, from: string, to: string) =>
  (
    await sql<{ local_date: string; sessions: number; last_starts_at: Date }>`
      SELECT to_char(o.local_date, 'YYYY-MM-DD') AS local_date, count(*)::int AS sessions, max(o.starts_at) AS last_starts_at
      FROM occurrences o
      WHERE o.client_id = ${clientId} AND o.venue_id = ${venueId} AND o.category_id = ${categoryId}
        AND o.local_date BETWEEN ${from}::date AND ${to}::date AND o.cancelled_at IS NULL
      GROUP BY o.local_date`.execute(db)
  ).rows;

/** The sub-activity's ticket types (pricing options of its activities at the venue). */
export const findTickets = async (db: Db, clientId: number, venueId: number, categoryId: number, activityIdentifier: string) => {
  let query = db
    .selectFrom('pricing_options as p')
    .innerJoin('activities as a', 'a.id', 'p.activity_id')
    .innerJoin('activity_categories as k', 'k.id', 'a.category_id')
    .leftJoin('activity_categories as parent', 'parent.id', 'k.parent_id')
    .select(['p.id', 'p.name', 'p.price_pence', 'p.member_price_pence', 'p.activity_id', 'p.min_age', 'p.max_age'])
    .where('p.client_id', '=', clientId)
    .where('a.venue_id', '=', venueId)
    .where((eb) => eb.or([eb('k.id', '=', categoryId), eb('k.parent_id', '=', categoryId)]));
  // The identifier is one activity's numeric id, or a sub-activity slug (every activity of it;
  // the category's own slug: every activity under the category).
  query = /^\d{1,9}$/.test(activityIdentifier)
    ? query.where('a.id', '=', Number(activityIdentifier))
    : query.where((eb) => eb.or([eb('k.slug', '=', activityIdentifier), eb('parent.slug', '=', activityIdentifier)]));
  return query.orderBy('a.sort_order').orderBy('a.id').orderBy('p.sort_order').orderBy('p.id').execute();
};

export const findTicketsOfActivity = async (db: Db, clientId: number, activityId: number) =>
  db
    .selectFrom('pricing_options')
    .select(['id', 'name', 'price_pence', 'member_price_pence', 'activity_id', 'min_age', 'max_age'])
    .where('client_id', '=', clientId)
    .where('activity_id', '=', activityId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
export type TicketRow = Awaited<ReturnType<typeof findTicketsOfActivity>>[number];

/**
 * Materialises weekly templates into dated occurrences for venue-local dates `fromOffset` …
 * `toOffset` days from each venue's today (or the explicit `from`/`to` dates), in SQL with the
 * venue's time zone: starts_at = (local_date + start_time) AT TIME ZONE venue.timezone, so a
 * 09:00 class stays 09:00 across a clock change. Idempotent: UNIQUE (template_id, local_date)
 * and ON CONFLICT DO NOTHING (a cancelled or edited occurrence is never recreated).
 */
export const materialiseTemplates = async (
  db: Db,
  range: { fromOffset: number; toOffset: number } | { from: string; to: string },
  { clientId = null, activityId = null }: { clientId?: number | null; activityId?: number | null } = {},
): Promise<number> => {
  const bounds =
    'from' in range
      ? sql`${range.from}::date AS first_day, ${range.to}::date AS last_day`
      : sql`(now() AT TIME ZONE v.timezone)::date + ${range.fromOffset}::int AS first_day,
            (now() AT TIME ZONE v.timezone)::date + ${range.toOffset}::int AS last_day`;
  const result = await sql`
    INSERT INTO occurrences (client_id, venue_id, category_id, activity_id, template_id, location_id, instructor_id,
                             local_date, starts_at, ends_at, capacity)
    SELECT a.client_id, a.venue_id, a.category_id, a.id, t.id, t.location_id, t.instructor_id, d.day,
           (d.day + t.start_time) AT TIME ZONE v.timezone,
           ((d.day + t.start_time) AT TIME ZONE v.timezone) + make_interval(mins => t.duration_minutes),
           t.capacity
    FROM activity_templates t
    JOIN activities a ON a.id = t.activity_id
    JOIN venues v ON v.id = a.venue_id
    CROSS JOIN LATERAL (SELECT ${bounds}) b
    CROSS JOIN LATERAL (
      SELECT g::date AS day
      FROM generate_series(greatest(b.first_day, t.valid_from), least(b.last_day, coalesce(t.valid_until, b.last_day)), interval '1 day') g
    ) d
    WHERE extract(isodow FROM d.day) = t.iso_day_of_week
      AND (${clientId}::int IS NULL OR t.client_id = ${clientId}::int)
      AND (${activityId}::int IS NULL OR t.activity_id = ${activityId}::int)
    ON CONFLICT (template_id, local_date) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
};


/**
 * Of `ids`, the occurrences whose date has not opened yet for a logged-in customer (each
 * activity's booking window and release time, in the venue's zone; docs/timetable.md
 * "Booking window").
 */
export const findUnreleased = async (db: Db, clientId: number, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : (
        await sql<{ id: number }>`
          SELECT o.id FROM occurrences o
          JOIN activities a ON a.id = o.activity_id
          JOIN venues v ON v.id = o.venue_id
          WHERE o.client_id = ${clientId} AND o.id = ANY(${[...ids]}::int[])
            AND now() < ((o.local_date - (a.booking_window_days + 1)) + a.release_time) AT TIME ZONE v.timezone`.execute(db)
      ).rows.map((row) => row.id);

/**
 * When a venue-local date opens for a logged-in customer at a venue: the booking window's rule of
 * findUnreleased above (each activity's window and release time, in the venue's zone), the
 * earliest over the venue's activities; null when the venue has none. The day's release
 * (modules/releases) starts from it.
 */
export const findDayOpensAt = async (db: Db, clientId: number, venueId: number, date: string) =>
  (
    await sql<{ at: Date | null }>`
      SELECT min(((${date}::date - (a.booking_window_days + 1)) + a.release_time) AT TIME ZONE v.timezone) AS at
        FROM activities a JOIN venues v ON v.id = a.venue_id
       WHERE a.client_id = ${clientId} AND a.venue_id = ${venueId}`.execute(db)
  ).rows[0]?.at ?? null;

/** The release stored for a venue's date (modules/releases: the rule's instant, or staff's), if any. */
export const findDayRelease = async (db: Db, venueId: number, date: string) =>
  (await sql<{ release_at: Date }>`SELECT release_at FROM day_releases WHERE venue_id = ${venueId} AND local_date = ${date}::date`.execute(db)).rows[0]?.release_at ?? null;
