// Timetable benchmark (issue 9): requests per second and p99 latency of a day's
// GET …/v2/timetable (classes) and GET …/v2/times (courts) under concurrent load, at about
// 1 k and about 1 M occurrences in the database, each as a ratio to a bare comparator measured
// in the same run (../catalogue/bare-server.ts: one route doing `select 1` on the same database),
// and the p99 growth from 1 k to 1 M (goal ≤ 1.5×; ratio to bare goal ≥ 0.6×).
// Run: npm run bench -- timetable   (writes bench/results/timetable.json; loading 1 M rows takes minutes)
//   BENCH_CONNECTIONS (50), BENCH_DURATION (10 s per target, in BENCH_ROUNDS (5) interleaved slices),
//   BENCH_LARGE_VENUES (200: venues of the large set, 72 days each), BENCH_LOG_LEVEL (info),
//   TIMETABLE_VISITOR_CACHE=false to measure the database path (the server reads it from the environment)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/api/src/db/connect.ts';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { freePort, NODE, ROOT } from '../../e2e/support/server-process.ts';
import { waitForHealth } from '../support/health.ts';
import { loadInterleaved, ratio } from '../support/reads.ts';
import { explainDay } from './explain.ts';
import { analyse, BENCH_HOST, CLASS_SLUG, COURT_SLUG, countOccurrences, loadBenchClient, loadBenchVenues } from './load.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const LARGE_VENUES = Number(process.env.BENCH_LARGE_VENUES ?? 200);
/** Days around today of each large-set venue (72 days × 70 = 5,040 occurrences a venue). */
const LARGE_DAYS = { from: -36, to: 35 };
/** The small set: one venue, a week either side of today (15 days × 70 = 1,050 occurrences). */
const SMALL_DAYS = { from: -7, to: 7 };
/** Dates asked for: today … today + 5, inside a visitor's window. */
const DAY_OFFSETS = [0, 1, 2, 3, 4, 5];

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

/** The real server on free ports with a fresh embedded PostgreSQL and no demo data. */
const startServer = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-timetable-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const child = spawn(NODE, [path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL, DATABASE_URL: '', SEED_DEMO_DATA: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, () => child.exitCode === null);
  return {
    base,
    databaseUrl: embeddedConnectionString(path.join(dataDir, 'postgres'), pgPort),
    stop: async () => {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const startBare = async (databaseUrl: string) => {
  const child = spawn(NODE, [path.join(ROOT, 'bench/catalogue/bare-server.ts')], {
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

const getJson = (base: string, pathname: string) =>
  new Promise<{ data: unknown[] }>((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: { host: BENCH_HOST, accept: 'application/json' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          if ((response.statusCode ?? 500) >= 300) reject(new Error(`GET ${pathname} answered ${response.statusCode}: ${body}`));
          else resolve(JSON.parse(body) as { data: unknown[] });
        });
      })
      .on('error', reject);
  });

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The comparator and both day endpoints, interleaved, over venues 1 … `venues` and the dates. */
const measure = async (base: string, bareBase: string, venues: number, occurrences: number) => {
  const dates = DAY_OFFSETS.map((d) => addDays(today(), d));
  let i = 0;
  let j = 0;
  const dayPath = (slug: string, endpoint: string, n: number) =>
    `/api/activities/venue/bench-venue-${(n % venues) + 1}/activity/${slug}/v2/${endpoint}?date=${dates[Math.floor(n / venues) % dates.length]}`;
  // Warm up the same way at every size: every day the load will ask for, once per endpoint
  // (8 at a time), so both sizes start with the visitor cache holding every day they serve
  // (it still drops each answer at the next whole minute: those rebuilds are part of the load).
  // Every answer is checked to hold what it should.
  const pairs = venues * dates.length;
  let next = 0;
  const warmOne = async () => {
    for (let n = next++; n < pairs; n = next++) {
      const classes = await getJson(base, dayPath(CLASS_SLUG, 'timetable', n));
      const times = await getJson(base, dayPath(COURT_SLUG, 'times', n));
      if (classes.data.length !== 10 || times.data.length !== 15) throw new Error(`unexpected day: ${classes.data.length} classes, ${times.data.length} times`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, warmOne));
  for (let n = 0; n < 20; n += 1) await getJson(bareBase, '/bare');
  const [bare, timetable, times] = await loadInterleaved([
    { title: 'bare select 1', base: bareBase, paths: () => '/bare' },
    { title: 'GET v2/timetable', base, paths: () => dayPath(CLASS_SLUG, 'timetable', i++) },
    { title: 'GET v2/times', base, paths: () => dayPath(COURT_SLUG, 'times', j++) },
  ], { host: BENCH_HOST, connections: CONNECTIONS, durationSeconds: DURATION_S, rounds: ROUNDS });
  return {
    occurrences,
    venuesAskedFor: venues,
    daysAskedFor: pairs,
    'bare select 1 (comparator)': bare!,
    'GET …/v2/timetable (10 classes)': { ...timetable!, ratioToBare: ratio(timetable!, bare!) },
    'GET …/v2/times (15 times over 4 courts)': { ...times!, ratioToBare: ratio(times!, bare!) },
  };
};

/** The day query's plans (explain.ts) for the last venue's day today + 2: classes and courts. */
const explainDays = async (db: ReturnType<typeof createDb>, clientId: number, venue: number) => {
  const ids = await sql<{ venue_id: number; class_id: number; court_id: number }>`
    SELECT v.id AS venue_id,
           (SELECT id FROM activity_categories WHERE client_id = ${clientId} AND slug = ${CLASS_SLUG}) AS class_id,
           (SELECT id FROM activity_categories WHERE client_id = ${clientId} AND slug = ${COURT_SLUG}) AS court_id
      FROM venues v WHERE v.client_id = ${clientId} AND v.slug = ${`bench-venue-${venue}`}`.execute(db);
  const row = ids.rows[0]!;
  const date = addDays(today(), 2);
  return {
    timetable: await explainDay(db, { clientId, venueId: row.venue_id, categoryId: row.class_id, date, kinds: ['class', 'ad_hoc'] }),
    times: await explainDay(db, { clientId, venueId: row.venue_id, categoryId: row.court_id, date, kinds: ['fast_ticket', 'resource'] }),
  };
};

const server = await startServer();
const bare = await startBare(server.databaseUrl);
try {
  const db = createDb(server.databaseUrl, 2);
  const clientId = await loadBenchClient(db);
  await loadBenchVenues(db, clientId, 1, 1, SMALL_DAYS.from, SMALL_DAYS.to);
  await analyse(db);
  const small = await measure(server.base, bare.base, 1, await countOccurrences(db));
  const smallPlans = await explainDays(db, clientId, 1);

  const started = Date.now();
  for (let first = 2; first <= LARGE_VENUES; first += 20) {
    await loadBenchVenues(db, clientId, first, Math.min(LARGE_VENUES, first + 19), LARGE_DAYS.from, LARGE_DAYS.to);
  }
  await analyse(db);
  const loadSeconds = Math.round((Date.now() - started) / 1000);
  const large = await measure(server.base, bare.base, LARGE_VENUES, await countOccurrences(db));
  const largePlans = await explainDays(db, clientId, LARGE_VENUES);
  await db.destroy();

  const growth = (key: 'GET …/v2/timetable (10 classes)' | 'GET …/v2/times (15 times over 4 courts)') =>
    Math.round((large[key].p99Ms / Math.max(small[key].p99Ms, 0.1)) * 100) / 100;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) },
    setup: { connections: CONNECTIONS, durationSeconds: DURATION_S, interleavedRounds: ROUNDS, logLevel: LOG_LEVEL, visitorCache: process.env.TIMETABLE_VISITOR_CACHE !== 'false', largeLoadSeconds: loadSeconds },
    runs: { '1k': small, '1M': large },
    plans: { '1k': smallPlans, '1M': largePlans },
    p99Growth1kTo1M: { timetable: growth('GET …/v2/timetable (10 classes)'), times: growth('GET …/v2/times (15 times over 4 courts)') },
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/timetable.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const [name, run] of Object.entries(result.runs)) {
    const b = run['bare select 1 (comparator)'];
    const t = run['GET …/v2/timetable (10 classes)'];
    const s = run['GET …/v2/times (15 times over 4 courts)'];
    const failed = [b, t, s].some((m) => m.non2xx + m.errors > 0);
    console.log(
      `timetable ${name} (${run.occurrences} occurrences, ${CONNECTIONS} connections): bare ${b.requestsPerSecond} req/s p99 ${b.p99Ms} ms; ` +
        `v2/timetable ${t.requestsPerSecond} req/s p99 ${t.p99Ms} ms (${t.ratioToBare}×); v2/times ${s.requestsPerSecond} req/s p99 ${s.p99Ms} ms (${s.ratioToBare}×)` +
        (failed ? ' (SOME REQUESTS FAILED)' : ''),
    );
  }
  console.log(`timetable p99 growth 1k → 1M: timetable ${result.p99Growth1kTo1M.timetable}×, times ${result.p99Growth1kTo1M.times}×`);
  for (const [name, plans] of Object.entries(result.plans)) {
    for (const [endpoint, plan] of Object.entries(plans)) {
      const summary = (lines: string[]) => lines.filter((l) => /Execution Time|Planning Time|^\s*Buffers/.test(l)).slice(0, 1).concat(lines.filter((l) => /Execution Time/.test(l))).join('; ');
      console.log(`plan ${name} ${endpoint}: custom ${summary(plan.custom)} | generic ${summary(plan.generic)}`);
    }
  }
} finally {
  await bare.stop();
  await server.stop();
}
