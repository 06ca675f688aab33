// Release benchmark (issue 25): the 2,000-request release over 100 sessions against the cluster
// (`npm run start:cluster`'s own code: one embedded PostgreSQL, 3 API instances, HAProxy).
//
// 1. Requests: BENCH_CUSTOMERS (1,000) customers each ask for 2 of BENCH_SESSIONS (100) classes of
//    BENCH_CAPACITY (15) places on one day, through HAProxy, BENCH_CONCURRENCY (100) at a time,
//    inside the 10 minutes before the release: requests/s and latency.
// 2. The draw: staff move the release to 2 s ahead; each request's decision time is read from
//    SQL (decided_at − release_at): grants per second, p50/p99/max grant latency, how many within
//    5 s, oversold places (must be 0), and whether each class's places went to the first in the
//    seed's order.
// 3. Fairness: the draw order against the arrival order, in deciles: a 10×10 chi-square test of
//    independence (81 degrees of freedom, critical value 126.08 at α = 0.001). A fair draw gives
//    no relation between when a customer asked and where they were drawn.
//    The emails: each customer is told once (one release_result email per customer, queued after
//    the decisions); when the last was queued after the instant.
// 4. Comparator, same run, same database: a bare loop deciding the same 2,000 requests in a random
//    order the simplest correct way (one transaction each: conditional UPDATE of a slot counter,
//    then a hold or waitlist row, then the request's status): decisions per second; the ratio is
//    the draw's decisions/s to the bare loop's.
// Run: npm run bench -- release   (writes bench/results/release.json)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from '../../apps/api/src/db/connect.ts';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { drawOrder } from '../../apps/api/src/modules/releases/service.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type TestCustomer } from '../../apps/api/test/fixtures/holds.ts';
import { freePort, NODE, ROOT } from '../../e2e/support/server-process.ts';
import { stopChild } from '../support/server.ts';
import { waitForHealth } from '../support/health.ts';
import { percentile } from '../support/load.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const DEADLINE_MS = 5000;
const CHI_SQUARE_CRITICAL_81_DF_0_001 = 126.08;

/* ---- The cluster ---- */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-release-'));
// BENCH_PORT / BENCH_PG_PORT pin the balancer's and PostgreSQL's ports (a shared machine); else free ones.
const [port, pgPort] = [Number(process.env.BENCH_PORT) || (await freePort()), Number(process.env.BENCH_PG_PORT) || (await freePort())];
const cluster = spawn(NODE, [path.join(ROOT, 'apps/api/src/cli/cluster.ts')], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', CLUSTER_INSTANCES: '3' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let gatewayRetries = 0;
/** One call through HAProxy; a 502/503 (no instance answered) is sent again, as a client would, and counted. */
const send = async (method: string, url: string, who: TestCustomer, body: unknown) => {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${base}${url}`, { method, headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (response.status === 502 || response.status === 503) {
      await response.body?.cancel();
      gatewayRetries += 1;
      continue;
    }
    const json = (await response.json()) as { data?: { id: number } };
    return { status: response.status, json, ms: performance.now() - started };
  }
};

/* ---- Fairness: arrival decile × draw decile ---- */

const chiSquareIndependence = (arrival: number[], drawn: number[]) => {
  const n = arrival.length;
  const bins = 10;
  const rankOf = (ids: number[]) => new Map(ids.map((id, i) => [id, Math.min(bins - 1, Math.floor((i * bins) / n))]));
  const a = rankOf(arrival);
  const d = rankOf(drawn);
  const table = Array.from({ length: bins }, () => new Array<number>(bins).fill(0));
  for (const id of arrival) table[a.get(id)!]![d.get(id)!]! += 1;
  const rows = table.map((r) => r.reduce((s, v) => s + v, 0));
  const cols = table[0]!.map((_, j) => table.reduce((s, r) => s + r[j]!, 0));
  let chi = 0;
  for (let i = 0; i < bins; i++) for (let j = 0; j < bins; j++) {
    const expected = (rows[i]! * cols[j]!) / n;
    chi += (table[i]![j]! - expected) ** 2 / expected;
  }
  return Math.round(chi * 100) / 100;
};

/* ---- The bare comparator ---- */

const bareDecisions = async (databaseUrl: string, requests: { occurrence_id: number }[], sessions: number[]) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  await pool.query('DROP TABLE IF EXISTS bench_release_bare_holds, bench_release_bare_waits, bench_release_bare_requests, bench_release_bare_slots');
  await pool.query('CREATE TABLE bench_release_bare_slots (id integer PRIMARY KEY, capacity integer NOT NULL, held integer NOT NULL DEFAULT 0)');
  await pool.query('CREATE TABLE bench_release_bare_holds (id bigserial PRIMARY KEY, slot_id integer NOT NULL, request_id integer NOT NULL)');
  await pool.query('CREATE TABLE bench_release_bare_waits (id bigserial PRIMARY KEY, slot_id integer NOT NULL, request_id integer NOT NULL)');
  await pool.query("CREATE TABLE bench_release_bare_requests (id serial PRIMARY KEY, slot_id integer NOT NULL, status text NOT NULL DEFAULT 'waiting')");
  await pool.query('INSERT INTO bench_release_bare_slots (id, capacity) SELECT unnest($1::int[]), $2', [sessions, CAPACITY]);
  const { rows } = await pool.query<{ id: number }>('INSERT INTO bench_release_bare_requests (slot_id) SELECT unnest($1::int[]) RETURNING id', [requests.map((r) => r.occurrence_id)]);
  const ids = rows.map((r) => r.id).sort(() => Math.random() - 0.5);
  const client = await pool.connect();
  const started = performance.now();
  for (const id of ids) {
    await client.query('BEGIN');
    const request = await client.query<{ slot_id: number }>("SELECT slot_id FROM bench_release_bare_requests WHERE id = $1 AND status = 'waiting' FOR UPDATE", [id]);
    const slot = request.rows[0]!.slot_id;
    const held = await client.query('UPDATE bench_release_bare_slots SET held = held + 1 WHERE id = $1 AND held < capacity', [slot]);
    await client.query(held.rowCount ? 'INSERT INTO bench_release_bare_holds (slot_id, request_id) VALUES ($1, $2)' : 'INSERT INTO bench_release_bare_waits (slot_id, request_id) VALUES ($1, $2)', [slot, id]);
    await client.query('UPDATE bench_release_bare_requests SET status = $2 WHERE id = $1', [id, held.rowCount ? 'granted' : 'waitlisted']);
    await client.query('COMMIT');
  }
  const seconds = (performance.now() - started) / 1000;
  client.release();
  await pool.query('DROP TABLE bench_release_bare_holds, bench_release_bare_waits, bench_release_bare_requests, bench_release_bare_slots');
  await pool.end();
  return { decided: ids.length, seconds: Math.round(seconds * 100) / 100, decisionsPerSecond: Math.round(ids.length / seconds) };
};

/* ---- The run ---- */

let db: Db | undefined;
try {
  await waitForHealth(base, () => cluster.exitCode === null);
  const databaseUrl = embeddedConnectionString(path.join(dataDir, 'postgres'), pgPort);
  db = createDb(databaseUrl, 4);
  const fx = await createHoldsFixture(db);
  const daysAhead = 12;
  const sessions: number[] = [];
  for (let i = 0; i < SESSIONS; i++) sessions.push((await createOccurrence(db, fx, { kind: 'class', capacity: CAPACITY, startsInMinutes: (daysAhead * 24 + 1) * 60 + i })).id);
  await sql`UPDATE occurrences SET local_date = (SELECT local_date FROM occurrences WHERE id = ${sessions[0]!}) WHERE id = ANY(${sessions}::int[])`.execute(db);
  const date = (await sql<{ d: string }>`SELECT to_char(local_date, 'YYYY-MM-DD') AS d FROM occurrences WHERE id = ${sessions[0]!}`.execute(db)).rows[0]!.d;
  const [staff, ...customers] = await createCustomers(db, fx.clientId, CUSTOMERS + 1);
  await db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff!.userId).execute();
  const move = async (ms: number) => {
    const answer = await send('PUT', `/api/foh/venues/${fx.venueId}/releases/${date}`, staff!, { release_at: new Date(Date.now() + ms).toISOString() });
    if (answer.status !== 200) throw new Error(`moving the release: ${answer.status} ${JSON.stringify(answer.json)}`);
  };
  await move(5 * 60_000);

  // 1. The requests, through HAProxy.
  const asks = customers.flatMap((who, i) => [0, 1].map((k) => ({ who, occurrenceId: sessions[(i * 2 + k) % SESSIONS]! })));
  const queue = [...asks];
  const latencies: number[] = [];
  let refused = 0;
  const askStarted = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const body = { item: { id: next.occurrenceId, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult } };
        const answer = await send('POST', '/api/activities/release-requests', next.who, body);
        latencies.push(answer.ms);
        if (answer.status !== 202) refused += 1;
      }
    }),
  );
  const askSeconds = (performance.now() - askStarted) / 1000;
  latencies.sort((a, b) => a - b);

  // 2. The draw.
  await move(2000);
  const release = await db.selectFrom('day_releases').select(['id', 'seed', 'release_at']).where('venue_id', '=', fx.venueId).where('local_date', '=', date).executeTakeFirstOrThrow();
  const drawDeadline = Date.now() + 300_000;
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`SELECT count(*)::int AS waiting FROM release_requests WHERE release_id = ${release.id} AND status = 'waiting'`.execute(db);
    if (rows[0]!.waiting === 0) break;
    if (Date.now() > drawDeadline) throw new Error(`${rows[0]!.waiting} requests still waiting 5 minutes after the release`);
    await sleep(200);
  }
  const requests = await sql<{ id: number; occurrence_id: number; status: string; after_ms: number; created_at: Date }>`
    SELECT id, occurrence_id, status, extract(epoch FROM decided_at - ${release.release_at}::timestamptz) * 1000 AS after_ms, created_at
      FROM release_requests WHERE release_id = ${release.id}`.execute(db);
  const decided = requests.rows.map((r) => Number(r.after_ms)).sort((a, b) => a - b);
  const granted = requests.rows.filter((r) => r.status === 'granted');
  const grantMs = granted.map((r) => Number(r.after_ms)).sort((a, b) => a - b);
  const { rows: over } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM (SELECT occurrence_id FROM place_claims WHERE occurrence_id = ANY(${sessions}::int[]) AND status = 'active'
      GROUP BY occurrence_id HAVING count(*) > ${CAPACITY}) o`.execute(db);
  const order = drawOrder(release.seed, requests.rows.map((r) => r.id));
  const byId = new Map(requests.rows.map((r) => [r.id, r]));
  let outOfOrder = 0;
  for (const session of sessions) {
    const ofSession = order.map((id) => byId.get(id)!).filter((r) => r.occurrence_id === session);
    outOfOrder += ofSession.filter((r, i) => (i < CAPACITY) !== (r.status === 'granted')).length;
  }
  const arrival = [...requests.rows].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id).map((r) => r.id);
  const chiSquare = chiSquareIndependence(arrival, order);

  // 3b. The emails: one per customer, queued once every request is decided (releases/notify.ts).
  for (;;) {
    const { rows } = await sql<{ untold: number }>`SELECT count(*)::int AS untold FROM release_requests WHERE release_id = ${release.id} AND notified_at IS NULL`.execute(db);
    if (rows[0]!.untold === 0) break;
    if (Date.now() > drawDeadline) throw new Error(`${rows[0]!.untold} requests still untold 5 minutes after the release`);
    await sleep(200);
  }
  const { rows: toldRows } = await sql<{ after_ms: number }>`
    SELECT extract(epoch FROM notified_at - ${release.release_at}::timestamptz) * 1000 AS after_ms FROM release_requests WHERE release_id = ${release.id}`.execute(db);
  const toldMs = toldRows.map((r) => Number(r.after_ms)).sort((a, b) => a - b);
  const { rows: mails } = await sql<{ emails: number; recipients: number }>`
    SELECT count(*)::int AS emails, count(DISTINCT to_address)::int AS recipients FROM outbox_emails WHERE client_id = ${fx.clientId} AND kind = 'release_result'`.execute(db);

  // 4. The comparator.
  const bare = await bareDecisions(databaseUrl, requests.rows, sessions);
  const drawSeconds = decided.at(-1)! / 1000;
  const drawDecisionsPerSecond = Math.round(requests.rows.length / drawSeconds);

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) },
    setup: { instances: 3, loadBalancer: 'HAProxy', customers: CUSTOMERS, requests: asks.length, sessions: SESSIONS, placesPerSession: CAPACITY, concurrency: CONCURRENCY },
    requests: {
      accepted: asks.length - refused,
      refused,
      gatewayRetries,
      perSecond: Math.round(asks.length / askSeconds),
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      maxMs: Math.round(percentile(latencies, 100)),
    },
    draw: {
      granted: granted.length,
      waitlisted: requests.rows.filter((r) => r.status === 'waitlisted').length,
      refused: requests.rows.filter((r) => r.status === 'refused').length,
      grantsPerSecond: Math.round(granted.length / (grantMs.at(-1)! / 1000)),
      decisionsPerSecond: drawDecisionsPerSecond,
      grantP50Ms: Math.round(percentile(grantMs, 50)),
      grantP99Ms: Math.round(percentile(grantMs, 99)),
      firstDecisionMs: Math.round(decided[0]!),
      lastGrantMs: Math.round(grantMs.at(-1)!),
      lastDecisionMs: Math.round(decided.at(-1)!),
      grantedWithin5s: grantMs.filter((ms) => ms <= DEADLINE_MS).length,
      oversoldSessions: over[0]!.n,
      placesNotToTheFirstInSeedOrder: outOfOrder,
    },
    emails: {
      customers: CUSTOMERS,
      queued: mails[0]!.emails,
      recipients: mails[0]!.recipients,
      toldP50Ms: Math.round(percentile(toldMs, 50)),
      toldP99Ms: Math.round(percentile(toldMs, 99)),
      lastToldMs: Math.round(toldMs.at(-1)!),
    },
    fairness: { test: 'chi-square independence, arrival decile × draw decile', statistic: chiSquare, degreesOfFreedom: 81, criticalAt0001: CHI_SQUARE_CRITICAL_81_DF_0_001, uniform: chiSquare < CHI_SQUARE_CRITICAL_81_DF_0_001 },
    comparator: { 'bare sequential decisions (one transaction each)': bare, drawDecisionsToBare: Math.round((drawDecisionsPerSecond / bare.decisionsPerSecond) * 100) / 100 },
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/release.json'), `${JSON.stringify(result, null, 2)}\n`);
  const d = result.draw;
  console.log(
    `release (3 instances behind HAProxy): ${asks.length} requests at ${result.requests.perSecond}/s (p99 ${result.requests.p99Ms} ms, ${refused} refused); ` +
      `draw: ${d.granted} granted at ${d.grantsPerSecond}/s, p99 ${d.grantP99Ms} ms after the instant, ${d.grantedWithin5s} within 5 s, ${d.oversoldSessions} oversold, ` +
      `${d.placesNotToTheFirstInSeedOrder} out of seed order; chi-square ${chiSquare} (< ${CHI_SQUARE_CRITICAL_81_DF_0_001}: ${result.fairness.uniform}); ` +
      `${d.decisionsPerSecond} decisions/s vs bare ${bare.decisionsPerSecond}/s: ${result.comparator.drawDecisionsToBare}×; ` +
      `emails: ${result.emails.queued} to ${result.emails.recipients} of ${CUSTOMERS} customers, the last queued ${result.emails.lastToldMs} ms after the instant`,
  );
  const emailsWrong = result.emails.queued !== CUSTOMERS || result.emails.recipients !== CUSTOMERS;
  if (d.oversoldSessions > 0 || d.placesNotToTheFirstInSeedOrder > 0 || refused > 0 || emailsWrong) process.exitCode = 1;
} finally {
  await db?.destroy();
  await stopChild(cluster);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
