import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp, type App } from '../../app.ts';
import { loadConfig } from '../../lib/config.ts';
import { useTestApp } from '../../../test/app.ts';
import { createCustomer, createTimetableFixture, insertClaim } from '../../../test/fixtures/timetable.ts';

const ctx = useTestApp();
let second: App;

beforeAll(async () => {
  // A second API instance on the same database, as behind a load balancer.
  second = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' }), db: ctx.db, serveWeb: false, validateResponses: true });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
});

type Stream = { events: string[]; headers: http.IncomingHttpHeaders; next: (match: (block: string) => boolean) => Promise<string>; close: () => void };

/** Opens an event stream over real HTTP and resolves once the server says it is subscribed. */
const openStream = async (app: App, path: string): Promise<Stream> => {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip, br' } }, (response) => {
      const blocks: string[] = [];
      const waiters: { match: (block: string) => boolean; resolve: (block: string) => void }[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          blocks.push(block);
          for (const waiter of [...waiters]) {
            if (waiter.match(block)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(block);
            }
          }
        }
      });
      const stream: Stream = {
        events: blocks,
        headers: response.headers,
        next: (match) =>
          new Promise((done) => {
            const found = blocks.find(match);
            if (found) done(found);
            else waiters.push({ match, resolve: done });
          }),
        close: () => request.destroy(),
      };
      void stream.next((b) => b.startsWith(': connected')).then(() => resolve(stream));
    });
    request.on('error', reject);
  });
};

const dataOf = (block: string) => JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as { occurrence_ids: number[]; resync?: boolean };
const isAvailability = (id: number) => (block: string) => block.startsWith('event: availability') && dataOf(block).occurrence_ids.includes(id);

describe('GET …/activity/{activity}/live (server-sent events)', () => {
  it('tells streams on two instances about a claim inserted directly in SQL', async () => {
    const fixture = await createTimetableFixture(ctx.db, { occurrences: [{ startTime: '09:00' }, { startTime: '10:00' }] });
    const customer = await createCustomer(ctx.db);
    const [occurrence] = fixture.occurrences;
    const path = `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}/live?date=${occurrence!.date}`;
    const one = await openStream(ctx.app, path);
    const two = await openStream(second, path);
    try {
      expect(one.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(one.headers['content-encoding']).toBeUndefined();
      await insertClaim(ctx.db, occurrence!.id, customer);
      const [a, b] = await Promise.all([one.next(isAvailability(occurrence!.id)), two.next(isAvailability(occurrence!.id))]);
      expect(dataOf(a)).toEqual({ occurrence_ids: [occurrence!.id] });
      expect(dataOf(b)).toEqual({ occurrence_ids: [occurrence!.id] });
      // A capacity change of the other occurrence is news too.
      await ctx.db.updateTable('occurrences').set({ capacity: 20 }).where('id', '=', fixture.occurrences[1]!.id).execute();
      await one.next(isAvailability(fixture.occurrences[1]!.id));
    } finally {
      one.close();
      two.close();
    }
  });

  it('sends nothing to a stream of another day, and unsubscribes a closed stream', async () => {
    const fixture = await createTimetableFixture(ctx.db, { occurrences: [{ dayOffset: 1 }, { dayOffset: 2 }] });
    const customer = await createCustomer(ctx.db);
    const [first, other] = fixture.occurrences as [typeof fixture.occurrences[0], typeof fixture.occurrences[0]];
    const stream = await openStream(ctx.app, `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}/live?date=${first.date}`);
    const before = ctx.app.availabilityHub.subscriberCount();
    await insertClaim(ctx.db, other.id, customer);
    await insertClaim(ctx.db, first.id, customer);
    await stream.next(isAvailability(first.id));
    expect(stream.events.filter((b) => b.startsWith('event:')).every((b) => !dataOf(b).occurrence_ids.includes(other.id))).toBe(true);
    stream.close();
    await expect.poll(() => ctx.app.availabilityHub.subscriberCount()).toBe(before - 1);
  });

  it('reconnects when its LISTEN connection is dropped, and asks streams to reload', async () => {
    const fixture = await createTimetableFixture(ctx.db);
    const customer = await createCustomer(ctx.db);
    const [occurrence] = fixture.occurrences;
    const stream = await openStream(second, `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}/live?date=${occurrence!.date}`);
    try {
      const pid = second.availabilityHub.backendPid();
      expect(pid).not.toBeNull();
      await sql`SELECT pg_terminate_backend(${pid})`.execute(ctx.db);
      await stream.next((b) => b.startsWith('event: availability') && dataOf(b).resync === true);
      expect(second.availabilityHub.backendPid()).not.toBe(pid);
      await insertClaim(ctx.db, occurrence!.id, customer);
      await stream.next(isAvailability(occurrence!.id));
    } finally {
      stream.close();
    }
  });

  it('answers 404 for an unknown activity and 422 without a date, as JSON', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/activities/venue/bury-leisure-centre/activity/nothing/live?date=${today}` });
    expect(missing.statusCode).toBe(404);
    const noDate = await ctx.app.inject({ method: 'GET', url: '/api/activities/venue/bury-leisure-centre/activity/yoga/live' });
    expect(noDate.statusCode).toBe(422);
  });

  it('lets the app close while a stream is open', async () => {
    const extra = await buildApp({ config: loadConfig({ DATABASE_URL: ctx.url, LOG_LEVEL: 'silent' }), db: ctx.db, serveWeb: false });
    const fixture = await createTimetableFixture(ctx.db);
    const stream = await openStream(extra, `/api/activities/venue/${fixture.venueSlug}/activity/${fixture.slug}/live?date=${fixture.occurrences[0]!.date}`);
    await extra.close();
    expect(extra.availabilityHub.backendPid()).toBeNull();
    stream.close();
  });
});
