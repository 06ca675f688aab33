// Login-flood benchmark (issues 7 and 22), on the real server:
// 1. p99 of GET venues and of a static script, alone and while 48 connections keep posting
//    wrong logins (each an argon2id hash), each from an address of its own; the comparator is the
//    same reads measured alone in the same run, and results are ratios to it.
// 2. 60 sign-ups at once from 60 addresses: how many succeed and when the last one is answered.
// 3. 60 addresses flooding wrong passwords while the real customer logs in from their usual
//    address once a second: at which try each of their logins succeeds.
// Run: npm run bench -- login-flood   (writes bench/results/login-flood.json)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '../../apps/api/src/db/seed/demo-accounts.ts';
import { freePort, NODE, ROOT } from '../../e2e/support/server-process.ts';
import { waitForHealth } from '../support/health.ts';

const READ_CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const LOGIN_CONNECTIONS = Number(process.env.BENCH_LOGIN_CONNECTIONS ?? 48);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SCRIPT_PATH = '/assets/main-bench.js';

/** A stand-in SPA build: an index page and a 200 KB script, served from disk like the real one. */
const standInBuild = () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-login-flood-dist-'));
  for (const source of ['bookings', 'my-account', 'online-joining', 'foh']) {
    fs.mkdirSync(path.join(dist, source, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, source, 'index.html'), '<html><head></head><body></body></html>');
    fs.writeFileSync(path.join(dist, source, SCRIPT_PATH), `/* bench */${'x'.repeat(200_000)}`);
  }
  return dist;
};

/** The real server on free ports, fresh embedded PostgreSQL, trusting the bench's forwarded addresses. */
const startServer = async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-login-flood-'));
  const dist = standInBuild();
  const [port, pgPort] = [await freePort(), await freePort()];
  const child = spawn(NODE, [path.join(ROOT, 'apps/api/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dist,
      LOG_LEVEL: 'warn',
      // Each flood request claims its own address through a trusted "proxy", so the per-address
      // failure limit does not stop the flood: the hashes themselves are what is measured.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, () => child.exitCode === null);
  return {
    base,
    peakRssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
};

type Measure = { requests: number; requestsPerSecond: number; p50Ms: number; p99Ms: number; maxMs: number; non2xx: number; errors: number };

const summarise = (result: autocannon.Result): Measure => ({
  requests: result.requests.total,
  requestsPerSecond: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
});

const reads = (base: string) =>
  Promise.all([
    autocannon({ url: `${base}/api/activities/venues`, connections: READ_CONNECTIONS, duration: DURATION_S }),
    autocannon({ url: `${base}${SCRIPT_PATH}`, connections: READ_CONNECTIONS, duration: DURATION_S }),
  ]).then(([venues, script]) => ({ venues: summarise(venues), script: summarise(script) }));

let n = 0;
const flood = (base: string) =>
  autocannon({
    url: base,
    connections: LOGIN_CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/customer/login',
        setupRequest: (request) => {
          n += 1;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
            body: JSON.stringify({ username: `flood${n}@example.com`, password: 'wrong-password' }),
          };
        },
      },
    ],
  });

const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 60);
const FLOOD_ADDRESSES = Number(process.env.BENCH_FLOOD_ADDRESSES ?? 60);

/** SIGNUPS new customers at once, each from an address of its own. */
const signUpCrowd = async (base: string) => {
  const client = ((await (await fetch(`${base}/api/client`)).json()) as { data: { id: number } }).data;
  const venues = ((await (await fetch(`${base}/api/activities/venues`)).json()) as { data: { id: number }[] }).data;
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: SIGNUPS }, async (_, i) => {
      const response = await fetch(`${base}/api/auth/customer/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `172.16.${i >> 8}.${(i & 255) + 1}` },
        body: JSON.stringify({
          client_id: client.id, source: 'bookings', first_name: 'Sam', last_name: `Lee${i}`, email: `crowd.${i}.${Date.now()}@example.net`,
          date_of_birth: '1990-01-01', phone: '07700 900000', address_line1: '1 High Street', town: 'Bury', postcode: 'BL9 0AA',
          home_venue_id: venues[0]!.id, password: `seven quiet harbours ${i}`, marketing_consent: false,
        }),
      });
      const body = await response.text();
      return { status: response.status, ms: performance.now() - started, body };
    }),
  );
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  const other = answers.find((a) => a.status !== 201);
  return {
    signUps: SIGNUPS,
    succeeded: count(201),
    refused429: count(429),
    lastAnsweredMs: Math.round(Math.max(...answers.map((a) => a.ms))),
    ...(other ? { firstOtherAnswer: `${other.status} ${other.body.slice(0, 200)}` } : {}),
  };
};

/** FLOOD_ADDRESSES addresses post wrong passwords for DURATION_S; the demo customer logs in each second from home. */
const customerInFlood = async (base: string) => {
  let stop = false;
  const attackers = Array.from({ length: FLOOD_ADDRESSES }, async (_, i) => {
    let sent = 0;
    while (!stop) {
      const response = await fetch(`${base}/api/auth/customer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `100.64.${i >> 8}.${(i & 255) + 1}` },
        body: JSON.stringify({ username: `attacker${i}.${sent}@example.com`, password: 'wrong-password' }),
      });
      await response.arrayBuffer();
      sent += 1;
    }
    return sent;
  });
  const tries: number[] = [];
  const refusals: string[] = [];
  const deadline = performance.now() + DURATION_S * 1000;
  while (performance.now() < deadline) {
    const next = performance.now() + 1000;
    let attempt = 0;
    for (;;) {
      attempt += 1;
      const response = await fetch(`${base}/api/auth/customer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10' },
        body: JSON.stringify({ username: DEMO_ACCOUNTS.customer.email, password: DEMO_ACCOUNTS.customer.password }),
      });
      const body = await response.text();
      if (response.status !== 200) refusals.push(`${response.status} ${body.slice(0, 120)}`);
      if (response.status === 200 || attempt === 10) {
        tries.push(response.status === 200 ? attempt : Infinity);
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  stop = true;
  const attempts = (await Promise.all(attackers)).reduce((a, b) => a + b, 0);
  return {
    floodAddresses: FLOOD_ADDRESSES,
    floodAttempts: attempts,
    customerLogins: tries.length,
    customerInAtFirstTry: tries.filter((t) => t === 1).length,
    customerInAtSecondTry: tries.filter((t) => t === 2).length,
    customerNotInAfter10Tries: tries.filter((t) => t === Infinity).length,
    customerRefusals: [...new Set(refusals)],
  };
};

const server = await startServer();
try {
  await fetch(`${server.base}/api/activities/venues`);
  const alone = await reads(server.base);
  const [during, logins] = await Promise.all([reads(server.base), flood(server.base)]);
  const codes = Object.fromEntries(Object.entries(logins.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  const signUps = await signUpCrowd(server.base);
  const customer = await customerInFlood(server.base);
  const ratio = (a: number, b: number) => Math.round((a / Math.max(b, 1)) * 100) / 100;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), loadAverage1m: os.loadavg()[0] },
    setup: { readConnections: READ_CONNECTIONS, loginConnections: LOGIN_CONNECTIONS, durationSeconds: DURATION_S },
    alone,
    duringLoginFlood: during,
    logins: { ...summarise(logins), statusCodes: codes },
    p99RatioFloodToAlone: { venues: ratio(during.venues.p99Ms, alone.venues.p99Ms), script: ratio(during.script.p99Ms, alone.script.p99Ms) },
    signUpsAtOnce: signUps,
    customerDuringAddressFlood: customer,
    serverPeakRssMb: server.peakRssMb(),
  };
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/login-flood.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `login-flood: GET venues p99 ${alone.venues.p99Ms} ms alone, ${during.venues.p99Ms} ms during the flood (x${result.p99RatioFloodToAlone.venues}); ` +
      `script p99 ${alone.script.p99Ms} ms alone, ${during.script.p99Ms} ms during (x${result.p99RatioFloodToAlone.script}); ` +
      `logins ${JSON.stringify(codes)}; peak RSS ${result.serverPeakRssMb} MB; ` +
      `sign-ups ${signUps.succeeded}/${signUps.signUps} in ${signUps.lastAnsweredMs} ms; ` +
      `customer during a ${FLOOD_ADDRESSES}-address flood: ${customer.customerInAtFirstTry} of ${customer.customerLogins} logins at the first try, ${customer.customerInAtSecondTry} at the second, ${customer.customerNotInAfter10Tries} not in after 10`,
  );
} finally {
  await server.stop();
}
