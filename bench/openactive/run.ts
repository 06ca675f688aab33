// OpenActive harvest benchmark (issue 26; docs/openactive.md "Benchmark"), on the real server:
// scheduled sessions are added in SQL (generate_series, in batches of BENCH_OA_BATCH, through the
// occurrences' own statement trigger that makes their feed items) into a fresh embedded database
// with the demo data, not through the API. At each feed size of BENCH_OA_SIZES (sessions added:
// 10 000, 100 000, 1 000 000) a harvester walks the whole scheduled-sessions feed from the start,
// as RPDE asks (`next` until the last page), one request at a time: pages per second and the
// p50/p99 of a page. Comparator: the bare route GET /api/health (one SELECT 1), the same number of
// sequential requests (at most BENCH_OA_BARE) right after, in the same run. Flat means the page's
// p99 does not grow with the feed (a page is one keyset range scan, docs/openactive.md).
// Run: npm run bench -- openactive   (writes bench/results/openactive.json; BENCH_PORT and
// BENCH_PG_PORT pin the server's ports)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/api/src/db/connect.ts';
import { startBenchServer } from '../support/server.ts';
import { percentile } from '../support/load.ts';

const SIZES = (process.env.BENCH_OA_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const BATCH = Number(process.env.BENCH_OA_BATCH ?? 50_000);
const BARE = Number(process.env.BENCH_OA_BARE ?? 500);

const fixed = process.env.BENCH_PORT && process.env.BENCH_PG_PORT ? { port: Number(process.env.BENCH_PORT), pgPort: Number(process.env.BENCH_PG_PORT) } : undefined;
const server = await startBenchServer({ name: 'openactive', logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn', ports: fixed });
const db = createDb(server.databaseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

/** One GET: status, body text and milliseconds. */
const get = (pathname: string) =>
  new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(new URL(pathname, server.base), { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      })
      .on('error', reject);
  });

const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { requests: ms.length, p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1) ?? 0) };
};

/** A whole harvest of the scheduled-sessions feed: every page's time, the items seen. */
const harvest = async () => {
  const times: number[] = [];
  let url = '/openactive/feeds/scheduled-sessions';
  let items = 0;
  const started = performance.now();
  for (;;) {
    const page = await get(url);
    if (page.status !== 200) throw new Error(`${url}: ${page.status} ${page.body.slice(0, 200)}`);
    times.push(page.ms);
    const json = JSON.parse(page.body) as { items: unknown[]; next: string };
    items += json.items.length;
    const next = new URL(json.next, server.base);
    if (json.items.length === 0) break;
    url = next.pathname + next.search;
  }
  return { items, pages: times.length, seconds: (performance.now() - started) / 1000, times };
};

/** Adds `count` sessions (occurrences of the demo's class activities, from 40 days ahead), `BATCH` a statement. */
const addSessions = async (clientId: number, from: number, count: number) => {
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    await sql`
      WITH a AS (SELECT id, venue_id, category_id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM activities WHERE client_id = ${clientId} AND kind = 'class'),
           g AS (SELECT i FROM generate_series(${from + done}::bigint, ${from + done + n - 1}::bigint) i),
           s AS (SELECT a.id, a.venue_id, a.category_id, date_trunc('hour', now()) + interval '40 days' + (g.i / a.n) * interval '15 minutes' AS starts_at
                   FROM g JOIN a ON a.k = g.i % a.n)
      INSERT INTO occurrences (client_id, venue_id, category_id, activity_id, local_date, starts_at, ends_at, capacity)
      SELECT ${clientId}, venue_id, category_id, id, (starts_at AT TIME ZONE 'Europe/London')::date, starts_at, starts_at + interval '45 minutes', 20 FROM s`.execute(db);
  }
};

try {
  const client = await db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow();
  const runs = [];
  let added = 0;
  for (const size of SIZES) {
    const generating = performance.now();
    await addSessions(client.id, added, size - added);
    added = size;
    await sql`ANALYZE occurrences`.execute(db);
    await sql`ANALYZE openactive_items`.execute(db);
    const generatedSeconds = (performance.now() - generating) / 1000;
    const run = await harvest();
    const bare: number[] = [];
    for (let i = 0; i < Math.min(BARE, run.pages); i += 1) {
      const r = await get('/api/health');
      if (r.status !== 200) throw new Error(`health: ${r.status}`);
      bare.push(r.ms);
    }
    const page = stats(run.times);
    const bareStats = stats(bare);
    const result = {
      sessionsAdded: size,
      feedItems: run.items,
      generatedSeconds: Math.round(generatedSeconds * 10) / 10,
      harvest: { pages: run.pages, seconds: Math.round(run.seconds * 10) / 10, pagesPerSecond: Math.round((run.pages / run.seconds) * 10) / 10, itemsPerSecond: Math.round(run.items / run.seconds), page },
      bareRoute: { ...bareStats, requestsPerSecond: Math.round((bare.length / (bare.reduce((a, b) => a + b, 0) / 1000)) * 10) / 10 },
      ratio: { p50: Math.round((page.p50Ms / bareStats.p50Ms) * 10) / 10, p99: Math.round((page.p99Ms / bareStats.p99Ms) * 10) / 10 },
      loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
    };
    console.log(JSON.stringify(result));
    runs.push(result);
  }
  const first = runs[0]!;
  const last = runs.at(-1)!;
  const out = {
    benchmark: 'openactive',
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? '', loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100 },
    setup: { feed: 'scheduled-sessions', pageSize: 500, sequential: true, batch: BATCH, sizes: SIZES },
    runs,
    flat: { pageP99GrowthFirstToLast: Math.round((last.harvest.page.p99Ms / first.harvest.page.p99Ms) * 100) / 100, pagesPerSecondFirstToLast: Math.round((last.harvest.pagesPerSecond / first.harvest.pagesPerSecond) * 100) / 100 },
  };
  const file = path.join(import.meta.dirname, '../results/openactive.json');
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${file}`);
} finally {
  await db.destroy();
  agent.destroy();
  await server.stop();
}
