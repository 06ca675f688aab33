import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { useTestApp } from '../../../test/app.ts';
import { changeTenants } from '../../../test/tenant.ts';

// Catalogue answers are kept in memory per instance (lib/catalogue-cache.ts) while the client's
// catalogue version holds. These tests run two instances on one database and change the data
// under them: each change must show on the next request to either instance once that instance
// has heard of it (the tenant lookup, version included, is kept in memory until the change's
// note arrives: modules/client/tenant-cache.ts, migration 0041). `changed` waits for the note.
const ctx = useTestApp();
let second: App;

beforeAll(async () => {
  second = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' }), db: ctx.db, serveWeb: false, validateResponses: true });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
});

type Venue = { slug: string; name: string };
type Category = { slug: string; name: string; children_count: number };

const instances = () => [ctx.app, second];
const changed = (change: () => Promise<unknown>) => changeTenants(instances(), change);
const venues = async (app: App, host = 'localhost') => {
  const response = await app.inject({ method: 'GET', url: '/api/activities/venues', headers: { host } });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Venue[] }>().data;
};
const categories = async (app: App, venue = 'bury-leisure-centre') => {
  const response = await app.inject({ method: 'GET', url: `/api/activities/venue/${venue}/categories` });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Category[] }>().data;
};
const category = async (app: App, slug: string, venue = 'bury-leisure-centre') => {
  const response = await app.inject({ method: 'GET', url: `/api/activities/venue/${venue}/categories/${slug}` });
  return { status: response.statusCode, body: response.json<{ data: Category }>() };
};
const nameOf = (list: readonly Venue[], slug: string) => list.find((v) => v.slug === slug)?.name;

describe('catalogue answers kept in memory', () => {
  it('answers a kept venue list as JSON with the security headers', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/activities/venues' });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.json<{ data: Venue[] }>().data.length).toBeGreaterThanOrEqual(16);
    }
  });

  it('shows a venue renamed in the database on every instance once heard', async () => {
    for (const app of instances()) expect(nameOf(await venues(app), 'bury-leisure-centre')).toBe('Bury Leisure Centre');
    await changed(() => ctx.db.updateTable('venues').set({ name: 'Bury Leisure and Wellbeing Centre' }).where('slug', '=', 'bury-leisure-centre').execute());
    for (const app of instances()) expect(nameOf(await venues(app), 'bury-leisure-centre')).toBe('Bury Leisure and Wellbeing Centre');
  });

  it('shows an added and a removed venue once heard', async () => {
    const client = await ctx.db.selectFrom('venues').select('client_id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
    for (const app of instances()) await venues(app);
    await changed(() =>
      ctx.db
        .insertInto('venues')
        .values({ client_id: client.client_id, slug: 'new-lido', name: 'New Lido', address_line1: '1 Park Road', town: 'Bury', postcode: 'BL9 0AA' })
        .execute(),
    );
    for (const app of instances()) expect(nameOf(await venues(app), 'new-lido')).toBe('New Lido');
    await changed(() => ctx.db.deleteFrom('venues').where('slug', '=', 'new-lido').execute());
    for (const app of instances()) expect(nameOf(await venues(app), 'new-lido')).toBeUndefined();
  });

  it('shows a category renamed or withdrawn from a venue once heard, in the list and the detail', async () => {
    for (const app of instances()) {
      expect((await categories(app)).map((c) => c.slug)).toContain('yoga');
      expect((await category(app, 'yoga')).status).toBe(200);
    }
    await changed(() => ctx.db.updateTable('activity_categories').set({ name: 'Hatha Yoga' }).where('slug', '=', 'yoga').execute());
    for (const app of instances()) {
      expect((await categories(app)).find((c) => c.slug === 'yoga')?.name).toBe('Hatha Yoga');
      expect((await category(app, 'yoga')).body.data.name).toBe('Hatha Yoga');
    }
    const bury = ctx.db.selectFrom('venues').select('id').where('slug', '=', 'bury-leisure-centre');
    const yoga = ctx.db.selectFrom('activity_categories').select('id').where('slug', '=', 'yoga');
    await changed(() => ctx.db.deleteFrom('category_locations').where('venue_id', '=', bury).where('category_id', '=', yoga).execute());
    for (const app of instances()) {
      expect((await categories(app)).map((c) => c.slug)).not.toContain('yoga');
      expect((await category(app, 'yoga')).status).toBe(404);
    }
    await changed(() => ctx.db.insertInto('category_locations').columns(['venue_id', 'category_id']).expression(bury.select(yoga.as('c'))).execute());
    for (const app of instances()) expect((await categories(app)).map((c) => c.slug)).toContain('yoga');
  });

  it('serves the kept answer while the version holds (the version, not luck, is what refreshes it)', async () => {
    for (const app of instances()) await categories(app, 'radcliffe-leisure-centre');
    // A change the triggers do not see (they are switched off for it) leaves the version alone…
    await sql`ALTER TABLE activity_categories DISABLE TRIGGER USER`.execute(ctx.db);
    try {
      await ctx.db.updateTable('activity_categories').set({ name: 'Unseen Spin' }).where('slug', '=', 'spin').execute();
    } finally {
      await sql`ALTER TABLE activity_categories ENABLE TRIGGER USER`.execute(ctx.db);
    }
    for (const app of instances()) expect((await categories(app, 'radcliffe-leisure-centre')).map((c) => c.name)).not.toContain('Unseen Spin');
    // …and the next counted change brings everything up to date.
    await changed(() => ctx.db.updateTable('activity_categories').set({ short_description: 'Indoor cycling' }).where('slug', '=', 'spin').execute());
    for (const app of instances()) expect((await categories(app, 'radcliffe-leisure-centre')).map((c) => c.name)).toContain('Unseen Spin');
  });

  it('keeps clients apart: another client’s change neither shows nor refreshes this one', async () => {
    await changed(async () => {
      const other = await ctx.db.insertInto('clients').values({ slug: 'cache-other', name: 'Cache Other' }).returning('id').executeTakeFirstOrThrow();
      await ctx.db.insertInto('client_domains').values({ client_id: other.id, host: 'cache-other.example' }).execute();
      await ctx.db
        .insertInto('venues')
        .values({ client_id: other.id, slug: 'other-baths', name: 'Other Baths', address_line1: '2 Road', town: 'Leeds', postcode: 'LS1 1AA' })
        .execute();
    });
    for (const app of instances()) {
      expect((await venues(app, 'cache-other.example')).map((v) => v.slug)).toEqual(['other-baths']);
      expect(nameOf(await venues(app), 'other-baths')).toBeUndefined();
    }
  });
});

describe('tenant lookup', () => {
  it('sees a new or removed host mapping on every instance once heard', async () => {
    const other = await ctx.db.insertInto('clients').values({ slug: 'mapped-later', name: 'Mapped Later' }).returning('id').executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('venues')
      .values({ client_id: other.id, slug: 'later-pool', name: 'Later Pool', address_line1: '3 Road', town: 'York', postcode: 'YO1 1AA' })
      .execute();
    const host = 'later.example';
    // Unmapped: the default client (the demo operator).
    for (const app of instances()) expect(nameOf(await venues(app, host), 'bury-leisure-centre')).toBeDefined();
    await changed(() => ctx.db.insertInto('client_domains').values({ client_id: other.id, host }).execute());
    for (const app of instances()) expect((await venues(app, host)).map((v) => v.slug)).toEqual(['later-pool']);
    await changed(() => ctx.db.deleteFrom('client_domains').where('host', '=', host).execute());
    for (const app of instances()) expect(nameOf(await venues(app, host), 'later-pool')).toBeUndefined();
  });

  it('answers 404 when neither the host nor the default client exists', async () => {
    const third = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent', DEFAULT_CLIENT: 'no-such-client' }), db: ctx.db, serveWeb: false });
    try {
      const response = await third.inject({ method: 'GET', url: '/api/activities/venues', headers: { host: 'nowhere.example' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'client_not_configured', message: 'No client is configured for this site.' });
    } finally {
      await third.close();
    }
  });
});
