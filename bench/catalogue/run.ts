// Catalogue benchmark (issue 4): requests per second and p99 latency of GET venues and
// GET /venue/{venue}/categories under concurrent load, for a client with 500 venues.
// Run: npm run bench -- catalogue   (writes bench/results/catalogue.json)
// Against a server that is already running: BASE_URL=http://127.0.0.1:3000 DATABASE_URL=postgres://… npm run bench -- catalogue
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '../../apps/api/src/db/connect.ts';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { freePort, NODE, ROOT } from '../../e2e/support/server-process.ts';
import { BENCH_HOST, loadBenchVenues } from './load-venues.ts';

const VENUES = 500;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

const waitForHealth = async (base: string, isAlive: () => boolean) => {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('the server exited before it became healthy');
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy within 120 s');
};

/** The real server on free ports with a fresh embedded PostgreSQL, unless BASE_URL names one. */
const startServer = async () => {
  if (process.env.BASE_URL) {
    if (!process.env.DATABASE_URL) throw new Error('With BASE_URL, set DATABASE_URL too (the bench loads its venues there).');
    return { base: process.env.BASE_URL.replace(/\/$/, ''), databaseUrl: process.env.DATABASE_URL, stop: async () => {} };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const child = spawn(NODE, [path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, () => child.exitCode === null);
  return {
    base,
    databaseUrl: embeddedConnectionString(path.join(dataDir, 'postgres'), pgPort),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** GET with the bench client's Host header (fetch does not let a caller set Host). */
const getJson = (base: string, pathname: string) =>
  new Promise<unknown>((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers: { host: BENCH_HOST, accept: 'application/json' } }, (response) => {
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

type Measure = { requestsPerSecond: number; p50Ms: number; p99Ms: number; maxMs: number; non2xx: number; errors: number; bytesPerResponse: number };

const load = async (base: string, title: string, paths: () => string): Promise<Measure> => {
  const result = await autocannon({
    url: base,
    title,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { host: BENCH_HOST, accept: 'application/json' },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(result.requests.total, 1)),
  };
};

const server = await startServer();
try {
  const db = createDb(server.databaseUrl, 2);
  const slugs = await loadBenchVenues(db, VENUES);
  await db.destroy();

  // Warm up: the tenant cache, the pool and PostgreSQL's buffers.
  for (const slug of slugs.slice(0, 20)) await getJson(server.base, `/api/activities/venue/${slug}/categories`);
  const listed = ((await getJson(server.base, '/api/activities/venues')) as { data: unknown[] }).data.length;
  if (listed !== VENUES) throw new Error(`expected ${VENUES} venues for the bench client, got ${listed}`);

  let i = 0;
  const venues = await load(server.base, 'GET venues', () => '/api/activities/venues');
  const categories = await load(server.base, 'GET venue categories', () => `/api/activities/venue/${slugs[i++ % slugs.length]}/categories`);

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    setup: { venues: VENUES, connections: CONNECTIONS, durationSeconds: DURATION_S },
    'GET /api/activities/venues': venues,
    'GET /api/activities/venue/{venue}/categories': categories,
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/catalogue.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `catalogue (${VENUES} venues, ${CONNECTIONS} connections): GET venues ${venues.requestsPerSecond} req/s p99 ${venues.p99Ms} ms; ` +
      `GET venue/{venue}/categories ${categories.requestsPerSecond} req/s p99 ${categories.p99Ms} ms` +
      (venues.non2xx + categories.non2xx + venues.errors + categories.errors > 0 ? ' (SOME REQUESTS FAILED)' : ''),
  );
} finally {
  await server.stop();
}
