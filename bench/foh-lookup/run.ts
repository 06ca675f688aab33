// Front-of-house customer lookup benchmark (issue 24, docs/front-of-house.md "Customer lookup"):
// the real server on a fresh embedded PostgreSQL with the demo data and 100,000 more customers
// (each with their own person row, a phone, every tenth with a membership), then the till's
// as-you-type lookup (GET /api/foh/customers?q=) measured one request at a time — as a
// receptionist types — for name, email, phone, membership number and reference prefixes, and a
// bare route (GET /api/health) interleaved in the same run as the comparator.
// Target: p99 < 300 ms. Run: npm run bench -- foh-lookup   (writes bench/results/foh-lookup.json)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/api/src/db/connect.ts';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { startBenchServer } from '../support/server.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const RESULT = path.join(import.meta.dirname, '../results/foh-lookup.json');

const FIRST = ['Alex', 'Morgan', 'Sam', 'Jamie', 'Taylor', 'Jordan', 'Casey', 'Riley', 'Priya', 'Mohammed', 'Olivia', 'Noah', 'Amelia', 'Leo', 'Isla', 'Oscar'];
const LAST = ['Smith', 'Jones', 'Morgan', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans', 'Thomas', 'Roberts', 'Khan', 'Patel', 'Walker', 'Wright', 'Moreno', 'Morris'];

const seed = async (databaseUrl: string) => {
  const db = createDb(databaseUrl, 2);
  const started = performance.now();
  try {
    const client = await db.selectFrom('clients').select('id').where('slug', '=', 'active-north-west').executeTakeFirstOrThrow();
    const plan = await db.selectFrom('membership_plans').select('id').where('client_id', '=', client.id).executeTakeFirstOrThrow();
    const venue = (await db.selectFrom('venues').select('id').where('client_id', '=', client.id).where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow()).id;
    await sql`
      INSERT INTO users (client_id, reference, email, password_hash, first_name, last_name, phone)
      SELECT ${client.id}, 'FB' || lpad(g::text, 7, '0'), 'bench.customer' || g || '@example.net', 'not-a-login',
             (${FIRST}::text[])[1 + g % ${FIRST.length}], (${LAST}::text[])[1 + (g / ${FIRST.length}) % ${LAST.length}] || (CASE WHEN g % 7 = 0 THEN '-' || g ELSE '' END),
             '07700 ' || lpad((g % 1000000)::text, 6, '0')
        FROM generate_series(1, ${CUSTOMERS}) g`.execute(db);
    await sql`
      INSERT INTO membership_users (client_id, account_user_id, user_id, first_name, last_name, relationship)
      SELECT client_id, id, id, first_name, last_name, 'self' FROM users WHERE reference LIKE 'FB%'`.execute(db);
    await sql`
      INSERT INTO memberships (client_id, account_user_id, membership_user_id, plan_id, venue_id, reference, price_pence, started_on)
      SELECT m.client_id, m.account_user_id, m.id, ${plan.id}, ${venue}, 'MB' || lpad(m.id::text, 7, '0'), 3000, current_date
        FROM membership_users m JOIN users u ON u.id = m.account_user_id
       WHERE u.reference LIKE 'FB%' AND m.id % 10 = 0`.execute(db);
    await sql`ANALYZE users; ANALYZE membership_users; ANALYZE memberships`.execute(db);
    const counts = await sql<{ users: number; memberships: number }>`
      SELECT (SELECT count(*)::int FROM users WHERE role = 'customer') AS users, (SELECT count(*)::int FROM memberships) AS memberships`.execute(db);
    return { ...counts.rows[0]!, seconds: Math.round((performance.now() - started) / 100) / 10 };
  } finally {
    await db.destroy();
  }
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return { requests: times.length, p50Ms: r(percentile(sorted, 50)), p99Ms: r(percentile(sorted, 99)), maxMs: r(sorted.at(-1)!) };
};

const timed = async (url: string, headers: Record<string, string>) => {
  const t = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
  return { ms: performance.now() - t, body };
};

const main = async () => {
  const server = await startBenchServer({ name: 'foh-lookup', logLevel: 'warn' });
  try {
    const seeded = await seed(server.databaseUrl);
    const login = await fetch(`${server.base}/api/auth/customer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNTS.staff.email, password: DEMO_ACCOUNTS.staff.password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    // What a receptionist types, keystroke by keystroke: a surname, a full name, an email, a phone, a membership number, a reference.
    const typed = ['Mo', 'Mor', 'Morg', 'Morga', 'Morgan', 'Priya K', 'Priya Kh', 'bench.customer4', 'bench.customer4242', '07700 12', '0770012345', 'MB00', 'MB000123', 'FB00', 'FB0099', 'zz', 'Walker-7'];
    const byQuery: Record<string, number[]> = Object.fromEntries(typed.map((q) => [q, []]));
    const lookups: number[] = [];
    const bare: number[] = [];
    let matches = 0;
    // Warm up: one pass, not counted.
    for (const q of typed) await timed(`${server.base}/api/foh/customers?q=${encodeURIComponent(q)}`, auth);
    for (let round = 0; round < ROUNDS; round++) {
      for (const q of typed) {
        const lookup = await timed(`${server.base}/api/foh/customers?q=${encodeURIComponent(q)}`, auth);
        lookups.push(lookup.ms);
        byQuery[q]!.push(lookup.ms);
        matches += (JSON.parse(lookup.body) as { data: unknown[] }).data.length;
        bare.push((await timed(`${server.base}/api/health`, {})).ms);
      }
    }
    const result = {
      benchmark: 'foh-lookup',
      when: new Date().toISOString(),
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model ?? null, loadAverage1m: os.loadavg()[0] },
      seeded,
      setup: { rounds: ROUNDS, queries: typed, sequential: true },
      lookup: summary(lookups),
      bareRoute: summary(bare),
      perQuery: Object.fromEntries(Object.entries(byQuery).map(([q, t]) => [q, summary(t)])),
      averageMatches: Math.round((matches / lookups.length) * 10) / 10,
      targetP99Ms: 300,
    };
    // Against the bare route of the same run (the machine's own noise): how many times slower.
    const ratio = (a: number, b: number) => Math.round((a / b) * 10) / 10;
    const withRatios = { ...result, ratioToBareRoute: { p50: ratio(result.lookup.p50Ms, result.bareRoute.p50Ms), p99: ratio(result.lookup.p99Ms, result.bareRoute.p99Ms) }, meetsTarget: result.lookup.p99Ms < 300 };
    fs.mkdirSync(path.dirname(RESULT), { recursive: true });
    fs.writeFileSync(RESULT, `${JSON.stringify(withRatios, null, 2)}\n`);
    console.log(`foh-lookup on ${seeded.users} customers: lookup p50 ${result.lookup.p50Ms} ms, p99 ${result.lookup.p99Ms} ms; bare route p50 ${result.bareRoute.p50Ms} ms, p99 ${result.bareRoute.p99Ms} ms; ratio p50 ${withRatios.ratioToBareRoute.p50}, p99 ${withRatios.ratioToBareRoute.p99}`);
  } finally {
    await server.stop();
  }
};

await main();
