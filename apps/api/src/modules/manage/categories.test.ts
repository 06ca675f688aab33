import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { changeTenants } from '../../../test/tenant.ts';

/**
 * The operator's categories and activities in the console (issue 26, docs/operator-tools.md
 * "Activities and categories"): managers only, another operator's category 404, made with a slug
 * of their own, renamed, hidden and shown at a venue, recorded, and the bookings site's kept
 * category list follows at once.
 */
const ctx = useTestApp();
let manager: TestCustomer;
let staff: TestCustomer;
let customer: TestCustomer;

type Json = Record<string, unknown>;
type Category = { id: number; slug: string; name: string; offered: boolean; kind: string | null; children: { id: number; slug: string; name: string; offered: boolean }[] };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestCustomer | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
/** A change the bookings site must see: answered once this instance has heard the catalogue bump (docs/catalogue.md). */
const change = async (method: 'POST' | 'PUT', url: string, payload: Json) => {
  let answer!: Awaited<ReturnType<typeof call>>;
  await changeTenants([ctx.app], async () => (answer = await call(method, url, manager, payload)));
  return answer;
};

const VENUE = 'bury-leisure-centre';
const base = `/api/manage/venues/${VENUE}/categories`;
const listed = async () => ((await ctx.app.inject({ method: 'GET', url: `/api/activities/venue/${VENUE}/categories` })).json().data as { slug: string; name: string }[]);
const tree = async () => (await call('GET', base, manager)).json().data as Category[];

beforeAll(async () => {
  const fx = await createHoldsFixture(ctx.db);
  [manager, staff, customer] = (await createCustomers(ctx.db, fx.clientId, 3)) as [TestCustomer, TestCustomer, TestCustomer];
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [manager.userId, staff.userId]).execute();
  await ctx.db.updateTable('users').set({ operator_role: 'manager' }).where('id', '=', manager.userId).execute();
});

describe('who may change categories', () => {
  it('refuses a customer and plain staff (403) and a visitor (401) before the body; another operator\u2019s category is 404', async () => {
    const yoga = (await tree()).flatMap((c) => c.children).find((c) => c.slug === 'yoga')!;
    const routes: [('GET' | 'POST' | 'PUT'), string, Json?][] = [
      ['GET', base],
      ['POST', base, { name: 'Climbing', parent_id: null, kind: 'resources' }],
      ['PUT', `${base}/${yoga.id}`, { name: 'Yoga Flow', short_description: null }],
      ['PUT', `${base}/${yoga.id}/offered`, { offered: false }],
    ];
    for (const [method, url, body] of routes) {
      for (const who of [customer, staff]) expect([url, (await call(method, url, who, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(method, url, null, body)).statusCode]).toEqual([url, 401]);
    }
    const theirs = (
      await sql<{ id: number }>`WITH c AS (INSERT INTO clients (slug, name) VALUES ('other-operator-cats', 'Other') RETURNING id)
        INSERT INTO activity_categories (client_id, slug, name, v1_type, v2_type) SELECT id, 'their-cat', 'Theirs', 'class_templates', 'classes' FROM c RETURNING id`.execute(ctx.db)
    ).rows[0]!.id;
    expect((await call('PUT', `${base}/${theirs}`, manager, { name: 'Mine now', short_description: null })).statusCode).toBe(404);
    expect((await call('PUT', `${base}/${theirs}/offered`, manager, { offered: true })).statusCode).toBe(404);
    const child = await call('POST', base, manager, { name: 'Under theirs', parent_id: theirs });
    expect([child.statusCode, Object.keys(child.json().errors ?? {})]).toEqual([422, ['parent_id']]);
    expect((await ctx.db.selectFrom('activity_categories').select('name').where('id', '=', theirs).executeTakeFirstOrThrow()).name).toBe('Theirs');
    expect(await ctx.db.selectFrom('category_locations').select('venue_id').where('category_id', '=', theirs).execute()).toEqual([]);
  });
});

describe('making, renaming, hiding and showing', () => {
  it('makes a category and an activity of it with slugs of their own, offered here, and the bookings site lists them at once', async () => {
    expect((await listed()).some((c) => c.slug === 'climbing')).toBe(false); // the list is now kept
    const root = await change('POST', base, { name: 'Climbing', short_description: 'Bouldering and ropes.', parent_id: null, kind: 'resources' });
    expect(root.statusCode).toBe(201);
    const climbing = (root.json().data as Category[]).find((c) => c.slug === 'climbing')!;
    expect(climbing).toMatchObject({ name: 'Climbing', kind: 'resources', offered: true, children: [] });
    const child = await call('POST', base, manager, { name: 'Bouldering!', parent_id: climbing.id, kind: 'classes' });
    expect(child.statusCode).toBe(201);
    expect((child.json().data as Category[]).find((c) => c.id === climbing.id)!.children).toEqual([expect.objectContaining({ slug: 'bouldering', offered: true })]);
    const again = await change('POST', base, { name: 'Bouldering', parent_id: climbing.id });
    expect((again.json().data as Category[]).find((c) => c.id === climbing.id)!.children.map((c) => c.slug)).toEqual(['bouldering', 'bouldering-2']);
    const row = await ctx.db.selectFrom('activity_categories').select(['v1_type', 'v2_type']).where('slug', '=', 'bouldering').executeTakeFirstOrThrow();
    expect(row).toEqual({ v1_type: 'ad_hoc_templates', v2_type: 'resources' }); // an activity takes its category's kind
    expect((await listed()).map((c) => c.slug)).toEqual(expect.arrayContaining(['climbing', 'bouldering', 'bouldering-2']));
    const changes = await ctx.db.selectFrom('operator_changes').select(['action', 'detail']).where('action', '=', 'category_created').orderBy('id').execute();
    expect(changes.map((c) => (c.detail as { summary: string }).summary)).toEqual(['Climbing (booked as resources)', 'Bouldering! (an activity of Climbing)', 'Bouldering (an activity of Climbing)']);
  });

  it('renames (the slug stays), hides a category with its activities, and shows an activity with its category', async () => {
    const climbing = (await tree()).find((c) => c.slug === 'climbing')!;
    const renamed = await change('PUT', `${base}/${climbing.id}`, { name: 'Climbing Wall', short_description: 'Bouldering and ropes.' });
    expect(renamed.statusCode).toBe(200);
    expect((await listed()).find((c) => c.slug === 'climbing')?.name).toBe('Climbing Wall');
    const same = await call('PUT', `${base}/${climbing.id}`, manager, { name: 'Climbing Wall', short_description: 'Bouldering and ropes.' });
    expect([same.statusCode, same.json().code]).toEqual([422, 'nothing_changed']);

    const hidden = await change('PUT', `${base}/${climbing.id}/offered`, { offered: false });
    expect(hidden.json().message).toBe('Climbing Wall hidden here (with 2 of its activities).');
    expect((await listed()).filter((c) => ['climbing', 'bouldering', 'bouldering-2'].includes(c.slug))).toEqual([]);
    expect((await call('PUT', `${base}/${climbing.id}/offered`, manager, { offered: false })).statusCode).toBe(422);

    const bouldering = climbing.children.find((c) => c.slug === 'bouldering')!;
    expect((await change('PUT', `${base}/${bouldering.id}/offered`, { offered: true })).statusCode).toBe(200);
    expect((await listed()).map((c) => c.slug).filter((s) => s.startsWith('climbing') || s.startsWith('bouldering')).sort()).toEqual(['bouldering', 'climbing']);
    const last = (await call('GET', `/api/manage/venues/${VENUE}/changes`, manager)).json().data as { summary: string }[];
    expect(last.slice(0, 3).map((c) => c.summary)).toEqual(['Category changed: Bouldering! shown here', 'Category changed: Climbing Wall hidden here (with 2 of its activities)', 'Category changed: Climbing \u2192 Climbing Wall']);
  });

  it('refuses bad input with 422 naming the field', async () => {
    const cases: [Json, string][] = [
      [{ name: 'C', parent_id: null, kind: 'classes' }, 'name'],
      [{ name: 'Climbing', parent_id: null }, 'kind'],
      [{ name: 'Climbing', parent_id: null, kind: 'courses' }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', base, manager, body);
      expect([field, response.statusCode, Object.keys(response.json().errors ?? {})]).toEqual([field, 422, [field]]);
    }
    expect((await call('PUT', `${base}/abc/offered`, manager, { offered: true })).statusCode).toBe(422);
  });
});
