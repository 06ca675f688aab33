// Loads a bench client with 500 venues spread over Great Britain and the demo category tree.
import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/connect.ts';
import { CATEGORIES } from '../../apps/api/src/db/seed/categories.ts';

export const BENCH_CLIENT = 'bench-operator';
export const BENCH_HOST = 'bench.localhost';

/** Deterministic pseudo-random numbers (mulberry32), so every run loads the same data. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const TOWNS = ['Leeds', 'York', 'Bristol', 'Derby', 'Carlisle', 'Exeter', 'Norwich', 'Swansea', 'Perth', 'Durham'];

/** Replaces the bench client's data; returns the venue slugs. */
export const loadBenchVenues = async (db: Db, count = 500): Promise<string[]> => {
  const next = random(42);
  await db.deleteFrom('clients').where('slug', '=', BENCH_CLIENT).execute();
  const { id: clientId } = await db
    .insertInto('clients')
    .values({ slug: BENCH_CLIENT, name: 'Bench Operator' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('client_domains').values({ client_id: clientId, host: BENCH_HOST }).execute();

  const venues = await db
    .insertInto('venues')
    .values(
      Array.from({ length: count }, (_, i) => {
        const town = TOWNS[i % TOWNS.length]!;
        return {
          client_id: clientId,
          slug: `bench-venue-${i + 1}`,
          name: `${town} Leisure Centre ${i + 1}`,
          address_line1: `${i + 1} High Street`,
          town,
          postcode: 'AB1 2CD',
          // Great Britain's mainland box, roughly.
          lat: 50.2 + next() * 7.5,
          lng: -5.5 + next() * 7.2,
          description: 'A community leisure centre with a pool, gym, studios and a sports hall.',
        };
      }),
    )
    .returning(['id', 'slug'])
    .execute();

  const links: { category_id: number; venue_id: number }[] = [];
  for (const [order, root] of CATEGORIES.entries()) {
    const { id: rootId } = await db
      .insertInto('activity_categories')
      .values({
        client_id: clientId,
        slug: root.slug,
        name: root.name,
        short_description: root.short_description,
        description: root.description,
        v1_type: root.v1_type,
        v2_type: root.v2_type,
        sort_order: order,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rootVenues = new Set<number>();
    for (const [childOrder, child] of root.children.entries()) {
      const { id: childId } = await db
        .insertInto('activity_categories')
        .values({
          client_id: clientId,
          parent_id: rootId,
          slug: child.slug,
          name: child.name,
          short_description: child.short_description,
          description: child.description,
          allocation_strategy: child.allocation_strategy ?? null,
          v1_type: root.v1_type,
          v2_type: root.v2_type,
          sort_order: childOrder,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Each venue offers about 60 % of the sub-activities.
      for (const venue of venues) {
        if (next() < 0.6) {
          links.push({ category_id: childId, venue_id: venue.id });
          rootVenues.add(venue.id);
        }
      }
    }
    for (const venueId of rootVenues) links.push({ category_id: rootId, venue_id: venueId });
  }
  for (let i = 0; i < links.length; i += 2000) {
    await db.insertInto('category_locations').values(links.slice(i, i + 2000)).execute();
  }
  await sql`ANALYZE venues, activity_categories, category_locations`.execute(db);
  return venues.map((v) => v.slug);
};
