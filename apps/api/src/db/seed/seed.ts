import { sql, type Transaction } from 'kysely';
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../lib/password.ts';
import type { Db } from '../connect.ts';
import type { Database } from '../schema.ts';
import { VENUE_TIMEZONE } from './client.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_DATA, type DemoData } from './demo-data.ts';
import { buildVenueFooterHtml, weeklyOpeningHours } from './venue-footer.ts';
import { daysFromLoad } from './venue-profiles.ts';
import { seedTimetable } from './timetable.ts';
import { seedCheckout } from './checkout.ts';
import { seedHoldings } from './holdings.ts';
import { seedOnlinePlans } from './membership-plans.ts';
import { seedDiscounts } from './discounts.ts';
import { seedDemoBookings } from './bookings.ts';
import { seedFrontOfHouse } from './front-of-house.ts';

type Trx = Transaction<Database>;
type Lookup = (key: string) => number;

/**
 * Key of the transaction-level advisory lock that serialises seeding. API instances
 * starting together on an empty database queue on it; the second one then finds the
 * client row and does nothing. Any constant will do as long as no other lock uses it.
 */
const SEED_LOCK_KEY = 4_172_653_001;

const hasAnyClient = async (db: Db | Trx): Promise<boolean> =>
  (await db.selectFrom('clients').select('id').limit(1).executeTakeFirst()) !== undefined;

/** An id lookup by slug or name that fails loudly when the demo data has a typo. */
const lookup = (rows: readonly { id: number; key: string }[], what: string): Lookup => {
  const ids = new Map(rows.map((row) => [row.key, row.id]));
  return (key) => {
    const id = ids.get(key);
    if (id === undefined) throw new Error(`The demo data refers to an unknown ${what}: '${key}'.`);
    return id;
  };
};

const insertClient = async (trx: Trx, data: DemoData): Promise<number> => {
  const { id: clientId } = await trx
    .insertInto('clients')
    .values(data.client)
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('client_domains')
    .values(data.domains.map((host) => ({ client_id: clientId, host })))
    .execute();
  return clientId;
};

const insertVenuesAndThemes = async (trx: Trx, clientId: number, data: DemoData): Promise<Lookup> => {
  const rows = await trx
    .insertInto('venues')
    .values(
      data.venues.map((venue) => {
        const { opening_hours: _openingHours, ...columns } = venue;
        return {
          ...columns,
          client_id: clientId,
          timezone: VENUE_TIMEZONE,
          image_url: null,
          footer_html: buildVenueFooterHtml(venue),
        };
      }),
    )
    .returning(['id', 'slug as key'])
    .execute();
  const venueId = lookup(rows, 'venue');
  await trx
    .insertInto('venue_opening_hours')
    .values(data.venues.flatMap((venue) => weeklyOpeningHours(venue.opening_hours).map((day) => ({ ...day, venue_id: venueId(venue.slug) }))))
    .execute();
  await trx
    .insertInto('themes')
    .values([
      { ...data.clientTheme, client_id: clientId, venue_id: null },
      ...data.venueThemes.map(({ venue, theme }) => ({ ...theme, client_id: clientId, venue_id: venueId(venue) })),
    ])
    .execute();
  return venueId;
};

type CategoryIds = { categoryId: Lookup; rootSlugOf: ReadonlyMap<string, string> };

const insertCategories = async (trx: Trx, clientId: number, data: DemoData): Promise<CategoryIds> => {
  const base = { client_id: clientId, image_url: null, browse_by_name: 'location' };
  const roots = await trx
    .insertInto('activity_categories')
    .values(
      data.categories.map(({ children: _children, ...root }, index) => ({
        ...base,
        ...root,
        parent_id: null,
        allocation_strategy: null,
        sort_order: index,
      })),
    )
    .returning(['id', 'slug as key'])
    .execute();
  const rootId = lookup(roots, 'root category');
  const children = await trx
    .insertInto('activity_categories')
    .values(
      data.categories.flatMap((root) =>
        root.children.map((child, index) => ({
          ...base,
          ...child,
          parent_id: rootId(root.slug),
          allocation_strategy: child.allocation_strategy ?? null,
          v1_type: root.v1_type,
          v2_type: root.v2_type,
          sort_order: index,
        })),
      ),
    )
    .returning(['id', 'slug as key'])
    .execute();
  const rootSlugOf = new Map(data.categories.flatMap((root) => root.children.map((child) => [child.slug, root.slug] as const)));
  return { categoryId: lookup([...roots, ...children], 'category'), rootSlugOf };
};

/** Links each offered sub-activity, and its root, to the venue. */
const insertCategoryLocations = async (
  trx: Trx,
  data: DemoData,
  venueId: Lookup,
  { categoryId, rootSlugOf }: CategoryIds,
): Promise<void> => {
  const pairs = new Map<string, { category_id: number; venue_id: number }>();
  for (const [venueSlug, leafSlugs] of Object.entries(data.venueActivities)) {
    for (const leafSlug of leafSlugs) {
      const rootSlug = rootSlugOf.get(leafSlug);
      if (rootSlug === undefined) throw new Error(`The demo data offers '${leafSlug}' at ${venueSlug}, but it is not a sub-activity.`);
      for (const slug of [rootSlug, leafSlug]) {
        pairs.set(`${slug}@${venueSlug}`, { category_id: categoryId(slug), venue_id: venueId(venueSlug) });
      }
    }
  }
  await trx.insertInto('category_locations').values([...pairs.values()]).execute();
};

/** The first `dayOfWeek` (0 = Sunday) on or after `from` plus `days`, as 'YYYY-MM-DD'. */
export const firstWeekdayFrom = (from: string, days: number, dayOfWeek: number): string => {
  const date = new Date(`${from}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCDate(date.getUTCDate() + ((dayOfWeek - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
};

const insertCourses = async (
  trx: Trx,
  clientId: number,
  data: DemoData,
  venueId: Lookup,
  { categoryId }: CategoryIds,
): Promise<void> => {
  const instructors = await trx
    .insertInto('instructors')
    .values(data.instructors.map(({ name, bio }) => ({ client_id: clientId, name, bio })))
    .returning(['id', 'name as key'])
    .execute();
  const tags = await trx
    .insertInto('tags')
    .values(data.tags.map((name) => ({ client_id: clientId, name })))
    .returning(['id', 'name as key'])
    .execute();
  const instructorId = lookup(instructors, 'instructor');
  const tagId = lookup(tags, 'tag');

  for (const course of data.courses) {
    const offered = data.venueActivities[course.venue] ?? [];
    if (!offered.includes(course.category)) {
      throw new Error(`The demo course '${course.slug}' is in '${course.category}', which ${course.venue} does not offer.`);
    }
  }
  const rows = await trx
    .insertInto('courses')
    .values(
      data.courses.map(({ venue, category, instructor, tags: _tags, starts_in_days, ...course }) => ({
        ...course,
        starts_on: firstWeekdayFrom(daysFromLoad(0), starts_in_days, course.day_of_week),
        client_id: clientId,
        venue_id: venueId(venue),
        category_id: categoryId(category),
        instructor_id: instructor === null ? null : instructorId(instructor),
        image_url: null,
      })),
    )
    .returning(['id', 'venue_id', 'category_id', 'slug'])
    .execute();
  // (venue, category, slug) is the table's natural key, so it identifies the new rows.
  const courseId = lookup(
    rows.map((row) => ({ id: row.id, key: `${row.venue_id}/${row.category_id}/${row.slug}` })),
    'course',
  );
  const courseTags = data.courses.flatMap((course) =>
    course.tags.map((tag) => ({
      course_id: courseId(`${venueId(course.venue)}/${categoryId(course.category)}/${course.slug}`),
      tag_id: tagId(tag),
    })),
  );
  if (courseTags.length > 0) await trx.insertInto('course_tags').values(courseTags).execute();
};

const insertUsers = async (
  trx: Trx,
  clientId: number,
  data: DemoData,
  venueId: Lookup,
  passwordHashes: ReadonlyMap<string, string>,
): Promise<void> => {
  for (const account of data.users) {
    const passwordHash = passwordHashes.get(account.email);
    if (passwordHash === undefined) throw new Error(`No password hash was prepared for ${account.email}.`);
    const { id: userId } = await trx
      .insertInto('users')
      .values({
        client_id: clientId,
        reference: account.reference,
        email: account.email,
        password_hash: passwordHash,
        role: account.role,
        operator_role: account.operator_role ?? null,
        first_name: account.first_name,
        last_name: account.last_name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const household = { client_id: clientId, account_user_id: userId };
    await trx
      .insertInto('membership_users')
      .values([
        {
          ...household,
          user_id: userId,
          first_name: account.first_name,
          last_name: account.last_name,
          date_of_birth: account.date_of_birth,
          relationship: 'self',
          home_venue_id: venueId(account.home_venue),
        },
        ...account.family.map(({ home_venue, ...member }) => ({
          ...household,
          ...member,
          user_id: null,
          home_venue_id: venueId(home_venue),
        })),
      ])
      .execute();
  }
};

/** Whether the demo accounts are in the database (loaded now or on an earlier start). */
export const demoAccountsPresent = async (db: Db): Promise<boolean> =>
  (await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS.customer.email).limit(1).executeTakeFirst()) !== undefined;

/**
 * Loads the Active North West demo operator (DEMO_DATA) into an empty database.
 * If any client exists the database is left untouched and `seeded` is false; otherwise
 * every row goes in within one transaction, so a failure leaves no partial data.
 */
export const seedDemoData = async (db: Db): Promise<{ seeded: boolean }> => {
  if (await hasAnyClient(db)) return { seeded: false };

  // Password hashes are deliberately slow: hash before the transaction so it holds no locks meanwhile.
  const passwordHashes = new Map(
    await Promise.all(DEMO_DATA.users.map(async (user) => [user.email, await hashPassword(user.password, { patient: true })] as const)),
  );
  // The timetable's other customers share one hash of a random password nobody knows.
  const fillerHash = await hashPassword(randomBytes(24).toString('base64url'), { patient: true });

  return db.transaction().execute(async (trx) => {
    await trx
      .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.val(SEED_LOCK_KEY)]).as('locked'))
      .execute();
    if (await hasAnyClient(trx)) return { seeded: false };
    // The OpenActive feed items of the seeded sessions are made by the occurrences' own statement
    // triggers; the claims' per-row bump (deferred to commit, docs/openactive.md) only moves their
    // `modified` on, once per claim, which for the demo's thousands of booked places made this
    // commit take minutes. Off for this transaction's inserts (nothing else runs before the seed).
    await sql`ALTER TABLE place_claims DISABLE TRIGGER place_claims_openactive`.execute(trx);
    await sql`ALTER TABLE bookings DISABLE TRIGGER bookings_openactive`.execute(trx);

    const clientId = await insertClient(trx, DEMO_DATA);
    const venueId = await insertVenuesAndThemes(trx, clientId, DEMO_DATA);
    const categories = await insertCategories(trx, clientId, DEMO_DATA);
    await insertCategoryLocations(trx, DEMO_DATA, venueId, categories);
    await insertCourses(trx, clientId, DEMO_DATA, venueId, categories);
    await insertUsers(trx, clientId, DEMO_DATA, venueId, passwordHashes);
    await seedTimetable(trx, clientId, DEMO_DATA.venueActivities, fillerHash);
    await seedCheckout(trx, clientId);
    await seedHoldings(trx, clientId);
    await seedOnlinePlans(trx, clientId);
    await seedDiscounts(trx, clientId);
    await seedDemoBookings(trx, clientId);
    await seedFrontOfHouse(trx, clientId);
    await sql`ALTER TABLE place_claims ENABLE TRIGGER place_claims_openactive`.execute(trx);
    await sql`ALTER TABLE bookings ENABLE TRIGGER bookings_openactive`.execute(trx);
    return { seeded: true };
  });
};
