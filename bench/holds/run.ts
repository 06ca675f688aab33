// Holds benchmark (issue 9): how fast the real server answers basket adds on ONE hot occurrence,
// beside a bare comparator doing the simplest correct hold on the same database, and a release
// spike (2,000 customers over 100 classes in the release minute).
//
// 1. Hot occurrence: autocannon, BENCH_CONNECTIONS (50) connections, every request a different
//    customer (own bearer token) adding the same class of capacity BENCH_CAPACITY (200). Each
//    answer must be held (200) or full (409 whose message says 'full'). Measured in
//    BENCH_ROUNDS (5) interleaved slices of BENCH_DURATION (10 s) per target; before each slice
//    the class and the bare slot are emptied, so every slice holds up to capacity and then
//    refuses. After each slice the places held are counted in SQL: never above capacity.
//    Comparator (bare-server.ts): a bare Fastify route, one conditional UPDATE … WHERE held <
//    capacity plus an insert, in one transaction, same database, same pool size.
// 2. Release spike: 2,000 customers, 100 classes of 15 places, each customer sends one add at a
//    random moment in the first second of the minute (the release) and retries only a 409 that
//    does not say 'full' (wire notes). Every answer must arrive within 5 s of the customer's
//    own start, with no error and no class oversold.
// Run: npm run bench -- holds   (writes bench/results/holds.json)
//   BENCH_LOG_LEVEL (info, the server's default), BENCH_CONNECTIONS, BENCH_DURATION, BENCH_ROUNDS, BENCH_CAPACITY,
//   BENCH_CPU_PROF=<dir>   write a V8 CPU profile of the server under test to <dir>
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createDb, type Db } from '../../apps/api/src/db/connect.ts';
import { NODE, ROOT } from '../../e2e/support/server-process.ts';
import { createHoldsFixture, createOccurrence, type TestCustomer } from '../../apps/api/test/fixtures/holds.ts';
import { startBenchServer, stopChild } from '../support/server.ts';
import { manyCustomers, percentile, postAs } from '../support/load.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 200);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const HOT_CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 30_000);
const SPIKE_CUSTOMERS = 2000;
const SPIKE_CLASSES = 100;
const SPIKE_CAPACITY = 15;
const SPIKE_DEADLINE_MS = 5000;

/** The real server on free ports with a fresh embedded PostgreSQL (demo data seeded). */
const startServer = () => startBenchServer({ name: 'holds', logLevel: LOG_LEVEL, cpuProfDir: process.env.BENCH_CPU_PROF });

const startBare = async (databaseUrl: string) => {
  const child = spawn(NODE, [path.join(import.meta.dirname, 'bare-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`the bare comparator exited (${code}) before it listened`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
};

type Tally = { held: number; full: number; other: number; errors: number; requests: number; seconds: number; latencies: number[]; oversold: number };
const newTally = (): Tally => ({ held: 0, full: 0, other: 0, errors: 0, requests: 0, seconds: 0, latencies: [], oversold: 0 });

/** One autocannon slice: POSTs built by `next()`, each answer classified from its status and body. */
const slice = (base: string, seconds: number, next: () => { path: string; headers: Record<string, string>; body: string }, tally: Tally) =>
  new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const { path: p, headers, body } = next();
              return { ...request, path: p, headers: { ...request.headers, ...headers, 'content-type': 'application/json' }, body };
            },
            onResponse: (status, body) => {
              if (status === 200) tally.held += 1;
              else if (status === 409 && body.includes('full')) tally.full += 1;
              else tally.other += 1;
            },
          },
        ],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        tally.requests += result.requests.total;
        tally.seconds += result.duration;
        tally.errors += result.errors + result.timeouts;
        resolve();
      },
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => tally.latencies.push(responseTime));
  });

const summary = (t: Tally) => {
  const sorted = t.latencies.sort((a, b) => a - b);
  return {
    attemptsPerSecond: Math.round(t.requests / t.seconds),
    held: t.held,
    full: t.full,
    otherAnswers: t.other,
    errors: t.errors,
    oversold: t.oversold,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: percentile(sorted, 100),
  };
};

/* ---- 1. One hot occurrence ---- */

const hotOccurrence = async (db: Db, base: string, bareBase: string) => {
  const fx = await createHoldsFixture(db);
  const hot = await createOccurrence(db, fx, { kind: 'class', capacity: CAPACITY, startsInMinutes: 2 * 24 * 60 });
  const customers = await manyCustomers(db, fx.clientId, HOT_CUSTOMERS);
  await sql`CREATE TABLE IF NOT EXISTS bench_bare_slots (id integer PRIMARY KEY, capacity integer NOT NULL, held integer NOT NULL DEFAULT 0)`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS bench_bare_holds (id bigserial PRIMARY KEY, slot_id integer NOT NULL REFERENCES bench_bare_slots(id), customer integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  await sql`INSERT INTO bench_bare_slots (id, capacity) VALUES (1, ${CAPACITY}) ON CONFLICT (id) DO UPDATE SET capacity = EXCLUDED.capacity`.execute(db);

  const resetOurs = async () => {
    await sql`DELETE FROM cart_items WHERE occurrence_id = ${hot.id}`.execute(db);
    await sql`UPDATE place_claims SET status = 'released', released_at = now() WHERE occurrence_id = ${hot.id} AND status = 'active'`.execute(db);
  };
  const resetBare = async () => {
    await sql`TRUNCATE bench_bare_holds`.execute(db);
    await sql`UPDATE bench_bare_slots SET held = 0 WHERE id = 1`.execute(db);
  };
  const oversoldOurs = async () => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM place_claims WHERE occurrence_id = ${hot.id} AND status = 'active'`.execute(db);
    return Math.max(0, rows[0]!.n - CAPACITY);
  };
  const oversoldBare = async () => {
    const { rows } = await sql<{ held: number; rows: number }>`
      SELECT held, (SELECT count(*)::int FROM bench_bare_holds) AS rows FROM bench_bare_slots WHERE id = 1`.execute(db);
    return Math.max(0, rows[0]!.held - CAPACITY, rows[0]!.rows - CAPACITY);
  };

  let n = 0;
  const ours = () => {
    const who = customers[n++ % customers.length]!;
    return {
      path: '/api/activities/cart/add',
      headers: who.auth,
      body: JSON.stringify({ items: [{ id: hot.id, type: 'purchasableOccurrence', purchased_for_user_id: null }], membership_user_id: who.selfId, selected_user_id: null }),
    };
  };
  const bare = () => ({ path: '/bare/1/hold', headers: {}, body: '{}' });

  // Warm up both (pools, plans, V8), then empty them.
  await slice(base, 2, ours, newTally());
  await slice(bareBase, 2, bare, newTally());

  const [oursTally, bareTally] = [newTally(), newTally()];
  for (let round = 0; round < ROUNDS; round += 1) {
    await resetBare();
    await slice(bareBase, DURATION_S / ROUNDS, bare, bareTally);
    bareTally.oversold += await oversoldBare();
    await resetOurs();
    await slice(base, DURATION_S / ROUNDS, ours, oursTally);
    oursTally.oversold += await oversoldOurs();
  }
  if (n > customers.length) console.warn(`holds: ${n} attempts for ${customers.length} customers: some customers added twice (answered 'held' again)`);
  const o = summary(oursTally);
  const b = summary(bareTally);
  return {
    capacityPerSlice: CAPACITY,
    'POST /api/activities/cart/add (hold_place)': { ...o, ratioToBare: Math.round((o.attemptsPerSecond / b.attemptsPerSecond) * 100) / 100 },
    'bare conditional UPDATE + INSERT (comparator)': b,
  };
};

/* ---- 2. Release spike ---- */

const post = (agent: http.Agent, base: string, who: TestCustomer, body: string) => postAs(agent, base, '/api/activities/cart/add', who, body);

const releaseSpike = async (db: Db, base: string) => {
  const fx = await createHoldsFixture(db);
  const classes: { id: number; uuid: string }[] = [];
  for (let i = 0; i < SPIKE_CLASSES; i += 1) {
    classes.push(await createOccurrence(db, fx, { kind: 'class', capacity: SPIKE_CAPACITY, startsInMinutes: 3 * 24 * 60 + i * 5 }));
  }
  const customers = await manyCustomers(db, fx.clientId, SPIKE_CUSTOMERS);
  // BENCH_SAMPLE_WAITS=1: what PostgreSQL's backends wait on during the spike (pg_stat_activity every 50 ms).
  const waits = new Map<string, number>();
  let sampling = process.env.BENCH_SAMPLE_WAITS === '1';
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await sql<{ w: string; n: number }>`
        SELECT coalesce(wait_event_type || ':' || wait_event, state) AS w, count(*)::int AS n FROM pg_stat_activity
         WHERE backend_type = 'client backend' AND state <> 'idle' AND pid <> pg_backend_pid() GROUP BY 1`.execute(db);
      for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + r.n);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  // Many sockets, like many browsers; a client-side queue counts against the 5 s too.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const start = performance.now() + 200;
  let retries = 0;
  const outcomes = await Promise.all(
    customers.map(async (who, i) => {
      const at = start + Math.random() * 1000;
      await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
      const body = JSON.stringify({ items: [{ id: classes[i % SPIKE_CLASSES]!.id, type: 'purchasableOccurrence', purchased_for_user_id: null }] });
      for (;;) {
        try {
          const answer = await post(agent, base, who, body);
          if (answer.status === 409 && !answer.body.includes('full')) {
            retries += 1;
            await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
            continue;
          }
          return { ms: performance.now() - at, kind: answer.status === 200 ? 'held' : answer.status === 409 ? 'full' : `status ${answer.status}` };
        } catch (error) {
          return { ms: performance.now() - at, kind: `error ${(error as Error).message}` };
        }
      }
    }),
  );
  agent.destroy();
  sampling = false;
  await sampler;
  if (waits.size) console.log(`spike waits (samples): ${JSON.stringify([...waits].sort((a, b) => b[1] - a[1]).slice(0, 8))}`);
  const { rows } = await sql<{ id: number; n: number }>`
    SELECT occurrence_id AS id, count(*)::int AS n FROM place_claims
     WHERE occurrence_id = ANY(${classes.map((c) => c.id)}::int[]) AND status = 'active' GROUP BY occurrence_id`.execute(db);
  const ms = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const held = outcomes.filter((o) => o.kind === 'held').length;
  const heldInSql = rows.reduce((s, r) => s + r.n, 0);
  return {
    customers: SPIKE_CUSTOMERS,
    classes: SPIKE_CLASSES,
    placesPerClass: SPIKE_CAPACITY,
    held,
    heldInSql,
    full: outcomes.filter((o) => o.kind === 'full').length,
    errors: outcomes.filter((o) => o.kind !== 'held' && o.kind !== 'full').length,
    busyRetries: retries,
    oversoldClasses: rows.filter((r) => r.n > SPIKE_CAPACITY).length,
    answeredWithin5s: ms.filter((m) => m <= SPIKE_DEADLINE_MS).length,
    p50Ms: Math.round(percentile(ms, 50)),
    p99Ms: Math.round(percentile(ms, 99)),
    maxMs: Math.round(percentile(ms, 100)),
  };
};

const server = await startServer();
const bareServer = await startBare(server.databaseUrl);
try {
  const db = createDb(server.databaseUrl, 4);
  const hot = await hotOccurrence(db, server.base, bareServer.base);
  const spike = await releaseSpike(db, server.base);
  await db.destroy();
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) },
    setup: { connections: CONNECTIONS, durationSeconds: DURATION_S, interleavedRounds: ROUNDS, logLevel: LOG_LEVEL },
    hotOccurrence: hot,
    releaseSpike: spike,
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/holds.json'), `${JSON.stringify(result, null, 2)}\n`);
  const o = hot['POST /api/activities/cart/add (hold_place)'];
  const b = hot['bare conditional UPDATE + INSERT (comparator)'];
  console.log(
    `holds hot occurrence (${CONNECTIONS} connections): cart/add ${o.attemptsPerSecond} attempts/s (${o.held} held, ${o.full} full, ` +
      `${o.otherAnswers + o.errors} other, ${o.oversold} oversold, p99 ${o.p99Ms} ms) vs bare ${b.attemptsPerSecond}/s: ${o.ratioToBare}×`,
  );
  console.log(
    `holds release spike: ${spike.customers} customers / ${spike.classes} classes: ${spike.held} held (${spike.heldInSql} in SQL), ${spike.full} full, ` +
      `${spike.errors} errors, ${spike.oversoldClasses} oversold, ${spike.answeredWithin5s}/${spike.customers} within 5 s, p99 ${spike.p99Ms} ms, max ${spike.maxMs} ms`,
  );
} finally {
  await bareServer.stop();
  await server.stop();
}
