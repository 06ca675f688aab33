import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { useTestApp } from '../../../test/app.ts';
import { changeTenants, nextTenantDrop } from '../../../test/tenant.ts';

// The tenant lookup is kept in each instance's memory (tenant-cache.ts) and dropped when any
// instance's change is heard (migration 0041). Two instances on one database; each test waits
// for the note, never for a time.
const ctx = useTestApp();
let second: App;

beforeAll(async () => {
  second = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' }), db: ctx.db, serveWeb: false, validateResponses: true });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
});

const instances = () => [ctx.app, second];
const clientOf = async (app: App, host: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/client', headers: { host } });
  return response.statusCode === 200 ? response.json<{ data: { id: number } }>().data.id : response.statusCode;
};
/** Until the instance listens, lookups are read and not kept: wait for it once. */
const listeningFor = async (app: App) => {
  await expect.poll(() => app.availabilityHub.listening(() => {})).toBe(true);
};

describe('tenant lookup kept in memory', () => {
  it('keeps a host’s client after the first request', async () => {
    for (const app of instances()) await listeningFor(app);
    const defaultClient = await clientOf(ctx.app, 'kept.example.org');
    expect(typeof defaultClient).toBe('number');
    expect(ctx.app.tenantCache.get('kept.example.org\u0000active-north-west')).toEqual({
      id: defaultClient,
      catalogueVersion: expect.any(Number),
      // What the pages' headers need (issue 22): the demo has no tag-manager container.
      tagManager: false,
      frameAncestors: ['http://localhost:*', 'http://127.0.0.1:*'],
    });
  });

  it('sees a host mapped to another client on every instance once the change is heard', async () => {
    for (const app of instances()) await listeningFor(app);
    const defaultClient = await clientOf(ctx.app, 'club.example.org');
    for (const app of instances()) expect(await clientOf(app, 'club.example.org')).toBe(defaultClient);
    let other = 0;
    await changeTenants(instances(), async () => {
      other = (await ctx.db.insertInto('clients').values({ slug: 'tenant-test-club', name: 'Tenant Test Club' }).returning('id').executeTakeFirstOrThrow()).id;
      await ctx.db.insertInto('client_domains').values({ client_id: other, host: 'club.example.org' }).execute();
    });
    for (const app of instances()) expect(await clientOf(app, 'club.example.org')).toBe(other);
    // Unmapped again: back to the default client everywhere.
    await changeTenants(instances(), () => ctx.db.deleteFrom('client_domains').where('host', '=', 'club.example.org').execute());
    for (const app of instances()) expect(await clientOf(app, 'club.example.org')).toBe(defaultClient);
  });

  it('answers 404 on every instance once the default client is renamed away, and the client again when renamed back', async () => {
    for (const app of instances()) await listeningFor(app);
    for (const app of instances()) expect(typeof (await clientOf(app, 'nobody.example.org'))).toBe('number');
    const rename = (from: string, to: string) => () => ctx.db.updateTable('clients').set({ slug: to }).where('slug', '=', from).execute();
    await changeTenants(instances(), rename('active-north-west', 'renamed-away'));
    for (const app of instances()) expect(await clientOf(app, 'nobody.example.org')).toBe(404);
    await changeTenants(instances(), rename('renamed-away', 'active-north-west'));
    for (const app of instances()) expect(typeof (await clientOf(app, 'nobody.example.org'))).toBe('number');
  });

  it('reads a bumped catalogue version once heard, so kept catalogue answers are rebuilt', async () => {
    for (const app of instances()) await listeningFor(app);
    const names = async (app: App) =>
      (await app.inject({ method: 'GET', url: '/api/activities/venues' })).json<{ data: { slug: string; name: string }[] }>().data.find((v) => v.slug === 'bury-leisure-centre')?.name;
    for (const app of instances()) expect(await names(app)).toBe('Bury Leisure Centre');
    await changeTenants(instances(), () => ctx.db.updateTable('venues').set({ name: 'Bury Lido' }).where('slug', '=', 'bury-leisure-centre').execute());
    for (const app of instances()) expect(await names(app)).toBe('Bury Lido');
  });

  it('drops everything when its listener reconnects, and keeps nothing while it is down', async () => {
    await listeningFor(second);
    await clientOf(second, 'reconnect.example.org');
    expect(second.tenantCache.size()).toBeGreaterThan(0);
    const dropped = nextTenantDrop(second);
    const pid = second.availabilityHub.backendPid();
    await sql`SELECT pg_terminate_backend(${pid})`.execute(ctx.db);
    await dropped;
    expect(second.tenantCache.size()).toBe(0);
  });

  it('with TENANT_CACHE=false keeps nothing and reads a changed mapping on the very next request', async () => {
    const uncached = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent', TENANT_CACHE: 'false' }), db: ctx.db, serveWeb: false });
    try {
      await uncached.availabilityHub.ready();
      const defaultClient = await clientOf(uncached, 'strict.example.org');
      expect(uncached.tenantCache.size()).toBe(0);
      const other = (await ctx.db.insertInto('clients').values({ slug: 'tenant-strict', name: 'Tenant Strict' }).returning('id').executeTakeFirstOrThrow()).id;
      await ctx.db.insertInto('client_domains').values({ client_id: other, host: 'strict.example.org' }).execute();
      expect(await clientOf(uncached, 'strict.example.org')).toBe(other);
      expect(other).not.toBe(defaultClient);
    } finally {
      await uncached.close();
    }
  });

  it('does not keep an answer read while a change was heard', async () => {
    await listeningFor(ctx.app);
    const cache = ctx.app.tenantCache;
    const stamp = cache.stamp();
    expect(stamp).not.toBeNull();
    cache.drop();
    expect(cache.set('late.example.org\u0000active-north-west', stamp, { id: 1, catalogueVersion: 1, tagManager: false, frameAncestors: [] })).toBe(false);
    expect(cache.get('late.example.org\u0000active-north-west')).toBeUndefined();
  });
});
