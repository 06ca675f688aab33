// Catalogue benchmark (issues 4 and 7): requests per second and p99 latency of GET venues and
// GET /venue/{venue}/categories under concurrent load, each as a ratio to a bare comparator
// measured in the same run: a Fastify app with one route doing `select 1` on the same database
// (bare-server.ts). Two data sets: the demo data (16 venues, the figures issue 7 is judged on)
// and a bench client with 500 venues.
// Run: npm run bench -- catalogue   (writes bench/results/catalogue.json)
//   BENCH_DATA=demo | 500 | demo,500 (default)   which data sets
//   BENCH_CONNECTIONS (50), BENCH_DURATION (10 s per target, in BENCH_ROUNDS (5) interleaved slices),
//   BENCH_LOG_LEVEL (info, the server's default)
//   BENCH_CPU_PROF=<dir>   write a V8 CPU profile of the server under test to <dir>
// Against a server that is already running: BASE_URL=http://127.0.0.1:3000 DATABASE_URL=postgres://… npm run bench -- catalogue
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../../apps/api/src/db/connect.ts';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { freePort, NODE, ROOT } from '../../e2e/support/server-process.ts';
import { waitForHealth } from '../support/health.ts';
import { loadInterleaved, ratio } from '../support/reads.ts';
import { BENCH_HOST, loadBenchVenues } from './load-venues.ts';

const BENCH_VENUES = 500;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const DATA_SETS = (process.env.BENCH_DATA ?? 'demo,500').split(',').map((s) => s.trim());
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** The demo operator is the default client: any host not in client_domains. */
const DEMO_HOST = 'localhost';

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

/** The real server on free ports with a fresh embedded PostgreSQL, unless BASE_URL names one. */
const startServer = async () => {
  if (process.env.BASE_URL) {
    if (!process.env.DATABASE_URL) throw new Error('With BASE_URL, set DATABASE_URL too (the bench loads its venues there).');
    return { base: process.env.BASE_URL.replace(/\/$/, ''), databaseUrl: process.env.DATABASE_URL, stop: async () => {} };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const profile = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
  const child = spawn(NODE, [...profile, path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL, DATABASE_URL: '' },
    // Log lines go to /dev/null: their cost in the server is measured, a terminal's is not.
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

/** The comparator in its own process (bare-server.ts), on the same database. */
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

/** GET with a Host header (fetch does not let a caller set Host). */
const getJson = (base: string, host: string, pathname: string) =>
  new Promise<unknown>((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: { host, accept: 'application/json' } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          if ((response.statusCode ?? 500) >= 300) reject(new Error(`GET ${pathname} answered ${response.statusCode}: ${body}`));
          else resolve(JSON.parse(body));
        });
      })
      .on('error', reject);
  });

/** Bare comparator and both endpoints, interleaved, for one client (host) and its venue slugs. */
const measureDataSet = async (base: string, bareBase: string, host: string, slugs: readonly string[]) => {
  // Warm up: the pools, PostgreSQL's buffers and V8's optimised code.
  for (let round = 0; round < 3; round += 1) {
    for (const slug of slugs.slice(0, 20)) await getJson(base, host, `/api/activities/venue/${slug}/categories`);
    await getJson(base, host, '/api/activities/venues');
    await getJson(bareBase, host, '/bare');
  }
  const listed = ((await getJson(base, host, '/api/activities/venues')) as { data: unknown[] }).data.length;
  if (listed !== slugs.length) throw new Error(`expected ${slugs.length} venues for ${host}, got ${listed}`);

  let i = 0;
  const [bare, venues, categories] = await loadInterleaved(
    [
      { title: 'bare select 1', base: bareBase, paths: () => '/bare' },
      { title: 'GET venues', base, paths: () => '/api/activities/venues' },
      { title: 'GET venue categories', base, paths: () => `/api/activities/venue/${slugs[i++ % slugs.length]}/categories` },
    ],
    { host, connections: CONNECTIONS, durationSeconds: DURATION_S, rounds: ROUNDS },
  );
  return {
    host,
    venues: slugs.length,
    'bare select 1 (comparator)': bare!,
    'GET /api/activities/venues': { ...venues!, ratioToBare: ratio(venues!, bare!) },
    'GET /api/activities/venue/{venue}/categories': { ...categories!, ratioToBare: ratio(categories!, bare!) },
  };
};

const server = await startServer();
const bare = await startBare(server.databaseUrl);
try {
  const db = createDb(server.databaseUrl, 2);
  const runs: Record<string, Awaited<ReturnType<typeof measureDataSet>>> = {};
  for (const dataSet of DATA_SETS) {
    if (dataSet === 'demo') {
      const demo = await db
        .selectFrom('venues')
        .innerJoin('clients', 'clients.id', 'venues.client_id')
        .select('venues.slug')
        .where('clients.slug', '=', process.env.DEFAULT_CLIENT || 'active-north-west')
        .execute();
      runs.demo = await measureDataSet(server.base, bare.base, DEMO_HOST, demo.map((v) => v.slug));
    } else if (dataSet === String(BENCH_VENUES)) {
      const slugs = await loadBenchVenues(db, BENCH_VENUES);
      runs[dataSet] = await measureDataSet(server.base, bare.base, BENCH_HOST, slugs);
    } else {
      throw new Error(`BENCH_DATA: unknown data set ${dataSet} (demo or ${BENCH_VENUES})`);
    }
  }
  await db.destroy();

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    setup: { connections: CONNECTIONS, durationSeconds: DURATION_S, interleavedRounds: ROUNDS, logLevel: LOG_LEVEL },
    runs,
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/catalogue.json'), `${JSON.stringify(result, null, 2)}\n`);
  for (const [name, run] of Object.entries(runs)) {
    const b = run['bare select 1 (comparator)'];
    const v = run['GET /api/activities/venues'];
    const c = run['GET /api/activities/venue/{venue}/categories'];
    const failed = [b, v, c].some((m) => m.non2xx + m.errors > 0);
    console.log(
      `catalogue ${name} (${run.venues} venues, ${CONNECTIONS} connections, LOG_LEVEL=${LOG_LEVEL}): ` +
        `bare ${b.requestsPerSecond} req/s p99 ${b.p99Ms} ms; ` +
        `GET venues ${v.requestsPerSecond} req/s p99 ${v.p99Ms} ms (${v.ratioToBare}×); ` +
        `GET venue/{venue}/categories ${c.requestsPerSecond} req/s p99 ${c.p99Ms} ms (${c.ratioToBare}×)` +
        (failed ? ' (SOME REQUESTS FAILED)' : ''),
    );
  }
} finally {
  await bare.stop();
  await server.stop();
}
