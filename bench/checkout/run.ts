// Checkout benchmark (issue 10): completed card orders per second through the simulator provider
// (prepare, tokenise, authorise, complete: four requests per order) and their p99, beside a
// comparator measured in the same run on the same server and database: the basket add (one
// request, one transaction that holds a place), for the same customers at the same concurrency.
//
// Phases, one server, one database, CLASSES classes with one place more than the orders need:
// 1. Comparator: every customer (2 × BENCH_ORDERS) adds one place (POST cart/add).
// 2. Alone: the first BENCH_ORDERS customers pay by card, nothing else running.
// 3. Beside holds (BENCH_BESIDE_HOLDS=1, the default): the other BENCH_ORDERS pay by card while
//    BENCH_HOLD_CONNECTIONS other customers keep adding places on the same classes and removing
//    them again (bench/holds' basket add: every answer held or full), so checkout's completions
//    and the holds' claims meet on the same occurrences.
// Every order must complete exactly once: after the run, orders = bookings = captured simulator
// payments = customers who paid, and no class holds more than its capacity (it exits non-zero
// otherwise). Figures from a loaded machine say little: re-run on a quiet one (docs/performance.md).
// Run: npm run bench -- checkout   (writes bench/results/checkout.json)
//   BENCH_ORDERS (150 per phase), BENCH_CONCURRENCY (20), BENCH_BESIDE_HOLDS (1),
//   BENCH_HOLD_CONNECTIONS (16), BENCH_LOG_LEVEL (warn)
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/api/src/db/connect.ts';
import { ROOT } from '../../e2e/support/server-process.ts';
import { createHoldsFixture, createOccurrence, type TestCustomer } from '../../apps/api/test/fixtures/holds.ts';
import { startBenchServer } from '../support/server.ts';
import { manyCustomers, percentile, postAs } from '../support/load.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 150);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const BESIDE_HOLDS = (process.env.BENCH_BESIDE_HOLDS ?? '1') !== '0';
const HOLD_CONNECTIONS = Number(process.env.BENCH_HOLD_CONNECTIONS ?? 16);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const CLASSES = 10;
/**
 * Places per class left over once every paying customer holds one: what the holds load fights
 * over. Fewer than the hold connections, so some adds find the class full (the refusal path too).
 */
const SPARE_PLACES = 1;

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
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
};

const ms = (sorted: readonly number[], p: number) => Math.round(percentile(sorted, p));

const main = async () => {
  const server = await startBenchServer({ name: 'checkout', logLevel: LOG_LEVEL });
  const db = createDb(server.databaseUrl, 4);
  try {
    const fx = await createHoldsFixture(db);
    const payers = await manyCustomers(db, fx.clientId, ORDERS * (BESIDE_HOLDS ? 2 : 1));
    const holders = BESIDE_HOLDS ? await manyCustomers(db, fx.clientId, HOLD_CONNECTIONS) : [];
    const capacity = Math.ceil(payers.length / CLASSES) + SPARE_PLACES;
    const classes = await Promise.all(Array.from({ length: CLASSES }, (_, i) => createOccurrence(db, fx, { kind: 'class', capacity, startsInMinutes: 24 * 60 + i * 60 })));
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + HOLD_CONNECTIONS });
    const post = async (who: TestCustomer, url: string, body: unknown, expected = 200) => {
      const answer = await postAs(agent, server.base, url, who, JSON.stringify(body));
      if (answer.status !== expected) throw new Error(`${url}: ${answer.status} ${answer.body}`);
      return JSON.parse(answer.body) as Record<string, unknown>;
    };
    const get = async (who: TestCustomer, url: string) => {
      const response = await fetch(`${server.base}${url}`, { headers: who.auth });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const terms = ((await get(payers[0]!, '/api/terms')).data as { id: number }[]).map((t) => t.id);
    const totals = new Map<TestCustomer, number>();

    // 1. Comparator: the basket add, one request per customer.
    const adds = await pool(payers, async (who, i) => {
      const cart = (await post(who, '/api/activities/cart/add', { items: [{ id: classes[i % CLASSES]!.id, pricing_option_id: fx.classOptions.adult }] })).data as { total: number };
      totals.set(who, cart.total);
    });

    /** The card order, four requests per customer; `complete` timed on its own too. */
    const payByCard = async (customers: readonly TestCustomer[]) => {
      const completes: number[] = [];
      const run = await pool(customers, async (who) => {
        const amount = totals.get(who)!;
        const prepared = await get(who, '/api/checkout/prepare');
        const card = await post(who, '/simulator/card-identifiers', {
          session_key: prepared.session_key,
          card_number: '4242424242424242',
          expiry_date: '12/39',
          security_code: '123',
          card_holder_name: 'Bench Tester',
        });
        const authorised = await post(who, '/api/checkout/authorise', {
          payments: [{ tender_type: 'card', amount }],
          session_key: prepared.session_key,
          card_identifier: card.card_identifier,
          terms,
          source: 'activity-booking',
        });
        const t0 = performance.now();
        await post(who, '/api/checkout/complete', { transaction_uuid: authorised.transaction_uuid, payments: [{ tender_type: 'card', amount }], terms });
        completes.push(performance.now() - t0);
      });
      completes.sort((a, b) => a - b);
      return {
        ordersPerSecond: Math.round((customers.length / run.seconds) * 10) / 10,
        p50Ms: ms(run.latencies, 50),
        p99Ms: ms(run.latencies, 99),
        completeP50Ms: ms(completes, 50),
        completeP99Ms: ms(completes, 99),
        orderP99ToAddP99: Math.round((percentile(run.latencies, 99) / percentile(adds.latencies, 99)) * 100) / 100,
      };
    };

    // 2. Card orders alone.
    const alone = await payByCard(payers.slice(0, ORDERS));

    // 3. Card orders while the holds load adds and removes places on the same classes.
    let beside: (Awaited<ReturnType<typeof payByCard>> & { holds: Record<string, number> }) | undefined;
    if (BESIDE_HOLDS) {
      const holds = { attempts: 0, held: 0, full: 0, removed: 0, errors: 0, latencies: [] as number[] };
      let running = true;
      let n = 0;
      const holdLoad = Promise.all(
        holders.map(async (who) => {
          while (running) {
            const occurrence = classes[n++ % CLASSES]!;
            const t0 = performance.now();
            const added = await postAs(agent, server.base, '/api/activities/cart/add', who, JSON.stringify({ items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null }] }));
            holds.latencies.push(performance.now() - t0);
            holds.attempts += 1;
            if (added.status === 200) {
              holds.held += 1;
              const items = (JSON.parse(added.body) as { data: { items: { id: number }[] } }).data.items.map((item) => item.id);
              const removed = await postAs(agent, server.base, '/api/activities/cart/remove', who, JSON.stringify({ cart_item_ids: items }));
              if (removed.status === 200) holds.removed += 1;
              else holds.errors += 1;
            } else if (added.status === 409 && added.body.includes('full')) holds.full += 1;
            else holds.errors += 1;
          }
        }),
      );
      const started = performance.now();
      try {
        beside = { ...(await payByCard(payers.slice(ORDERS))), holds: {} };
      } finally {
        running = false;
        await holdLoad;
      }
      const seconds = (performance.now() - started) / 1000;
      holds.latencies.sort((a, b) => a - b);
      beside.holds = {
        connections: HOLD_CONNECTIONS,
        addAttemptsPerSecond: Math.round(holds.attempts / seconds),
        held: holds.held,
        full: holds.full,
        removed: holds.removed,
        errors: holds.errors,
        addP99Ms: ms(holds.latencies, 99),
      };
    }
    agent.destroy();

    const ids = classes.map((c) => c.id);
    const counts = (
      await sql<{ orders: number; bookings: number; captured: number; oversold: number }>`
        SELECT (SELECT count(*)::int FROM orders WHERE client_id = ${fx.clientId} AND account_user_id = ANY(${payers.map((c) => c.userId)}::int[])) AS orders,
               (SELECT count(*)::int FROM bookings WHERE occurrence_id = ANY(${ids}::int[])) AS bookings,
               (SELECT count(*)::int FROM simulator_payments WHERE status = 'captured') AS captured,
               (SELECT count(*)::int FROM (SELECT occurrence_id FROM place_claims WHERE occurrence_id = ANY(${ids}::int[]) AND status = 'active'
                  GROUP BY occurrence_id HAVING count(*) > ${capacity}) x) AS oversold`.execute(db)
    ).rows[0]!;
    const result = {
      benchmark: 'checkout',
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10) },
      settings: { ordersPerPhase: ORDERS, concurrency: CONCURRENCY, classes: CLASSES, capacity, besideHolds: BESIDE_HOLDS, holdConnections: BESIDE_HOLDS ? HOLD_CONNECTIONS : 0, logLevel: LOG_LEVEL },
      comparator: { what: 'POST /api/activities/cart/add (hold one place)', perSecond: Math.round(payers.length / adds.seconds), p50Ms: ms(adds.latencies, 50), p99Ms: ms(adds.latencies, 99) },
      cardOrders: {
        what: 'prepare + tokenise + authorise + complete (simulator, 4242…); completeP*: POST /api/checkout/complete alone',
        alone,
        ...(beside ? { besideHolds: beside, besideToAloneOrdersPerSecond: Math.round((beside.ordersPerSecond / alone.ordersPerSecond) * 100) / 100 } : {}),
      },
      integrity: { ...counts, expected: payers.length },
    };
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench/results/checkout.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    if (counts.orders !== payers.length || counts.bookings !== payers.length || counts.captured !== payers.length || counts.oversold !== 0) {
      throw new Error('checkout integrity failed: see integrity in bench/results/checkout.json');
    }
    if (beside && beside.holds.errors) throw new Error(`the holds load had ${beside.holds.errors} answers other than held, full or removed`);
  } finally {
    await db.destroy();
    await server.stop();
  }
};

await main();
