import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { OpenactiveFeed } from '../../db/schema.ts';

/**
 * OpenActive feeds (docs/openactive.md): the feed's keyset page from openactive_items (migration
 * 0076), then the source rows of the page's live items, one query per feed.
 */

export type FeedRow = { item_id: number; modified: number; deleted: boolean; parent_id: number | null };

/** Items after (afterModified, afterId) in (modified, item_id) order: one range of openactive_items_page_idx. */
export const feedPage = async (db: Db, clientId: number, feed: OpenactiveFeed, after: { modified: number; id: number } | null, limit: number): Promise<FeedRow[]> => {
  let query = db
    .selectFrom('openactive_items')
    .select(['item_id', 'modified', 'deleted', 'parent_id'])
    .where('client_id', '=', clientId)
    .where('feed', '=', feed);
  if (after) query = query.where(sql<boolean>`(modified, item_id) > (${after.modified}::bigint, ${after.id}::bigint)`);
  return query.orderBy('modified').orderBy('item_id').limit(limit).execute();
};

/** The venue as a Place (every item's location). */
export type VenueRow = {
  venue_id: number;
  venue_slug: string;
  venue_name: string;
  address_line1: string;
  address_line2: string | null;
  town: string;
  postcode: string;
  lat: number | null;
  lng: number | null;
  phone: string | null;
  timezone: string;
  client_name: string;
};

const VENUE_COLUMNS = sql`v.id AS venue_id, v.slug AS venue_slug, v.name AS venue_name, v.address_line1, v.address_line2, v.town, v.postcode,
  v.lat, v.lng, v.phone, v.timezone, cl.name AS client_name`;

export type PriceRow = { id: number; name: string; price_pence: number; min_age: number | null; max_age: number | null };
const PRICES = sql`(SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'price_pence', p.price_pence,
                      'min_age', p.min_age, 'max_age', p.max_age) ORDER BY p.sort_order, p.id), '[]'::json)
                    FROM pricing_options p WHERE p.activity_id = a.id)`;

export type ActivityRow = VenueRow & {
  id: number;
  kind: string;
  name: string;
  description: string | null;
  booking_window_days: number;
  category_slug: string;
  category_name: string;
  parent_slug: string | null;
  prices: PriceRow[];
  schedules: ScheduleRow[];
};

/** A weekly time: 1 = Monday … 7 = Sunday, venue-local 'HH:MM'; the template's dates when it has them. */
export type ScheduleRow = { iso_day: number; start_time: string; duration_minutes: number; valid_from: string | null; valid_until: string | null };

/**
 * The weekly times of activity \`a\`: its templates still running, else (an activity without
 * templates) the distinct weekday, time and length of its occurrences of the next four weeks.
 */
const SCHEDULES = sql`coalesce(
  (SELECT json_agg(json_build_object('iso_day', t.iso_day_of_week, 'start_time', to_char(t.start_time, 'HH24:MI'),
            'duration_minutes', t.duration_minutes, 'valid_from', to_char(t.valid_from, 'YYYY-MM-DD'),
            'valid_until', to_char(t.valid_until, 'YYYY-MM-DD')) ORDER BY t.iso_day_of_week, t.start_time, t.id)
     FROM activity_templates t
    WHERE t.activity_id = a.id AND (t.valid_until IS NULL OR t.valid_until >= (now() AT TIME ZONE v.timezone)::date)),
  (SELECT json_agg(json_build_object('iso_day', x.iso_day, 'start_time', x.start_time, 'duration_minutes', x.duration_minutes,
            'valid_from', NULL, 'valid_until', NULL) ORDER BY x.iso_day, x.start_time)
     FROM (SELECT DISTINCT extract(isodow FROM o.local_date)::int AS iso_day, to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS start_time,
                  (extract(epoch FROM o.ends_at - o.starts_at) / 60)::int AS duration_minutes
             FROM occurrences o
            WHERE o.activity_id = a.id AND o.starts_at >= now() AND o.starts_at < now() + interval '28 days') x),
  '[]'::json)`;

/** Session series and facility uses: activities with their venue, sub-activity and prices. */
export const activities = async (db: Db, clientId: number, ids: readonly number[]): Promise<ActivityRow[]> => {
  if (!ids.length) return [];
  const { rows } = await sql<ActivityRow>`
    SELECT a.id, a.kind, a.name, a.description, a.booking_window_days, c.slug AS category_slug, c.name AS category_name,
           pc.slug AS parent_slug, ${PRICES} AS prices,
           CASE WHEN a.kind = 'resource' THEN '[]'::json ELSE ${SCHEDULES} END AS schedules, ${VENUE_COLUMNS}
      FROM activities a
      JOIN venues v ON v.id = a.venue_id
      JOIN clients cl ON cl.id = a.client_id
      JOIN activity_categories c ON c.id = a.category_id
      LEFT JOIN activity_categories pc ON pc.id = c.parent_id
     WHERE a.client_id = ${clientId} AND a.id = ANY (${ids as number[]}::int[])`.execute(db);
  return rows;
};

export type OccurrenceRow = {
  id: number;
  uuid: string;
  activity_id: number;
  kind: string;
  location_id: number | null;
  local_date: string;
  starts_at: Date;
  ends_at: Date;
  capacity: number;
  taken: number;
  cancelled: boolean;
  venue_slug: string;
  category_slug: string;
  prices: PriceRow[];
};

/** Scheduled sessions and slots: occurrences with their live claims (bookings and unexpired holds, as the timetable counts). */
export const occurrences = async (db: Db, clientId: number, ids: readonly number[]): Promise<OccurrenceRow[]> => {
  if (!ids.length) return [];
  const { rows } = await sql<OccurrenceRow>`
    SELECT o.id, o.uuid::text AS uuid, o.activity_id, a.kind, o.location_id, to_char(o.local_date, 'YYYY-MM-DD') AS local_date,
           o.starts_at, o.ends_at, o.capacity, o.cancelled_at IS NOT NULL AS cancelled, v.slug AS venue_slug, c.slug AS category_slug,
           (SELECT count(*)::int FROM place_claims pc
             WHERE pc.occurrence_id = o.id AND pc.status = 'active' AND (pc.expires_at IS NULL OR pc.expires_at > now())) AS taken,
           CASE WHEN a.kind = 'resource' THEN ${PRICES} ELSE '[]'::json END AS prices
      FROM occurrences o
      JOIN activities a ON a.id = o.activity_id
      JOIN venues v ON v.id = o.venue_id
      JOIN activity_categories c ON c.id = o.category_id
     WHERE o.client_id = ${clientId} AND o.id = ANY (${ids as number[]}::int[])`.execute(db);
  return rows;
};

export type LocationRow = VenueRow & {
  id: number;
  name: string;
  type: string;
  activity_id: number;
  activity_name: string;
  category_slug: string;
  parent_slug: string | null;
};

/** Individual facility uses: the court with its facility use (the resource activity that made it one). */
export const locations = async (db: Db, clientId: number, items: readonly { id: number; parentId: number }[]): Promise<LocationRow[]> => {
  if (!items.length) return [];
  const { rows } = await sql<LocationRow>`
    SELECT l.id, l.name, l.type, a.id AS activity_id, a.name AS activity_name, c.slug AS category_slug, pc.slug AS parent_slug, ${VENUE_COLUMNS}
      FROM unnest(${items.map((i) => i.id)}::int[], ${items.map((i) => i.parentId)}::int[]) AS item(location_id, activity_id)
      JOIN locations l ON l.id = item.location_id
      JOIN activities a ON a.id = item.activity_id
      JOIN venues v ON v.id = l.venue_id
      JOIN clients cl ON cl.id = l.client_id
      JOIN activity_categories c ON c.id = a.category_id
      LEFT JOIN activity_categories pc ON pc.id = c.parent_id
     WHERE l.client_id = ${clientId}`.execute(db);
  return rows;
};

export type CourseRow = VenueRow & {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  starts_on: string;
  weeks: number;
  day_of_week: number;
  start_time: string;
  duration_minutes: number;
  /** Venue-local date of the last session. */
  ends_on: string;
  price_pence: number;
  capacity: number;
  taken: number;
  min_age: number | null;
  max_age: number | null;
  level: string | null;
  category_slug: string;
  parent_slug: string | null;
};

/** Course instances: the course, its first and last session and its live claims. */
export const courses = async (db: Db, clientId: number, ids: readonly number[]): Promise<CourseRow[]> => {
  if (!ids.length) return [];
  const { rows } = await sql<CourseRow>`
    SELECT co.id, co.slug, co.name, coalesce(co.short_description, co.description) AS description,
           to_char(co.starts_on, 'YYYY-MM-DD') AS starts_on, co.weeks, co.day_of_week, to_char(co.start_time, 'HH24:MI') AS start_time,
           co.duration_minutes, to_char(co.starts_on + 7 * (co.weeks - 1), 'YYYY-MM-DD') AS ends_on,
           co.price_pence, co.capacity, co.min_age, co.max_age, co.level, c.slug AS category_slug, pc.slug AS parent_slug,
           (SELECT count(*)::int FROM course_claims cc
             WHERE cc.course_id = co.id AND cc.status = 'active' AND (cc.expires_at IS NULL OR cc.expires_at > now())) AS taken,
           ${VENUE_COLUMNS}
      FROM courses co
      JOIN venues v ON v.id = co.venue_id
      JOIN clients cl ON cl.id = co.client_id
      JOIN activity_categories c ON c.id = co.category_id
      LEFT JOIN activity_categories pc ON pc.id = c.parent_id
     WHERE co.client_id = ${clientId} AND co.id = ANY (${ids as number[]}::int[])`.execute(db);
  return rows;
};

/** The operator's name (the dataset's publisher). */
export const clientName = async (db: Db, clientId: number): Promise<string | undefined> =>
  (await db.selectFrom('clients').select('name').where('id', '=', clientId).executeTakeFirst())?.name;
