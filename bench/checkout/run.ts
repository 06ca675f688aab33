// Checkout benchmark (issue 10): completed card orders per second through the simulator provider
// (prepare, tokenise, authorise, complete: four requests per order) and their p99, beside a
// comparator measured in the same run on the same server and database: the basket add (one
// request, one transaction that holds a place), for the same customers at the same concurrency.
//
// Every order must complete exactly once: after the run, orders = bookings = customers, one
// captured simulator payment per order, and no class holds more than its capacity.
// Run: npm run bench -- checkout   (writes bench/results/checkout.json)
//   BENCH_ORDERS (300), BENCH_CONCURRENCY (20), BENCH_LOG_LEVEL (warn)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/api/src/db/connect.ts';
import { embeddedConnectionString } from '../../apps/api/src/db/embedded.ts';
import { freePort, NODE, ROOT } from '../../e2e/support/server-process.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type TestCustomer } from '../../apps/api/test/fixtures/holds.ts';
import { waitForHealth } from '../support/health.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const CLASSES = 10;

const stopChild = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

const startServer = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkout-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const child = spawn(NODE, [path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL, DATABASE_URL: '' },
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

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** Runs `work` for every customer with CONCURRENCY in flight; answers latencies (ms) and seconds. */
const pool = async (customers: readonly TestCustomer[], work: (c: TestCustomer, i: number) => Promise<void>) => {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < customers.length) {
        const i = next++;
        const t0 = performance.now();
        await work(customers[i]!, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
};

const main = async () => {
  const server = await startServer();
  const db = createDb(server.databaseUrl, 4);
  try {
    const fx = await createHoldsFixture(db);
    const customers = await createCustomers(db, fx.clientId, ORDERS);
    const capacity = Math.ceil(ORDERS / CLASSES) + 5;
    const classes = await Promise.all(Array.from({ length: CLASSES }, (_, i) => createOccurrence(db, fx, { kind: 'class', capacity, startsInMinutes: 24 * 60 + i * 60 })));
    const post = async (who: TestCustomer, url: string, body: unknown, expected = 200) => {
      const response = await fetch(`${server.base}${url}`, { method: 'POST', headers: { ...who.auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await response.json()) as Record<string, unknown>;
      if (response.status !== expected) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    const get = async (who: TestCustomer, url: string) => {
      const response = await fetch(`${server.base}${url}`, { headers: who.auth });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const terms = ((await get(customers[0]!, '/api/terms')).data as { id: number }[]).map((t) => t.id);
    const totals: number[] = [];

    // Comparator: the basket add, one request per customer.
    const adds = await pool(customers, async (who, i) => {
      const cart = (await post(who, '/api/activities/cart/add', { items: [{ id: classes[i % CLASSES]!.id, pricing_option_id: fx.classOptions.adult }] })).data as { total: number };
      totals[i] = cart.total;
    });

    // Measured: the card order, four requests per customer.
    const completes: number[] = [];
    const orders = await pool(customers, async (who, i) => {
      const prepared = await get(who, '/api/checkout/prepare');
      const card = await post(who, '/simulator/card-identifiers', {
        session_key: prepared.session_key,
        card_number: '4242424242424242',
        expiry_date: '12/39',
        security_code: '123',
        card_holder_name: 'Bench Tester',
      });
      const authorised = await post(who, '/api/checkout/authorise', {
        payments: [{ tender_type: 'card', amount: totals[i] }],
        session_key: prepared.session_key,
        card_identifier: card.card_identifier,
        terms,
        source: 'activity-booking',
      });
      const t0 = performance.now();
      await post(who, '/api/checkout/complete', { transaction_uuid: authorised.transaction_uuid, payments: [{ tender_type: 'card', amount: totals[i] }], terms });
      completes.push(performance.now() - t0);
    });

    const ids = classes.map((c) => c.id);
    const counts = (
      await sql<{ orders: number; bookings: number; captured: number; oversold: number }>`
        SELECT (SELECT count(*)::int FROM orders WHERE client_id = ${fx.clientId} AND account_user_id = ANY(${customers.map((c) => c.userId)}::int[])) AS orders,
               (SELECT count(*)::int FROM bookings WHERE occurrence_id = ANY(${ids}::int[])) AS bookings,
               (SELECT count(*)::int FROM simulator_payments WHERE status = 'captured') AS captured,
               (SELECT count(*)::int FROM (SELECT occurrence_id FROM place_claims WHERE occurrence_id = ANY(${ids}::int[]) AND status = 'active'
                  GROUP BY occurrence_id HAVING count(*) > ${capacity}) x) AS oversold`.execute(db)
    ).rows[0]!;
    const result = {
      benchmark: 'checkout',
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      settings: { orders: ORDERS, concurrency: CONCURRENCY, classes: CLASSES, logLevel: LOG_LEVEL },
      comparator: { what: 'POST /api/activities/cart/add (hold one place)', perSecond: Math.round(ORDERS / adds.seconds), p50Ms: Math.round(percentile(adds.latencies, 50)), p99Ms: Math.round(percentile(adds.latencies, 99)) },
      cardOrder: {
        what: 'prepare + tokenise + authorise + complete (simulator, 4242…)',
        ordersPerSecond: Math.round((ORDERS / orders.seconds) * 10) / 10,
        p50Ms: Math.round(percentile(orders.latencies, 50)),
        p99Ms: Math.round(percentile(orders.latencies, 99)),
      },
      complete: { what: 'POST /api/checkout/complete alone', p50Ms: Math.round(percentile(completes, 50)), p99Ms: Math.round(percentile(completes, 99)) },
      ratios: {
        orderP99ToAddP99: Math.round((percentile(orders.latencies, 99) / percentile(adds.latencies, 99)) * 100) / 100,
        completeP99ToAddP99: Math.round((percentile(completes, 99) / percentile(adds.latencies, 99)) * 100) / 100,
      },
      integrity: { ...counts, expected: ORDERS },
    };
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/checkout.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    if (counts.orders !== ORDERS || counts.bookings !== ORDERS || counts.captured !== ORDERS || counts.oversold !== 0) {
      throw new Error('checkout integrity failed: see integrity in bench/results/checkout.json');
    }
  } finally {
    await db.destroy();
    await server.stop();
  }
};

await main();
