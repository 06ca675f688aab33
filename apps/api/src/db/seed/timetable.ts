import { sql, type Insertable, type Transaction } from 'kysely';
import type { ActivityTemplatesTable, Database } from '../schema.ts';
import { VENUE_TIMEZONE } from './client.ts';
import { materialiseOccurrences } from '../../modules/timetable/service.ts';
import {
  FILLER_CUSTOMERS,
  FILLER_FIRST_NAMES,
  FILLER_LAST_NAMES,
  MIGRATION_DEMO_OFFSET_DAYS,
  MIGRATION_DEMO_VENUE,
  RESOURCE_COUNTS,
  TIMETABLE_OFFERS,
  type SeedOffer,
  type SeedTimetableActivity,
  type WeeklyTimes,
} from './timetable-catalogue.ts';

type Trx = Transaction<Database>;

/** Days the fillers' bookings cover: venue-local yesterday … the booking window. */
const BUSY_DAYS_AHEAD = 8;

const idsBy = async <K extends string>(rows: Promise<{ id: number; key: K }[]>) => {
  const map = new Map((await rows).map((row) => [row.key as string, row.id]));
  return (key: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`The timetable demo data refers to an unknown '${key}'.`);
    return id;
  };
};

/** ISO day (1 = Monday) → that day's start times. */
const timesOn = (times: WeeklyTimes, isoDay: number) => (isoDay <= 5 ? times.weekdays : isoDay === 6 ? times.saturday : times.sunday);

const CHUNK = 4000;
const insertChunked = async <T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
};

type PlannedActivity = { venueId: number; categoryId: number; offer: SeedOffer; activity: SeedTimetableActivity; index: number };

/**
 * The timetable of every demo venue (issue 9): activities, tags, prices, locations and weekly
 * templates for each sub-activity it offers, the occurrences of venue-local yesterday … today +
 * 21 (the same SQL as the scheduled job), the migration-date venue, and other customers'
 * bookings and waitlist places so that some classes are full with people waiting and some
 * nearly full. Bulk inserts only; runs inside the seed's one transaction.
 */
export const seedTimetable = async (
  trx: Trx,
  clientId: number,
  venueActivities: Readonly<Record<string, readonly string[]>>,
  fillerPasswordHash: string,
): Promise<void> => {
  const venueId = await idsBy(trx.selectFrom('venues').select(['id', 'slug as key']).where('client_id', '=', clientId).execute());
  const categoryId = await idsBy(trx.selectFrom('activity_categories').select(['id', 'slug as key']).where('client_id', '=', clientId).execute());
  const instructorId = await idsBy(trx.selectFrom('instructors').select(['id', 'name as key']).where('client_id', '=', clientId).execute());
  const tagId = await idsBy(trx.selectFrom('tags').select(['id', 'name as key']).where('client_id', '=', clientId).execute());

  // Activities: one per offered activity of each sub-activity at each venue.
  const planned: PlannedActivity[] = [];
  for (const [venue, leaves] of Object.entries(venueActivities)) {
    for (const leaf of leaves) {
      const offer = TIMETABLE_OFFERS[leaf];
      if (!offer) continue; // courses are booked from the course pages, not a timetable
      const activities = offer.kind === 'resource' ? [offer.activity] : offer.activities;
      activities.forEach((activity, index) => planned.push({ venueId: venueId(venue), categoryId: categoryId(leaf), offer, activity, index }));
    }
  }
  const activityRows = await trx
    .insertInto('activities')
    .values(
      planned.map((p) => ({
        client_id: clientId,
        venue_id: p.venueId,
        category_id: p.categoryId,
        kind: p.offer.kind,
        name: p.activity.name,
        description: p.activity.description,
        sort_order: p.index,
      })),
    )
    .returning('id')
    .execute();
  const activityIds = activityRows.map((row) => row.id);

  const tagRows = planned.flatMap((p, i) => p.activity.tags.map((tag) => ({ activity_id: activityIds[i]!, tag_id: tagId(tag) })));
  if (tagRows.length > 0) await trx.insertInto('activity_tags').values(tagRows).execute();
  await trx
    .insertInto('pricing_options')
    .values(
      planned.flatMap((p, i) =>
        p.offer.pricing.map((price, sort) => ({ client_id: clientId, activity_id: activityIds[i]!, ...price, sort_order: sort })),
      ),
    )
    .execute();

  // Locations: the shared spaces, and each venue's courts, tables, pitches and halls.
  const slugOfVenue = new Map(Object.keys(venueActivities).map((slug) => [venueId(slug), slug]));
  const locations = new Map<string, { client_id: number; venue_id: number; slug: string; name: string; type: string; sort_order: number }>();
  const courtsOf = (p: PlannedActivity) => {
    if (p.offer.kind !== 'resource') return [];
    const leaf = [...Object.entries(TIMETABLE_OFFERS)].find(([, offer]) => offer === p.offer)![0];
    const count = RESOURCE_COUNTS[slugOfVenue.get(p.venueId)!]?.[leaf] ?? p.offer.count;
    const { slugPrefix, namePrefix, type } = p.offer.location;
    return Array.from({ length: count }, (_, i) => ({ slug: `${slugPrefix}-${i + 1}`, name: `${namePrefix} ${i + 1}`, type, sort_order: i + 1 }));
  };
  for (const p of planned) {
    const wanted = p.offer.kind === 'resource' ? courtsOf(p) : [{ ...p.offer.location, sort_order: 0 }];
    for (const location of wanted) {
      locations.set(`${p.venueId}/${location.slug}`, { client_id: clientId, venue_id: p.venueId, ...location });
    }
  }
  const locationRows = await trx
    .insertInto('locations')
    .values([...locations.values()].map((l) => ({ ...l, type: l.type as Insertable<Database['locations']>['type'] })))
    .returning(['id', 'venue_id', 'slug'])
    .execute();
  const locationId = new Map(locationRows.map((row) => [`${row.venue_id}/${row.slug}`, row.id]));

  // Weekly templates, valid from a week ago so yesterday materialises too.
  const { valid_from } = (
    await sql<{ valid_from: string }>`SELECT to_char((now() AT TIME ZONE ${VENUE_TIMEZONE})::date - 7, 'YYYY-MM-DD') AS valid_from`.execute(trx)
  ).rows[0]!;
  const templates: Insertable<ActivityTemplatesTable>[] = [];
  planned.forEach((p, i) => {
    for (let isoDay = 1; isoDay <= 7; isoDay++) {
      timesOn(p.offer.times, isoDay).forEach((time, slot) => {
        const base = { client_id: clientId, activity_id: activityIds[i]!, iso_day_of_week: isoDay, start_time: time, duration_minutes: p.offer.duration_minutes, valid_from };
        if (p.offer.kind === 'resource') {
          for (const court of courtsOf(p)) {
            templates.push({ ...base, location_id: locationId.get(`${p.venueId}/${court.slug}`)!, instructor_id: null, capacity: 1 });
          }
          return;
        }
        // Sessions with several activities (classes) share the week's times between them.
        const activities = p.offer.activities.length;
        if ((isoDay + slot) % activities !== p.index) return;
        const instructors = p.offer.instructors;
        templates.push({
          ...base,
          location_id: locationId.get(`${p.venueId}/${p.offer.location.slug}`)!,
          instructor_id: instructors.length === 0 ? null : instructorId(instructors[(isoDay + slot) % instructors.length]!),
          capacity: p.offer.capacity,
        });
      });
    }
  });
  await insertChunked(templates, (chunk) => trx.insertInto('activity_templates').values(chunk).execute());

  await materialiseOccurrences(trx, { clientId });

  // One venue switches from v1 to v2 inside the visible dates (spec §4).
  await sql`UPDATE venues SET activities_v2_enabled = true,
              migration_date = (now() AT TIME ZONE timezone)::date + ${MIGRATION_DEMO_OFFSET_DAYS}::int
            WHERE client_id = ${clientId} AND slug = ${MIGRATION_DEMO_VENUE}`.execute(trx);

  await seedBusyTimetable(trx, clientId, fillerPasswordHash);
};

/**
 * Other customers (no usable password) and their bookings over yesterday … today + 8, picked by
 * a hash of each occurrence so the pattern is stable: about one class in six full with one to
 * four people waiting, one in six nearly full, the rest partly booked; evening courts mostly
 * taken, daytime ones now and then; gym and swims partly booked, a few gym hours full.
 */
const seedBusyTimetable = async (trx: Trx, clientId: number, passwordHash: string) => {
  const people = Array.from({ length: FILLER_CUSTOMERS }, (_, i) => ({
    first_name: FILLER_FIRST_NAMES[i % FILLER_FIRST_NAMES.length]!,
    last_name: FILLER_LAST_NAMES[Math.floor(i / FILLER_FIRST_NAMES.length) % FILLER_LAST_NAMES.length]!,
    n: String(i + 1).padStart(3, '0'),
  }));
  const users = await trx
    .insertInto('users')
    .values(
      people.map((p) => ({
        client_id: clientId,
        reference: `ANW2${p.n}`,
        email: `member${p.n}@example.org`,
        password_hash: passwordHash,
        role: 'customer' as const,
        first_name: p.first_name,
        last_name: p.last_name,
      })),
    )
    .returning(['id', 'first_name', 'last_name'])
    .execute();
  await trx
    .insertInto('membership_users')
    .values(
      users.map((u) => ({
        client_id: clientId,
        account_user_id: u.id,
        user_id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
        date_of_birth: null,
        relationship: 'self' as const,
        home_venue_id: null,
      })),
    )
    .execute();

  await sql`
    WITH fillers AS (
      SELECT mu.id, mu.account_user_id, row_number() OVER (ORDER BY mu.id) AS rn
      FROM membership_users mu JOIN users u ON u.id = mu.account_user_id
      WHERE u.client_id = ${clientId} AND u.email LIKE 'member%@example.org'
    ),
    targets AS (
      SELECT o.id, o.client_id, o.capacity, o.location_id, o.starts_at, o.ends_at, a.kind, h.h,
             CASE
               WHEN a.kind = 'class' AND h.h < 17 THEN o.capacity
               WHEN a.kind = 'class' AND h.h < 34 THEN o.capacity - 1 - h.h % 2
               WHEN a.kind = 'class' THEN o.capacity * (h.h % 60) / 100
               WHEN a.kind = 'resource' AND extract(hour FROM o.starts_at AT TIME ZONE v.timezone) >= 17 THEN (h.h < 70)::int
               WHEN a.kind = 'resource' THEN (h.h < 25)::int
               WHEN a.kind = 'fast_ticket' AND o.capacity <= ${FILLER_CUSTOMERS}::int AND h.h < 4 THEN o.capacity
               ELSE o.capacity * (h.h % 25) / 100
             END AS booked
      FROM occurrences o
      JOIN activities a ON a.id = o.activity_id
      JOIN venues v ON v.id = o.venue_id
      CROSS JOIN LATERAL (SELECT abs(hashtext(o.id::text || 'busy')) % 100 AS h) h
      WHERE o.client_id = ${clientId}
        AND o.local_date BETWEEN (now() AT TIME ZONE v.timezone)::date - 1 AND (now() AT TIME ZONE v.timezone)::date + ${BUSY_DAYS_AHEAD}::int
    ),
    claims AS (
      INSERT INTO place_claims (client_id, occurrence_id, location_id, during, account_user_id, membership_user_id, kind)
      SELECT t.client_id, t.id, CASE WHEN t.kind = 'resource' THEN t.location_id END, tstzrange(t.starts_at, t.ends_at),
             f.account_user_id, f.id, 'booking'
      FROM targets t JOIN fillers f ON f.rn <= t.booked
      RETURNING id, client_id, occurrence_id, account_user_id, membership_user_id
    ),
    booked AS (
      INSERT INTO bookings (client_id, claim_id, occurrence_id, account_user_id, membership_user_id, pricing_option_id, price_pence)
      SELECT c.client_id, c.id, c.occurrence_id, c.account_user_id, c.membership_user_id, po.id, po.price_pence
      FROM claims c
      JOIN occurrences o ON o.id = c.occurrence_id
      CROSS JOIN LATERAL (SELECT p.id, p.price_pence FROM pricing_options p WHERE p.activity_id = o.activity_id ORDER BY p.sort_order, p.id LIMIT 1) po
      RETURNING id
    )
    INSERT INTO waitlist_entries (client_id, occurrence_id, account_user_id, membership_user_id, created_at)
    SELECT t.client_id, t.id, f.account_user_id, f.id, now() - make_interval(mins => (f.rn - t.booked)::int)
    FROM targets t JOIN fillers f ON f.rn > t.booked AND f.rn <= t.booked + 1 + t.h % 4
    WHERE t.kind = 'class' AND t.booked = t.capacity AND t.starts_at > now()`.execute(trx);
};
