import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { OperatorChangesTable } from '../../db/schema.ts';
import type { Language } from '../../lib/language.ts';
import type { OpeningDay, VenueDetailsInput } from '@app/contract/manage/venues';

/** The operator console's queries (docs/operator-tools.md). */

export const isManager = async (db: Db, clientId: number, userId: number) =>
  (await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('client_id', '=', clientId)
    .where('role', '=', 'staff')
    .where('operator_role', '=', 'manager')
    .executeTakeFirst()) !== undefined;

export const listVenues = (db: Db, clientId: number) =>
  db.selectFrom('venues').select(['id', 'slug', 'name']).where('client_id', '=', clientId).orderBy('name').orderBy('id').execute();

export type OccurrenceRow = {
  id: number;
  venue_id: number;
  activity_name: string;
  kind: string;
  starts_at: Date;
  ends_at: Date;
  local_date: string;
  time: string;
  end_time: string;
  capacity: number;
  booked: number;
  held: number;
  waiting: number;
  instructor_id: number | null;
  instructor_name: string | null;
  location_id: number | null;
  location_name: string | null;
  cancelled_at: Date | null;
  started: boolean;
  template_id: number | null;
};

const SELECT_OCCURRENCE = sql`
  SELECT o.id, o.venue_id, a.name AS activity_name, a.kind, o.starts_at, o.ends_at,
         to_char(o.local_date, 'YYYY-MM-DD') AS local_date,
         to_char(o.starts_at AT TIME ZONE v.timezone, 'HH24:MI') AS time,
         to_char(o.ends_at AT TIME ZONE v.timezone, 'HH24:MI') AS end_time,
         o.capacity,
         (SELECT count(*)::int FROM place_claims pc WHERE pc.occurrence_id = o.id AND pc.status = 'active' AND pc.kind = 'booking') AS booked,
         (SELECT count(*)::int FROM place_claims pc WHERE pc.occurrence_id = o.id AND pc.status = 'active' AND pc.kind <> 'booking'
             AND (pc.expires_at IS NULL OR pc.expires_at > now())) AS held,
         (SELECT count(*)::int FROM waitlist_entries w WHERE w.occurrence_id = o.id AND w.status IN ('waiting', 'offered')) AS waiting,
         o.instructor_id, i.name AS instructor_name, o.location_id, l.name AS location_name, o.cancelled_at,
         o.starts_at <= now() AS started, o.template_id
    FROM occurrences o
    JOIN activities a ON a.id = o.activity_id
    JOIN venues v ON v.id = o.venue_id
    LEFT JOIN instructors i ON i.id = o.instructor_id
    LEFT JOIN locations l ON l.id = o.location_id`;

/** A venue's occurrences of one venue-local day, by start. */
export const occurrencesOfDay = async (db: Db, clientId: number, venueId: number, date: string) =>
  (await sql<OccurrenceRow>`${SELECT_OCCURRENCE}
    WHERE o.client_id = ${clientId} AND o.venue_id = ${venueId} AND o.local_date = ${date}::date
    ORDER BY o.starts_at, a.name, o.id`.execute(db)).rows;

export const findOccurrence = async (db: Db, clientId: number, occurrenceId: number) =>
  (await sql<OccurrenceRow>`${SELECT_OCCURRENCE} WHERE o.client_id = ${clientId} AND o.id = ${occurrenceId}`.execute(db)).rows[0];

/** Locks the occurrence row (a hold's hold_place takes the same lock): changes and holds queue here. */
export const lockOccurrence = async (db: Db, clientId: number, occurrenceId: number) =>
  (await sql<{ id: number }>`SELECT id FROM occurrences WHERE client_id = ${clientId} AND id = ${occurrenceId} FOR UPDATE`.execute(db)).rows[0];

export const markOccurrenceCancelled = (db: Db, occurrenceId: number) =>
  db.updateTable('occurrences').set({ cancelled_at: sql<Date>`now()` }).where('id', '=', occurrenceId).where('cancelled_at', 'is', null).executeTakeFirst();

/** Releases the occurrence's live holds and offers (bookings are cancelled by bookings); answers how many. */
export const releaseHolds = async (db: Db, occurrenceId: number) =>
  (
    await db
      .updateTable('place_claims')
      .set({ status: 'released', released_at: sql<Date>`now()` })
      .where('occurrence_id', '=', occurrenceId)
      .where('status', '=', 'active')
      .where('kind', '<>', 'booking')
      .returning('id')
      .execute()
  ).length;

/** Ends the occurrence's waitlist: entries still waiting or offered lapse (docs/operator-tools.md). */
export const closeWaitlist = async (db: Db, occurrenceId: number) =>
  (
    await db
      .updateTable('waitlist_entries')
      .set({ status: 'lapsed', updated_at: sql<never>`now()` })
      .where('occurrence_id', '=', occurrenceId)
      .where('status', 'in', ['waiting', 'offered'])
      .returning('id')
      .execute()
  ).length;

/**
 * Sets the capacity. Lowering it below the live places is refused by the 0079 trigger
 * (check_violation on constraint occurrences_capacity_floor), which the service turns into a 409.
 */
export const setCapacity = (db: Db, occurrenceId: number, capacity: number) =>
  db.updateTable('occurrences').set({ capacity }).where('id', '=', occurrenceId).execute();

export const setStaffing = (db: Db, occurrenceId: number, change: { instructor_id?: number | null; location_id?: number | null }) =>
  db.updateTable('occurrences').set(change).where('id', '=', occurrenceId).execute();

export const instructorsOf = (db: Db, clientId: number) =>
  db.selectFrom('instructors').select(['id', 'name']).where('client_id', '=', clientId).orderBy('name').orderBy('id').execute();

export const locationsOf = (db: Db, clientId: number, venueId: number) =>
  db.selectFrom('locations').select(['id', 'name']).where('client_id', '=', clientId).where('venue_id', '=', venueId).orderBy('sort_order').orderBy('name').execute();

/** The accounts with a confirmed booking of the occurrence, and whom to write to. */
export const bookedAccounts = async (db: Db, occurrenceId: number) =>
  (
    await sql<{ account_user_id: number; email: string; first_name: string; language: Language; operator: string; people: string[] }>`
      SELECT u.id AS account_user_id, u.email, u.first_name, u.language, c.name AS operator,
             array_agg(m.first_name || ' ' || m.last_name ORDER BY b.id) AS people
        FROM bookings b
        JOIN users u ON u.id = b.account_user_id
        JOIN clients c ON c.id = u.client_id
        JOIN membership_users m ON m.id = b.membership_user_id
       WHERE b.occurrence_id = ${occurrenceId} AND b.status = 'confirmed'
       GROUP BY u.id, c.name ORDER BY u.id`.execute(db)
  ).rows;

export const insertChange = (db: Db, change: Omit<OperatorChangesTable, 'id' | 'created_at' | 'detail'> & { detail: Record<string, unknown> }) =>
  db
    .insertInto('operator_changes')
    .values({ ...change, detail: JSON.stringify(change.detail) as unknown as Record<string, unknown> })
    .returning('id')
    .executeTakeFirstOrThrow();

export type ChangeRow = {
  id: number;
  action: string;
  occurrence_id: number | null;
  detail: Record<string, unknown>;
  reason: string | null;
  actor_id: number;
  actor_name: string;
  created_at: Date;
};

export const changesOfVenue = async (db: Db, clientId: number, venueId: number, limit: number, offset: number) => {
  const [{ rows }, counted] = await Promise.all([
    sql<ChangeRow>`
      SELECT ch.id::integer AS id, ch.action, ch.occurrence_id, ch.detail, ch.reason, u.id AS actor_id,
             u.first_name || ' ' || u.last_name AS actor_name, ch.created_at
        FROM operator_changes ch JOIN users u ON u.id = ch.actor_user_id
       WHERE ch.client_id = ${clientId} AND (ch.venue_id = ${venueId} OR (ch.venue_id IS NULL AND ch.action IN ('theme_changed', 'maintenance_changed')))
       ORDER BY ch.created_at DESC, ch.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
    db
      .selectFrom('operator_changes')
      .select(sql<number>`count(*)::integer`.as('n'))
      .where('client_id', '=', clientId)
      .where((eb) => eb.or([eb('venue_id', '=', venueId), eb.and([eb('venue_id', 'is', null), eb('action', 'in', ['theme_changed', 'maintenance_changed'])])]))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: counted.n };
};

/** The client's no-show policy (0069 columns), locked for a change when `lock`. */
export const findNoShowPolicy = async (db: Db, clientId: number, lock = false) => {
  const query = db.selectFrom('clients').select(['no_show_limit', 'no_show_window_days', 'no_show_fee_pence', 'currency_symbol']).where('id', '=', clientId);
  return (lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
};

export const setNoShowPolicy = (db: Db, clientId: number, policy: { limit: number; window_days: number; fee_pence: number }) =>
  db.updateTable('clients').set({ no_show_limit: policy.limit, no_show_window_days: policy.window_days, no_show_fee_pence: policy.fee_pence }).where('id', '=', clientId).execute();

export const policyChanges = (db: Db, clientId: number, limit: number) =>
  db
    .selectFrom('operator_changes as ch')
    .innerJoin('users as u', 'u.id', 'ch.actor_user_id')
    .select(['ch.id', 'ch.detail', 'ch.created_at', 'u.id as actor_id', sql<string>`u.first_name || ' ' || u.last_name`.as('actor_name')])
    .where('ch.client_id', '=', clientId)
    .where('ch.action', '=', 'no_show_policy_changed')
    .orderBy('ch.created_at', 'desc')
    .orderBy('ch.id', 'desc')
    .limit(limit)
    .execute();

/* ---- Session series (docs/operator-tools.md "Session series") ---- */

/** The class sub-activities offered at the venue (a series names one: its timetable page). */
export const classCategoriesAt = async (db: Db, clientId: number, venueId: number) =>
  (
    await sql<{ id: number; name: string; slug: string; parent: string | null }>`
      SELECT c.id, c.name, c.slug, p.name AS parent
        FROM activity_categories c
        JOIN category_locations cl ON cl.category_id = c.id AND cl.venue_id = ${venueId}
        LEFT JOIN activity_categories p ON p.id = c.parent_id
       WHERE c.client_id = ${clientId} AND c.parent_id IS NOT NULL AND coalesce(c.v2_type, p.v2_type) = 'classes'
       ORDER BY p.name NULLS FIRST, c.sort_order, c.name`.execute(db)
  ).rows;

/** The venue's local date today. */
export const venueToday = async (db: Db, venueId: number) =>
  (await sql<{ today: string }>`SELECT to_char((now() AT TIME ZONE timezone)::date, 'YYYY-MM-DD') AS today FROM venues WHERE id = ${venueId}`.execute(db)).rows[0]!.today;

export const insertActivity = (db: Db, row: { client_id: number; venue_id: number; category_id: number; name: string; description: string | null; booking_window_days: number; visitor_window_days: number }) =>
  db.insertInto('activities').values({ ...row, kind: 'class' }).returning('id').executeTakeFirstOrThrow();

export const insertPricingOption = (db: Db, row: { client_id: number; activity_id: number; name: string; price_pence: number; member_price_pence: number }) =>
  db.insertInto('pricing_options').values(row).returning('id').executeTakeFirstOrThrow();

export const insertTemplate = (
  db: Db,
  row: { client_id: number; activity_id: number; location_id: number | null; instructor_id: number | null; iso_day_of_week: number; start_time: string; duration_minutes: number; capacity: number; valid_from: string },
) => db.insertInto('activity_templates').values({ ...row, valid_until: null }).returning('id').executeTakeFirstOrThrow();

/** The series' first occurrence and how many were made. */
export const templateOccurrences = async (db: Db, templateId: number) =>
  (
    await sql<{ first_date: string | null; n: number }>`
      SELECT to_char(min(local_date), 'YYYY-MM-DD') AS first_date, count(*)::int AS n FROM occurrences WHERE template_id = ${templateId}`.execute(db)
  ).rows[0]!;

/** The operator by slug and a manager to record an import against (by email, else the first). */
export const findClientBySlug = (db: Db, slug: string) => db.selectFrom('clients').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();

export const findManager = (db: Db, clientId: number, email: string | null) => {
  let query = db.selectFrom('users').select(['id', 'email']).where('client_id', '=', clientId).where('operator_role', '=', 'manager');
  if (email !== null) query = query.where(sql`lower(email)`, '=', email.toLowerCase());
  return query.orderBy('id').executeTakeFirst();
};

/* ---- Venues: details, opening hours, footer text (docs/operator-tools.md "Venues") ---- */

export const DETAIL_COLUMNS = ['name', 'address_line1', 'address_line2', 'town', 'postcode', 'phone', 'email', 'description'] as const;

/** The venue's editable row, locked for a change when `lock` (changes to one venue queue here). */
export const findVenueRow = async (db: Db, clientId: number, venueId: number, lock = false) => {
  const query = db
    .selectFrom('venues')
    .select(['id', 'slug', 'footer_html', ...DETAIL_COLUMNS])
    .where('client_id', '=', clientId)
    .where('id', '=', venueId);
  return (lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
};

export const setDetails = (db: Db, venueId: number, details: VenueDetailsInput) => db.updateTable('venues').set(details).where('id', '=', venueId).execute();

export const setFooterHtml = (db: Db, venueId: number, html: string | null) => db.updateTable('venues').set({ footer_html: html }).where('id', '=', venueId).execute();

/** Replaces the venue's weekly hours; the close-after-open rule is also a CHECK of the table. */
export const replaceOpeningHours = async (db: Db, venueId: number, days: readonly OpeningDay[]) => {
  await db.deleteFrom('venue_opening_hours').where('venue_id', '=', venueId).execute();
  if (days.length > 0) await db.insertInto('venue_opening_hours').values(days.map((day) => ({ venue_id: venueId, ...day }))).execute();
};

/* ---- Activities and categories (docs/operator-tools.md "Activities and categories") ---- */

export type CategoryRow = { id: number; parent_id: number | null; slug: string; name: string; short_description: string | null; v2_type: string | null; offered: boolean };

/** Every category of the client, roots first then by display order, each marked offered at the venue or not. */
export const categoriesOfClient = async (db: Db, clientId: number, venueId: number) =>
  (
    await sql<CategoryRow>`
      SELECT c.id, c.parent_id, c.slug, c.name, c.short_description, c.v2_type,
             EXISTS (SELECT 1 FROM category_locations cl WHERE cl.category_id = c.id AND cl.venue_id = ${venueId}) AS offered
        FROM activity_categories c
       WHERE c.client_id = ${clientId}
       ORDER BY c.parent_id NULLS FIRST, c.sort_order, c.name, c.id`.execute(db)
  ).rows;

/** One category of the client, locked for a change when `lock`. */
export const findCategory = async (db: Db, clientId: number, categoryId: number, lock = false) => {
  const query = db
    .selectFrom('activity_categories')
    .select(['id', 'parent_id', 'slug', 'name', 'short_description', 'v1_type', 'v2_type', 'browse_by_name', 'allows_guests'])
    .where('client_id', '=', clientId)
    .where('id', '=', categoryId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
};

/** The client's slugs that start with `base` (a new category's slug is made unique against them). */
export const categorySlugsLike = async (db: Db, clientId: number, base: string) =>
  (await db.selectFrom('activity_categories').select('slug').where('client_id', '=', clientId).where('slug', 'like', `${base}%`).execute()).map((r) => r.slug);

export const nextCategorySortOrder = async (db: Db, clientId: number, parentId: number | null) =>
  (
    await sql<{ n: number }>`SELECT coalesce(max(sort_order) + 1, 0)::int AS n FROM activity_categories WHERE client_id = ${clientId} AND parent_id IS NOT DISTINCT FROM ${parentId}`.execute(db)
  ).rows[0]!.n;

export const insertCategory = (
  db: Db,
  row: { client_id: number; parent_id: number | null; slug: string; name: string; short_description: string | null; v1_type: string | null; v2_type: string | null; browse_by_name: string; allows_guests: boolean; sort_order: number },
) =>
  db
    .insertInto('activity_categories')
    .values({ ...row, v1_type: row.v1_type as never, v2_type: row.v2_type as never, image_url: null, description: null, allocation_strategy: null })
    .returning('id')
    .executeTakeFirstOrThrow();

export const renameCategory = (db: Db, categoryId: number, change: { name: string; short_description: string | null }) =>
  db.updateTable('activity_categories').set(change).where('id', '=', categoryId).execute();

/** Offers the categories at the venue (those already offered stay); answers how many were added. */
export const offerCategories = async (db: Db, venueId: number, categoryIds: readonly number[]) =>
  categoryIds.length === 0
    ? 0
    : (await db.insertInto('category_locations').values(categoryIds.map((category_id) => ({ category_id, venue_id: venueId }))).onConflict((oc) => oc.doNothing()).returning('category_id').execute()).length;

/** Takes the categories off the venue; answers how many were taken off. */
export const hideCategories = async (db: Db, venueId: number, categoryIds: readonly number[]) =>
  categoryIds.length === 0 ? 0 : (await db.deleteFrom('category_locations').where('venue_id', '=', venueId).where('category_id', 'in', categoryIds).returning('category_id').execute()).length;

export const childCategoryIds = async (db: Db, clientId: number, parentId: number) =>
  (await db.selectFrom('activity_categories').select('id').where('client_id', '=', clientId).where('parent_id', '=', parentId).execute()).map((r) => r.id);

/* ---- Editing and ending a series (docs/operator-tools.md "Editing and ending a series") ---- */

export type SeriesRow = {
  template_id: number; activity_id: number; name: string; venue_id: number; venue_slug: string; timezone: string; iso_day_of_week: number; start_time: string; duration_minutes: number;
  instructor_id: number | null; location_id: number | null; capacity: number; price_pence: number; member_price_pence: number; pricing_option_id: number; booking_window_days: number;
  tag_ids: number[]; valid_from: string; valid_until: string | null;
};

/** A class series of the client by its template (the series' first pricing option is its price), locked for a change when `lock`. */
export const findSeries = async (db: Db, clientId: number, templateId: number, lock = false) =>
  (
    await sql<SeriesRow>`
      SELECT t.id AS template_id, a.id AS activity_id, a.name, v.id AS venue_id, v.slug AS venue_slug, v.timezone, t.iso_day_of_week,
             to_char(t.start_time, 'HH24:MI') AS start_time, t.duration_minutes, t.instructor_id, t.location_id, t.capacity,
             p.price_pence, p.member_price_pence, p.id AS pricing_option_id, a.booking_window_days,
             coalesce((SELECT array_agg(at.tag_id ORDER BY at.tag_id) FROM activity_tags at WHERE at.activity_id = a.id), '{}') AS tag_ids,
             to_char(t.valid_from, 'YYYY-MM-DD') AS valid_from, to_char(t.valid_until, 'YYYY-MM-DD') AS valid_until
        FROM activity_templates t
        JOIN activities a ON a.id = t.activity_id AND a.kind = 'class'
        JOIN venues v ON v.id = a.venue_id
        JOIN LATERAL (SELECT * FROM pricing_options po WHERE po.activity_id = a.id ORDER BY po.sort_order, po.id LIMIT 1) p ON true
       WHERE t.client_id = ${clientId} AND t.id = ${templateId}
       ${lock ? sql`FOR UPDATE OF t, a` : sql``}`.execute(db)
  ).rows[0];

/** Locks the series' sessions not yet started and not cancelled (on or after `fromDate`), by id; each with its live bookings. */
export const lockFutureOccurrences = async (db: Db, templateId: number, fromDate: string) =>
  (
    await sql<{ id: number; local_date: string; booked: number }>`
      SELECT o.id, to_char(o.local_date, 'YYYY-MM-DD') AS local_date,
             (SELECT count(*)::int FROM place_claims pc WHERE pc.occurrence_id = o.id AND pc.status = 'active' AND pc.kind = 'booking') AS booked
        FROM occurrences o
       WHERE o.template_id = ${templateId} AND o.local_date >= ${fromDate}::date AND o.starts_at > now() AND o.cancelled_at IS NULL
       ORDER BY o.id FOR UPDATE OF o`.execute(db)
  ).rows;

export const updateTemplate = (db: Db, templateId: number, change: { iso_day_of_week: number; start_time: string; duration_minutes: number; instructor_id: number | null; location_id: number | null; capacity: number }) =>
  db.updateTable('activity_templates').set(change).where('id', '=', templateId).execute();

export const endTemplate = (db: Db, templateId: number, lastDate: string) => db.updateTable('activity_templates').set({ valid_until: lastDate }).where('id', '=', templateId).execute();

export const updateSeriesActivity = (db: Db, activityId: number, bookingWindowDays: number, visitorWindowDays: number) =>
  db.updateTable('activities').set({ booking_window_days: bookingWindowDays, visitor_window_days: visitorWindowDays }).where('id', '=', activityId).execute();

export const updatePrice = (db: Db, pricingOptionId: number, price: { price_pence: number; member_price_pence: number }) => db.updateTable('pricing_options').set(price).where('id', '=', pricingOptionId).execute();

export const replaceActivityTags = async (db: Db, activityId: number, tagIds: readonly number[]) => {
  await db.deleteFrom('activity_tags').where('activity_id', '=', activityId).execute();
  if (tagIds.length > 0) await db.insertInto('activity_tags').values(tagIds.map((tag_id) => ({ activity_id: activityId, tag_id }))).execute();
};

export const tagsOf = (db: Db, clientId: number) => db.selectFrom('tags').select(['id', 'name']).where('client_id', '=', clientId).orderBy('name').execute();

/**
 * Capacity on every listed session (the 0079 floor trigger refuses one below its places taken:
 * check_violation, occurrences_capacity_floor); time, duration, room and instructor on those of
 * `moveIds` (the sessions with no bookings).
 */
export const applyToOccurrences = async (db: Db, ids: readonly number[], moveIds: readonly number[], change: { start_time: string; duration_minutes: number; instructor_id: number | null; location_id: number | null; capacity: number }, timezone: string) => {
  if (ids.length > 0) await db.updateTable('occurrences').set({ capacity: change.capacity }).where('id', 'in', ids).where('capacity', '<>', change.capacity).execute();
  if (moveIds.length === 0) return;
  await sql`
    UPDATE occurrences SET
      starts_at = (local_date + ${change.start_time}::time) AT TIME ZONE ${timezone},
      ends_at = (local_date + ${change.start_time}::time) AT TIME ZONE ${timezone} + make_interval(mins => ${change.duration_minutes}),
      instructor_id = ${change.instructor_id}, location_id = ${change.location_id}
     WHERE id = ANY(${moveIds as number[]}::int[])`.execute(db);
};

export const cancelOccurrences = (db: Db, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve() : db.updateTable('occurrences').set({ cancelled_at: sql<Date>`now()` }).where('id', 'in', ids).where('cancelled_at', 'is', null).execute();

/** Every date the series has a session on (cancelled and past ones too: `UNIQUE (template_id, local_date)` counts them). */
export const seriesDates = async (db: Db, templateId: number) =>
  (await sql<{ id: number; local_date: string }>`SELECT id, to_char(local_date, 'YYYY-MM-DD') AS local_date FROM occurrences WHERE template_id = ${templateId}`.execute(db)).rows;

/** Of the sessions and the dates they would move to, those that would then start after now (the time in the venue's zone). */
export const startAfterNow = async (db: Db, moves: readonly { id: number; to: string }[], startTime: string, timezone: string) =>
  moves.length === 0
    ? new Set<number>()
    : new Set(
        (
          await sql<{ id: number }>`
            SELECT m.id FROM unnest(${moves.map((m) => m.id)}::int[], ${moves.map((m) => m.to)}::date[]) AS m(id, day)
             WHERE (m.day + ${startTime}::time) AT TIME ZONE ${timezone} > now()`.execute(db)
        ).rows.map((r) => r.id),
      );

/** Moves a session to another date (its times follow in applyToOccurrences, which works from local_date). */
export const moveToDate = (db: Db, occurrenceId: number, date: string) => db.updateTable('occurrences').set({ local_date: date }).where('id', '=', occurrenceId).execute();
