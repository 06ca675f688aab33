import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from './db.ts';
import { createCustomers, createHoldsFixture, createOccurrence, liveClaims, type HoldsFixture, type TestCustomer } from './fixtures/holds.ts';
import { freePort, isAlive, until as pollUntil } from './fixtures/processes.ts';
import { drawOrder } from '../src/modules/releases/service.ts';
import { hashPassword } from '../src/lib/password.ts';
import type { Db } from '../src/db/connect.ts';

/**
 * Issue 25's "scale out, on real parts", through `npm run start:cluster`'s own code
 * (src/cli/cluster.ts): three API server processes on one PostgreSQL behind a real HAProxy.
 *
 * 1. The release: 100 customers ask for 2 places each (200 requests over 4 classes of 10) through
 *    HAProxy while one instance is SIGKILLed (clients retry what the dead instance dropped, as a
 *    browser would); at the instant the instance running the draw is SIGKILLed mid-draw. Every
 *    request is kept once and decided once, nothing is oversold, the seed's order holds.
 * 2. The booking path through HAProxy with the browser's cookie session and CSRF header (each call
 *    may land on another instance): add to basket, pay by 4242… card, booked; live availability
 *    streams held on each instance directly and one through HAProxy hear the hold within 2 s.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const PASSWORD = 'Cluster-test-password-1';
const DEADLINE_MS = 40_000;

const until = <T>(what: string, check: () => Promise<T | undefined | null | false>, deadlineMs = DEADLINE_MS) => pollUntil(what, check, deadlineMs, 50);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let fx: HoldsFixture;
let cluster: ChildProcess;
let clusterExited: Promise<number | null>;
let base = '';
let output = '';
/** The instances by name, as the cluster last started them. */
const instances = new Map<string, { pid: number; port: number }>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-cluster-'));

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  cluster = spawn(NODE, [path.join(ROOT, 'apps/api/src/cli/cluster.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', CLUSTER_INSTANCES: '3' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  clusterExited = new Promise((resolve) => cluster.once('exit', (code) => resolve(code)));
  readline.createInterface({ input: cluster.stdout! }).on('line', (line) => {
    output += `${line}\n`;
    const started = /^\[cluster\] (api-\d) started \(pid (\d+)\) on 127\.0\.0\.1:(\d+)/.exec(line);
    if (started) instances.set(started[1]!, { pid: Number(started[2]), port: Number(started[3]) });
  });
  cluster.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  fx = await createHoldsFixture(db);
  await until('the cluster to serve through HAProxy', async () => output.includes('Bookings is running at') && (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)), 120_000).catch((error: unknown) => {
    throw new Error(`${(error as Error).message}\n${output}`);
  });
}, 150_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    cluster.kill('SIGTERM');
    // Ctrl-C / SIGTERM stops everything cleanly: HAProxy, the three instances, then the cluster.
    expect(await clusterExited).toBe(0);
    expect(output).toContain('[cluster] stopped cleanly');
    for (const { pid } of instances.values()) expect(isAlive(pid)).toBe(false);
  }
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

/** One call through HAProxy; an answer the dead instance never gave (502/503, a reset) is sent again, as a browser's retry. */
const send = async (method: string, url: string, headers: Record<string, string>, body?: Json): Promise<{ status: number; json: Json; headers: Headers }> => {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if ((response.status === 502 || response.status === 503) && attempt < 20) {
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      return { status: response.status, json: (await response.json()) as Json, headers: response.headers };
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};

const dayOf = async (occurrenceId: number) =>
  (await sql<{ date: string }>`SELECT to_char(local_date, 'YYYY-MM-DD') AS date FROM occurrences WHERE id = ${occurrenceId}`.execute(db)).rows[0]!.date;

/** The instance whose process holds the release's draw lock (its connection's application_name names the pid), not one waiting for it. */
const drawingPid = async (releaseId: number) => {
  const { rows } = await sql<{ name: string }>`
    SELECT a.application_name AS name FROM pg_stat_activity a JOIN pg_locks l ON l.pid = a.pid
     WHERE l.locktype = 'advisory' AND l.classid = 25 AND l.objid = ${releaseId} AND l.objsubid = 2 AND l.granted
       AND a.application_name LIKE 'bookings-release-draw-%'`.execute(db);
  return rows.length ? Number(rows[0]!.name.split('-pid-')[1]) : undefined;
};

it('a release through HAProxy with one instance SIGKILLed while requests arrive and another mid-draw: every request kept once, decided once, none oversold', async () => {
  const first = await createOccurrence(db, fx, { kind: 'class', capacity: 10, startsInMinutes: 12 * 24 * 60 + 60 });
  const sessions = [first];
  for (let i = 1; i < 4; i++) sessions.push(await createOccurrence(db, fx, { kind: 'class', capacity: 10, startsInMinutes: 12 * 24 * 60 + 60 + i }));
  await sql`UPDATE occurrences SET local_date = (SELECT local_date FROM occurrences WHERE id = ${first.id}) WHERE id = ANY(${sessions.map((o) => o.id)}::int[])`.execute(db);
  const date = await dayOf(first.id);
  const [staff, ...customers] = await createCustomers(db, fx.clientId, 101);
  await db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff!.userId).execute();

  const move = async (seconds: number) => {
    const moved = await send('PUT', `/api/foh/venues/${fx.venueId}/releases/${date}`, staff!.auth, { release_at: new Date(Date.now() + seconds * 1000).toISOString() });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
  };
  await move(300);
  const release = await db.selectFrom('day_releases').select(['id', 'seed']).where('venue_id', '=', fx.venueId).where('local_date', '=', date).executeTakeFirstOrThrow();

  // 200 requests, 10 at a time; when 60 have answered, one instance is killed.
  const asks = customers.flatMap((who, i) => [0, 1].map((k) => ({ who, occurrenceId: sessions[(i + k) % 4]!.id })));
  const answers = new Map<string, number>();
  let answered = 0;
  let firstKill: Promise<unknown> | undefined;
  const queue = [...asks];
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const body = { item: { id: next.occurrenceId, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult } };
        const answer = await send('POST', '/api/activities/release-requests', next.who.auth, body);
        expect(answer.status, JSON.stringify(answer.json)).toBe(202);
        answers.set(`${next.who.userId}:${next.occurrenceId}`, (answer.json.data as { id: number }).id);
        if (++answered === 60) {
          const victim = instances.get('api-1')!;
          process.kill(victim.pid, 'SIGKILL');
          firstKill = until('api-1 to be started again', async () => instances.get('api-1')!.pid !== victim.pid);
        }
      }
    }),
  );
  await firstKill;
  expect(answers.size).toBe(200);

  // A customer's own basket add in progress holds their account's hold lock (22, account) as the
  // draw starts: the draw's batches for the two classes that customer asked for wait for it (theirs
  // is the lowest account id, the first lock each batch takes), the other two classes are decided,
  // so the draw is caught mid-way however fast it is. The add ends once the drawing instance is dead.
  const busyCustomer = new pg.Client({ connectionString: database.url });
  await busyCustomer.connect();
  await busyCustomer.query('BEGIN');
  await busyCustomer.query('SELECT pg_advisory_xact_lock(22, $1)', [customers[0]!.userId]);

  // The instant: staff move it to a second from now; the draw starts, and its instance dies mid-way.
  await move(1);
  const pid = await until('the draw to be running', async () => {
    const drawing = await drawingPid(release.id);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM release_requests WHERE release_id = ${release.id} AND status <> 'waiting'`.execute(db);
    return drawing !== undefined && rows[0]!.n >= 20 && rows[0]!.n < 150 ? drawing : undefined;
  });
  process.kill(pid, 'SIGKILL');
  const decidedAtKill = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM release_requests WHERE release_id = ${release.id} AND status <> 'waiting'`.execute(db)).rows[0]!.n;
  expect(decidedAtKill).toBeLessThan(200);
  await busyCustomer.query('COMMIT');
  await busyCustomer.end();

  // Another instance resumes the draw (the dead one's job stays locked: its draw watch finds it).
  await until('every request to be decided and the release drawn', async () => {
    const { rows } = await sql<{ waiting: number; drawn: boolean }>`
      SELECT (SELECT count(*)::int FROM release_requests WHERE release_id = ${release.id} AND status = 'waiting') AS waiting,
             (SELECT drawn_at IS NOT NULL FROM day_releases WHERE id = ${release.id}) AS drawn`.execute(db);
    return rows[0]!.waiting === 0 && rows[0]!.drawn;
  });

  // Kept once: exactly the 200 requests answered, each one row, none waiting or refused.
  const requests = await db.selectFrom('release_requests').select(['id', 'account_user_id', 'occurrence_id', 'membership_user_id', 'status', 'position']).where('release_id', '=', release.id).execute();
  expect(requests).toHaveLength(200);
  expect(new Set(requests.map((r) => r.id))).toEqual(new Set(answers.values()));
  for (const r of requests) expect(answers.get(`${r.account_user_id}:${r.occurrence_id}`)).toBe(r.id);
  expect(requests.filter((r) => r.status !== 'granted' && r.status !== 'waitlisted')).toEqual([]);

  // Decided once, none oversold, in the seed's order: per class the first 10 drawn hold its 10
  // places (one hold each), the next 40 wait at positions 1..40 in that order, one entry each.
  const order = drawOrder(release.seed, requests.map((r) => r.id));
  for (const session of sessions) {
    expect(await liveClaims(db, session.id)).toBe(10);
    const ofSession = order.map((id) => requests.find((r) => r.id === id)!).filter((r) => r.occurrence_id === session.id);
    expect(ofSession.slice(0, 10).map((r) => r.status)).toEqual(new Array(10).fill('granted'));
    expect(ofSession.slice(10).map((r) => [r.status, r.position])).toEqual(ofSession.slice(10).map((_, i) => ['waitlisted', i + 1]));
    const holds = await sql<{ account: number; n: number }>`
      SELECT c.account_user_id AS account, count(*)::int AS n FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
       WHERE ci.occurrence_id = ${session.id} GROUP BY c.account_user_id`.execute(db);
    expect(holds.rows.map((h) => h.n)).toEqual(new Array(10).fill(1));
    expect(new Set(holds.rows.map((h) => h.account))).toEqual(new Set(ofSession.slice(0, 10).map((r) => r.account_user_id)));
    const waitlist = await db.selectFrom('waitlist_entries').select('membership_user_id').where('occurrence_id', '=', session.id).orderBy('id').execute();
    expect(waitlist.map((w) => w.membership_user_id)).toEqual(ofSession.slice(10).map((r) => r.membership_user_id));
  }
  // Each customer told once of both requests, by whichever instance finished the draw (the one
  // killed mid-draw told nobody): one release email per customer, none twice.
  await until('every customer to be told', async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM release_requests WHERE release_id = ${release.id} AND notified_at IS NULL`.execute(db)).rows[0]!.n === 0,
  );
  const told = await sql<{ to: string; n: number }>`
    SELECT to_address AS to, count(*)::int AS n FROM outbox_emails WHERE client_id = ${fx.clientId} AND kind = 'release_result' GROUP BY to_address`.execute(db);
  expect(new Map(told.rows.map((r) => [r.to, r.n]))).toEqual(new Map(customers.map((c) => [c.email, 1])));

  // The killed instances were started again and serve.
  await until('every instance to be alive', async () => [...instances.values()].every((i) => isAlive(i.pid)));
}, 120_000);

type Stream = { next: (match: (block: string) => boolean) => Promise<string>; close: () => void };

/** A live availability stream (SSE) over real HTTP; resolves once the server says it is subscribed. */
const openStream = (url: string) =>
  new Promise<Stream>((resolve, reject) => {
    const request = http.get(url, (response) => {
      const blocks: string[] = [];
      const waiters: { match: (block: string) => boolean; done: (block: string) => void }[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          blocks.push(block);
          for (const waiter of waiters.filter((w) => w.match(block))) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.done(block);
          }
        }
      });
      const stream: Stream = {
        next: (match) => new Promise((done) => (blocks.some(match) ? done(blocks.find(match)!) : waiters.push({ match, done }))),
        close: () => request.destroy(),
      };
      void stream.next((block) => block.startsWith(': connected')).then(() => resolve(stream));
    });
    request.on('error', reject);
  });

/** The browser's session: cookies kept from answers, the CSRF cookie echoed in X-CSRF-Token. */
const browser = () => {
  const cookies = new Map<string, string>();
  const headers = () => ({
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    ...(cookies.has('csrf_bookings') ? { 'x-csrf-token': cookies.get('csrf_bookings')! } : {}),
  });
  return async (method: string, url: string, body?: Json, expected = 200, { csrf = true } = {}) => {
    const { 'x-csrf-token': token, ...bare } = headers();
    const answer = await send(method, url, csrf && token ? { ...bare, 'x-csrf-token': token } : bare, body);
    for (const line of answer.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.json)}`).toBe(expected);
    return answer.json;
  };
};

it('books through HAProxy with a cookie session and CSRF (add, pay by 4242…, booked); live streams on every instance hear the hold within 2 s', async () => {
  const occurrence = await createOccurrence(db, fx, { kind: 'class', capacity: 5, startsInMinutes: 26 * 60 });
  const [who] = (await createCustomers(db, fx.clientId, 1)) as [TestCustomer];
  await db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD, { patient: true }) }).where('id', '=', who.userId).execute();
  const category = await db.selectFrom('activity_categories').select('slug').where('id', '=', fx.classCategoryId).executeTakeFirstOrThrow();
  const live = `/api/activities/venue/bury-leisure-centre/activity/${category.slug}/live?date=${await dayOf(occurrence.id)}`;

  // One stream on each instance directly, one through HAProxy.
  await until('every instance to be healthy', async () => (await Promise.all([...instances.values()].map((i) => fetch(`http://127.0.0.1:${i.port}/api/health`).then((r) => r.ok, () => false)))).every(Boolean));
  const streams: Stream[] = await Promise.all([...[...instances.values()].map((i) => openStream(`http://127.0.0.1:${i.port}${live}`)), openStream(`${base}${live}`)]);

  const call = browser();
  await call('POST', '/api/auth/customer/login', { username: who.email, password: PASSWORD });
  // Without the CSRF header a cookie session's write is refused, on whichever instance.
  const item = { items: [{ id: occurrence.id, purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }] };
  const refused = await call('POST', '/api/activities/cart/add', item, 403, { csrf: false });
  expect(refused.code).toBe('csrf_refused');
  const heardBy = streams.map((stream) => stream.next((block) => block.startsWith('event: availability') && block.includes(String(occurrence.id))).then(() => Date.now()));
  const sentAt = Date.now();
  const cart = (await call('POST', '/api/activities/cart/add', item)).data as { total: number };
  const heard = await Promise.all(heardBy);
  for (const at of heard) expect(at - sentAt).toBeLessThan(2_000);
  for (const stream of streams) stream.close();

  // Checkout, each step wherever HAProxy sends it.
  const terms = ((await call('GET', '/api/terms')).data as { id: number }[]).map((t) => t.id);
  const prepared = await call('GET', '/api/checkout/prepare');
  const card = await call('POST', '/simulator/card-identifiers', {
    session_key: prepared.session_key,
    card_number: '4242 4242 4242 4242',
    expiry_date: '12/39',
    security_code: '123',
    card_holder_name: 'Casey Tester',
  });
  const payments = [{ tender_type: 'card', amount: cart.total }];
  const auth = await call('POST', '/api/checkout/authorise', { payments, session_key: prepared.session_key, card_identifier: card.card_identifier, terms, source: 'activity-booking' });
  expect(auth.transaction_status).toBe('authorised');
  await call('POST', '/api/checkout/complete', { transaction_uuid: auth.transaction_uuid, payments, terms });
  const booked = await db.selectFrom('bookings').select(['occurrence_id']).where('account_user_id', '=', who.userId).execute();
  expect(booked).toEqual([{ occurrence_id: occurrence.id }]);
}, 60_000);
