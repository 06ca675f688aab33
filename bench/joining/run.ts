// Online-joining benchmark (issue 23; docs/memberships.md "Benchmark"), on the real server with
// the directdebit and card simulators:
// 1. Joins end to end: BENCH_JOIN_CONCURRENCY (8) customers at a time, each a customer of its own
//    (a live session made in the database), run the whole join through HTTP as the browser does:
//    start (plan, start date, date of birth) → Direct Debit mandate (20-00-00 / 55779911) →
//    checkout/prepare → card tokenised at the simulator (4242…) → authorise → complete. Joins per
//    second over BENCH_DURATION (20 s); every join must end with a membership number. Comparator:
//    the bare route GET /api/health (one SELECT 1), requests per second with the same concurrency,
//    measured in the same run right before; result: joins/s, its requests/s, and joins/s ÷ bare/s.
// 2. The quote: p99 of POST /api/online-joining/quote (public) with BENCH_CONNECTIONS (8)
//    connections for BENCH_DURATION, beside the p99 of GET /api/health measured the same way in
//    the same run (interleaved in BENCH_ROUNDS slices); result: the quote's p99 ÷ the bare p99.
// Run: npm run bench -- joining   (writes bench/results/joining.json)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { londonDate } from '../../packages/contract/src/rules/join-quote.ts';
import { createDb } from '../../apps/api/src/db/connect.ts';
import type { TestCustomer } from '../../apps/api/test/fixtures/holds.ts';
import { startBenchServer } from '../support/server.ts';
import { manyCustomers, percentile } from '../support/load.ts';

const CONCURRENCY = Number(process.env.BENCH_JOIN_CONCURRENCY ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 3000);
const VENUE = 'bury-leisure-centre';

const server = await startBenchServer({ name: 'joining', logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn' });
const db = createDb(server.databaseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

/** One JSON request as `who` (or nobody): status and parsed body. */
const call = (method: string, pathname: string, who: TestCustomer | null, body?: unknown) =>
  new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      new URL(pathname, server.base),
      { method, agent, headers: { ...(who?.auth ?? {}), ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}) } },
      (res) => {
        let out = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (out += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: out ? (JSON.parse(out) as Record<string, unknown>) : {} }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });

const expectOk = (step: string, r: { status: number; json: unknown }) => {
  if (r.status !== 200) throw new Error(`${step}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
  return r.json as Record<string, Record<string, unknown>>;
};

try {
  const client = await db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow();
  // The demo's Swim & Gym Bury (monthly, a joining fee): the journey's plan.
  const plan = await db.selectFrom('membership_plans').select('id').where('client_id', '=', client.id).where('name', '=', 'Swim & Gym Bury').executeTakeFirstOrThrow();
  const customers = await manyCustomers(db, client.id, CUSTOMERS);
  const today = londonDate(new Date());
  const born = `${Number(today.slice(0, 4)) - 30}${today.slice(4, 8)}01`;

  /** The whole join of one customer; answers the number of HTTP requests it took. */
  const join = async (who: TestCustomer) => {
    const started = expectOk('start', await call('POST', '/api/online-joining/joins', who, { venue: VENUE, plan_id: plan.id, start_date: today, date_of_birth: born }));
    const joinId = String(started.data!.id);
    const mandate = expectOk('mandate', await call('PUT', `/api/online-joining/joins/${joinId}/mandate`, who, { account_holder_name: 'Bench Joiner', sort_code: '20-00-00', account_number: '55779911', sole_authoriser: true }));
    const total = (mandate.data!.quote as { today_total: { raw: number } }).today_total.raw;
    const prepared = expectOk('prepare', await call('GET', '/api/checkout/prepare', who)) as unknown as { session_key: string };
    const card = expectOk('card', await call('POST', '/simulator/card-identifiers', null, { session_key: prepared.session_key, card_number: '4242 4242 4242 4242', expiry_date: '12/39', security_code: '123', card_holder_name: 'Bench Joiner' })) as unknown as { card_identifier: string };
    const authorised = expectOk('authorise', await call('POST', `/api/online-joining/joins/${joinId}/authorise`, who, {
      amount: total, session_key: prepared.session_key, card_identifier: card.card_identifier, card_holder_name: 'Bench Joiner',
      browser_color_depth: 24, browser_java_enabled: false, browser_javascript_enabled: true, browser_language: 'en-GB', browser_screen_height: 900, browser_screen_width: 1440, browser_timezone: 0,
    }));
    const done = expectOk('complete', await call('POST', `/api/online-joining/joins/${joinId}/complete`, who, { transaction_uuid: authorised.data!.transaction_uuid }));
    if (!/^M\d{8}$/.test(String(done.data!.membership_number))) throw new Error(`complete: no membership number ${JSON.stringify(done).slice(0, 200)}`);
    return 6;
  };

  // Warm-up: a few joins, not counted.
  let next = 0;
  for (let i = 0; i < 4; i++) await join(customers[next++]!);

  // The bare route's requests per second, with the same concurrency, just before.
  const bareRps = await autocannon({ url: `${server.base}/api/health`, connections: CONCURRENCY, duration: Math.max(5, DURATION_S / 2) });

  const latencies: number[] = [];
  let joins = 0;
  let requests = 0;
  const failures: string[] = [];
  const deadline = performance.now() + DURATION_S * 1000;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline && next < customers.length) {
        const who = customers[next++]!;
        const t0 = performance.now();
        try {
          const sent = await join(who);
          requests += sent;
          joins += 1;
          latencies.push(performance.now() - t0);
        } catch (error) {
          failures.push((error as Error).message);
          if (failures.length > 20) throw error;
        }
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const memberships = Number((await db.selectFrom('memberships').select((eb) => eb.fn.countAll().as('n')).where('plan_id', '=', plan.id).executeTakeFirstOrThrow()).n);

  // The quote beside the bare route, interleaved.
  const quoteBody = JSON.stringify({ venue: VENUE, plan_id: plan.id, start_date: today });
  const slices = { quote: [] as autocannon.Result[], bare: [] as autocannon.Result[] };
  for (let round = 0; round < ROUNDS; round++) {
    slices.bare.push(await autocannon({ url: `${server.base}/api/health`, connections: CONNECTIONS, duration: DURATION_S / ROUNDS }));
    slices.quote.push(
      await autocannon({ url: `${server.base}/api/online-joining/quote`, method: 'POST', headers: { 'content-type': 'application/json' }, body: quoteBody, connections: CONNECTIONS, duration: DURATION_S / ROUNDS }),
    );
  }
  const worst = (results: autocannon.Result[], key: 'p99' | 'p50') => Math.max(...results.map((r) => r.latency[key]));
  const rps = (results: autocannon.Result[]) => Math.round(results.reduce((sum, r) => sum + r.requests.average, 0) / results.length);
  const non2xx = (results: autocannon.Result[]) => results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);

  const result = {
    benchmark: 'joining',
    at: new Date().toISOString(),
    machine: { cpus: os.availableParallelism(), loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100, note: 'shared 2-core machine; other work was running (load average above)' },
    settings: { concurrency: CONCURRENCY, connections: CONNECTIONS, durationSeconds: DURATION_S, rounds: ROUNDS },
    joins: {
      completed: joins,
      failed: failures.length,
      firstFailure: failures[0] ?? null,
      membershipsMade: memberships,
      seconds: Math.round(elapsed * 10) / 10,
      joinsPerSecond: Math.round((joins / elapsed) * 100) / 100,
      requestsPerSecond: Math.round(requests / elapsed),
      joinP50Ms: Math.round(percentile(latencies, 50)),
      joinP99Ms: Math.round(percentile(latencies, 99)),
      bareRoute: 'GET /api/health',
      bareRequestsPerSecond: Math.round(bareRps.requests.average),
      joinsPerSecondOverBareRequestsPerSecond: Math.round((joins / elapsed / bareRps.requests.average) * 10000) / 10000,
      joinRequestsPerSecondOverBare: Math.round((requests / elapsed / bareRps.requests.average) * 100) / 100,
    },
    quote: {
      route: 'POST /api/online-joining/quote',
      requestsPerSecond: rps(slices.quote),
      p50Ms: worst(slices.quote, 'p50'),
      p99Ms: worst(slices.quote, 'p99'),
      non2xx: non2xx(slices.quote),
      bareRoute: 'GET /api/health',
      bareRequestsPerSecond: rps(slices.bare),
      bareP99Ms: worst(slices.bare, 'p99'),
      p99OverBareP99: Math.round((worst(slices.quote, 'p99') / Math.max(1, worst(slices.bare, 'p99'))) * 100) / 100,
    },
  };
  const out = path.join(import.meta.dirname, '..', 'results', 'joining.json');
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  if (failures.length > 0 || result.quote.non2xx > 0) process.exitCode = 1;
} finally {
  agent.destroy();
  await db.destroy();
  await server.stop();
}
