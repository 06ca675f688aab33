import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/connect.ts';
import { embeddedConnectionString } from '../src/db/embedded.ts';
import { enqueue } from '../src/jobs/enqueue.ts';
import { hashPassword } from '../src/lib/password.ts';
import { createCustomers, createHoldsFixture, createOccurrence, expireClaims, type TestCustomer } from './fixtures/holds.ts';
import { freePort, isAlive, until as pollUntil } from './fixtures/processes.ts';

/**
 * Issue 10's proof that a killed server loses no money and no booking. The real server runs as
 * its own process with its own embedded PostgreSQL in a fresh data directory; customers log in,
 * hold places and authorise 4242… cards through the simulator, then the server is killed with
 * SIGKILL (no shutdown code runs; PostgreSQL, in its own process group, is left running):
 *
 * - alpha and bravo authorised and never sent complete; bravo's place is taken by someone else
 *   while the server is down;
 * - charlie's complete is inside its transaction (order, bookings and lines written, the capture
 *   waiting on a row lock this test holds) when the server dies;
 * - delta's complete has just been sent when the server dies (anywhere: not read, mid-way, done).
 *
 * The server is started again on the same data directory; the reconciliation job (run by that
 * server) finds the payments left authorised. Afterwards every payment is either captured with
 * one order and its bookings, or voided with no order; never both, one charge at most, one
 * confirmation email per order, and no class over capacity.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const PASSWORD = 'Kill-test-password-1';
const DEADLINE_MS = 45_000;

/** Polls `check` until it answers something truthy, or fails with `what` after DEADLINE_MS. */
const until = <T>(what: string, check: () => Promise<T | undefined | null | false>) => pollUntil(what, check, DEADLINE_MS, 100);

type Server = { child: ChildProcess; base: string; output: () => string; exited: Promise<unknown> };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-kill-'));
const clusterDir = path.join(dataDir, 'postgres');
const ports = { http: 0, pg: 0 };
const running: Server[] = [];

const start = async (): Promise<Server> => {
  const child = spawn(NODE, [path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(ports.http),
      EMBEDDED_PG_PORT: String(ports.pg),
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      PAYMENT_RECONCILE_MINUTES: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: Server = { child, base: `http://127.0.0.1:${ports.http}`, output: () => output, exited: new Promise((resolve) => child.once('exit', resolve)) };
  running.push(server);
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`${server.base}/api/health`).then((r) => r.ok).catch(() => false))) {
    if (child.exitCode !== null) throw new Error(`the server exited before it was healthy:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server was not healthy within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
};

const postmasterPid = () => Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  // A PostgreSQL left behind by a failure between the kill and the restart.
  if (fs.existsSync(path.join(clusterDir, 'postmaster.pid'))) {
    const pid = postmasterPid();
    if (isAlive(pid)) {
      process.kill(pid, 'SIGINT');
      await until('the left-over PostgreSQL to stop', async () => !isAlive(pid));
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

const api = (server: Server, token: string | null) => async (method: 'GET' | 'POST', url: string, body?: Json, expected = 200) => {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as Json;
  expect(response.status, `${method} ${url}: ${JSON.stringify(json)}`).toBe(expected);
  return json;
};

/** POST complete on its own socket; resolves once the whole request has been handed to the OS. */
const sendComplete = (server: Server, token: string, body: Json) =>
  new Promise<void>((resolve) => {
    const payload = JSON.stringify(body);
    const request = http.request(`${server.base}/api/checkout/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    // The answer never comes (or comes as the connection is cut): only the sending matters.
    request.on('error', () => {});
    request.on('response', (response) => response.resume());
    request.end(payload, () => resolve());
  });

it('a server killed between authorise and complete, or during complete, loses no money and no booking after a restart', { timeout: 240_000 }, async () => {
  [ports.http, ports.pg] = [await freePort(), await freePort()];
  let server = await start();
  let db: Db = createDb(embeddedConnectionString(clusterDir, ports.pg), 3);

  // The client the server serves by default, one venue, one required term, a class activity.
  const { id: clientId } = await db.insertInto('clients').values({ slug: 'active-north-west', name: 'Kill Test Leisure' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('venues').values({ client_id: clientId, slug: 'bury-leisure-centre', name: 'Bury Leisure Centre', address_line1: '1 Test Street', town: 'Bury', postcode: 'BL9 0AA' }).execute();
  await db.insertInto('terms').values({ client_id: clientId, title: 'Terms', label: 'I accept the terms and conditions', body: 'Terms.' }).execute();
  const fx = await createHoldsFixture(db);
  const [alpha, bravo, charlie, delta, echo] = (await createCustomers(db, clientId, 5)) as [TestCustomer, TestCustomer, TestCustomer, TestCustomer, TestCustomer];
  await db.updateTable('users').set({ password_hash: await hashPassword(PASSWORD, { patient: true }) }).where('client_id', '=', clientId).execute();
  const occurrences = {
    alpha: await createOccurrence(db, fx, { kind: 'class', capacity: 4 }),
    bravo: await createOccurrence(db, fx, { kind: 'class', capacity: 1, startsInMinutes: 25 * 60 }),
    charlie: await createOccurrence(db, fx, { kind: 'class', capacity: 4, startsInMinutes: 26 * 60 }),
    delta: await createOccurrence(db, fx, { kind: 'class', capacity: 4, startsInMinutes: 27 * 60 }),
  };

  const login = async (who: TestCustomer) => {
    const answer = await api(server, null)('POST', '/api/auth/customer/login', { username: who.email, password: PASSWORD });
    return answer.token as string;
  };
  const tokens = new Map<TestCustomer, string>();
  let terms: number[] = [];
  /** Logs in, holds a place for the customer and (alpha) their child, and authorises the total by card. */
  const authorised = async (who: TestCustomer, occurrenceId: number, withChild = false) => {
    const token = await login(who);
    tokens.set(who, token);
    const call = api(server, token);
    terms = ((await call('GET', '/api/terms')).data as { id: number }[]).map((t) => t.id);
    const add = (forUser: number | null) => call('POST', '/api/activities/cart/add', { items: [{ id: occurrenceId, purchased_for_user_id: forUser, pricing_option_id: fx.classOptions.adult }] });
    let cart = (await add(null)).data as { total: number };
    if (withChild) cart = (await add(who.childId)).data as { total: number };
    const prepared = await call('GET', '/api/checkout/prepare');
    const card = await api(server, null)('POST', '/simulator/card-identifiers', {
      session_key: prepared.session_key,
      card_number: '4242 4242 4242 4242',
      expiry_date: '12/39',
      security_code: '123',
      card_holder_name: 'Casey Tester',
    });
    const payments = [{ tender_type: 'card', amount: cart.total }];
    const auth = await call('POST', '/api/checkout/authorise', { payments, session_key: prepared.session_key, card_identifier: card.card_identifier, terms, source: 'activity-booking' });
    expect(auth.transaction_status).toBe('authorised');
    return { uuid: auth.transaction_uuid as string, completeBody: { transaction_uuid: auth.transaction_uuid, payments, terms } };
  };

  const a = await authorised(alpha, occurrences.alpha.id, true);
  const b = await authorised(bravo, occurrences.bravo.id);
  const c = await authorised(charlie, occurrences.charlie.id);
  const d = await authorised(delta, occurrences.delta.id);

  // charlie: complete runs into its transaction and waits at the capture on a lock held here.
  const locker = new pg.Client({ connectionString: embeddedConnectionString(clusterDir, ports.pg) });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('SELECT 1 FROM simulator_payments WHERE transaction_uuid = $1 FOR UPDATE', [c.uuid]);
  await sendComplete(server, tokens.get(charlie)!, c.completeBody);
  await until('charlie’s complete to wait at the capture', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE wait_event_type = 'Lock' AND query ILIKE '%simulator_payments%' AND pid <> pg_backend_pid()`.execute(db);
    return rows[0]!.n > 0;
  });
  // Inside that transaction the order exists; outside it nothing is visible yet.
  expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders`.execute(db)).rows[0]!.n).toBe(0);

  // delta: complete sent, then the kill at once.
  await sendComplete(server, tokens.get(delta)!, d.completeBody);
  const orphan = postmasterPid();
  server.child.kill('SIGKILL');
  await server.exited;
  expect(isAlive(orphan)).toBe(true);
  await locker.query('ROLLBACK');
  await locker.end();

  // While the server is down bravo's hold runs out (its place goes to echo after the restart).
  await expireClaims(db, { occurrenceId: occurrences.bravo.id });
  await db.destroy();

  // The same data directory: the PostgreSQL the killed server left behind is stopped, a new one starts.
  server = await start();
  expect(isAlive(orphan)).toBe(false);
  db = createDb(embeddedConnectionString(clusterDir, ports.pg), 3);
  const echoToken = await login(echo);
  await api(server, echoToken)('POST', '/api/activities/cart/add', { items: [{ id: occurrences.bravo.id, purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }] });

  // The time the server was down counts towards PAYMENT_RECONCILE_MINUTES (1); the restarted
  // server's worker runs the job (its cron would at the next minute; queued now to keep the test short).
  await sql`UPDATE provider_transactions SET updated_at = now() - interval '2 minutes' WHERE status IN ('authorised', 'challenge')`.execute(db);
  await enqueue(db, 'reconcile-payments', {});
  await until('the reconciliation of every payment left authorised', async () => {
    const { rows } = await sql<{ open: number; jobs: number }>`
      SELECT (SELECT count(*)::int FROM provider_transactions WHERE status IN ('authorised', 'challenge')) AS open,
             (SELECT count(*)::int FROM graphile_worker.jobs WHERE task_identifier = 'reconcile-payments' AND locked_at IS NULL AND run_at <= now()) AS jobs`.execute(db);
    return rows[0]!.open === 0 && rows[0]!.jobs === 0;
  });

  type Outcome = { status: string; orders: number; order_uuid: string | null; reference: string | null; provider: string; captures: number; bookings: number; items: number; booked_claims: number };
  const outcome = async (who: TestCustomer, uuid: string) => {
    const { rows } = await sql<Outcome>`
      SELECT t.status,
             (SELECT count(*)::int FROM orders o WHERE o.cart_id = t.cart_id OR o.transaction_uuid = t.uuid) AS orders,
             (SELECT o.uuid::text FROM orders o WHERE o.transaction_uuid = t.uuid) AS order_uuid,
             (SELECT o.reference FROM orders o WHERE o.transaction_uuid = t.uuid) AS reference,
             (SELECT string_agg(s.status, ',') FROM simulator_payments s WHERE s.transaction_uuid = t.uuid) AS provider,
             (SELECT count(*)::int FROM simulator_payments s JOIN provider_transactions x ON x.uuid = s.transaction_uuid
               WHERE x.account_user_id = t.account_user_id AND s.status = 'captured') AS captures,
             (SELECT count(*)::int FROM bookings bk WHERE bk.account_user_id = t.account_user_id) AS bookings,
             (SELECT count(*)::int FROM cart_items ci WHERE ci.cart_id = t.cart_id) AS items,
             (SELECT count(*)::int FROM place_claims pc
               WHERE pc.account_user_id = t.account_user_id AND pc.kind = 'booking' AND pc.status = 'active') AS booked_claims
        FROM provider_transactions t WHERE t.uuid = ${uuid} AND t.account_user_id = ${who.userId}`.execute(db);
    const row = rows[0]!;
    // The invariant: captured with one order and its bookings, or voided with nothing; never both.
    if (row.status === 'completed') {
      expect(row, 'completed').toMatchObject({ orders: 1, provider: 'captured', captures: 1, bookings: row.items, booked_claims: row.items });
      expect(row.items).toBeGreaterThan(0);
    } else {
      expect(row, 'voided').toMatchObject({ status: 'voided', orders: 0, provider: 'voided', captures: 0, bookings: 0, booked_claims: 0 });
    }
    return row;
  };

  // Every place was still free except bravo's: those complete, bravo's card is released.
  expect(await outcome(alpha, a.uuid)).toMatchObject({ status: 'completed', bookings: 2 });
  expect(await outcome(bravo, b.uuid)).toMatchObject({ status: 'voided' });
  const charlieOrder = await outcome(charlie, c.uuid);
  expect(charlieOrder).toMatchObject({ status: 'completed', bookings: 1 });
  expect(await outcome(delta, d.uuid)).toMatchObject({ status: 'completed', bookings: 1 });
  // One order, one booking and one capture each: 3 orders, 4 bookings, 3 captures in all.
  const totals = (
    await sql<{ orders: number; bookings: number; captured: number; voided: number }>`
      SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM bookings) AS bookings,
             (SELECT count(*)::int FROM simulator_payments WHERE status = 'captured') AS captured,
             (SELECT count(*)::int FROM simulator_payments WHERE status = 'voided') AS voided`.execute(db)
  ).rows[0]!;
  expect(totals).toEqual({ orders: 3, bookings: 4, captured: 3, voided: 1 });
  // No class over capacity; bravo's place is echo's hold, not a booking.
  const over = await sql<{ id: number }>`
    SELECT o.id FROM occurrences o WHERE o.capacity < (SELECT count(*) FROM place_claims pc WHERE pc.occurrence_id = o.id AND pc.status = 'active'
      AND (pc.expires_at IS NULL OR pc.expires_at > now()))`.execute(db);
  expect(over.rows).toEqual([]);
  const bravoPlace = await sql<{ kind: string; account: number }>`
    SELECT pc.kind, pc.account_user_id AS account FROM place_claims pc
     WHERE pc.occurrence_id = ${occurrences.bravo.id} AND pc.status = 'active' AND (pc.expires_at IS NULL OR pc.expires_at > now())`.execute(db);
  expect(bravoPlace.rows).toEqual([{ kind: 'hold', account: echo.userId }]);

  // One confirmation email per order, delivered to the outbox by the restarted server.
  await until('the confirmation emails to be sent', async () => {
    const { rows } = await sql<{ unsent: number }>`SELECT count(*)::int AS unsent FROM outbox_emails WHERE sent_at IS NULL`.execute(db);
    return rows[0]!.unsent === 0;
  });
  const emails = await sql<{ subject: string }>`SELECT subject FROM outbox_emails WHERE kind = 'order-confirmation' ORDER BY subject`.execute(db);
  const references = await sql<{ reference: string }>`SELECT reference FROM orders ORDER BY reference`.execute(db);
  expect(emails.rows.map((e) => e.subject)).toEqual(references.rows.map((r) => `Booking confirmed: ${r.reference}`));
  expect(fs.readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(3);

  // The customer sees the order the reconciliation completed for them.
  const charlieView = await api(server, await login(charlie))('GET', `/api/checkout/orders/${charlieOrder.order_uuid}`);
  expect(charlieView.data).toMatchObject({ complete_order_id: charlieOrder.order_uuid, reference: charlieOrder.reference });

  await db.destroy();
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});
