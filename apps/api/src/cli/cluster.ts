import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { ConfigError, loadConfig, type Config } from '../lib/config.ts';
import { AlreadyRunningError, acquireDataDirLock } from '../lib/lock.ts';
import { startBanner } from '../lib/start-banner.ts';
import { createDb } from '../db/connect.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { demoAccountsPresent, seedDemoData } from '../db/seed/seed.ts';
import { migrateJobs } from '../jobs/runner.ts';
import { haproxyConfig, instanceTrustProxy } from './haproxy-config.ts';

/**
 * `npm run start:cluster` (docs/scaling.md): one PostgreSQL (embedded in DATA_DIR, or
 * DATABASE_URL), migrated and seeded once here; CLUSTER_INSTANCES (default 3) API servers, the
 * same code as `npm start`, each on a free port of 127.0.0.1, sharing the database and DATA_DIR
 * (check-in secret, outbox); HAProxy on HOST:PORT in front of them with health checks. An
 * instance that exits is started again; Ctrl-C or SIGTERM stops HAProxy, then the instances
 * (their clean shutdown), then PostgreSQL.
 */

const SERVER = path.resolve(import.meta.dirname, '../server.ts');
const HEALTHY_WITHIN_MS = 120_000;
const STOP_WITHIN_MS = 20_000;

const say = (line: string) => process.stdout.write(`[cluster] ${line}\n`);
const fail = (message: string): never => {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
};

const loadOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
};

const instanceCount = (text = '3') => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 16) fail(`CLUSTER_INSTANCES=${JSON.stringify(text)} is invalid: expected a whole number from 1 to 16`);
  return n;
};

const haproxyBinary = () => {
  if (process.env.HAPROXY_BIN) return process.env.HAPROXY_BIN;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat('/usr/sbin', '/usr/local/sbin')) {
    if (dir && existsSync(path.join(dir, 'haproxy'))) return path.join(dir, 'haproxy');
  }
  return fail('HAProxy is not installed: run `npm run start:cluster` (it installs it with apt-get) or set HAPROXY_BIN.');
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const healthy = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) })
    .then((r) => r.ok)
    .catch(() => false);

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

type Instance = { name: string; port: number; child: ChildProcess };

const main = async () => {
  const config = loadOrExit();
  const count = instanceCount(process.env.CLUSTER_INSTANCES || undefined);
  const haproxyBin = haproxyBinary();
  const publicUrl = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST}:${config.PORT}`;

  let releaseLock = () => {};
  let embedded: EmbeddedDatabase | undefined;
  if (!config.DATABASE_URL) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
      embedded = await startEmbeddedPostgres({
        databaseDir: path.join(config.dataDir, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        runtimeDir: config.EMBEDDED_PG_RUNTIME_DIR,
      });
    } catch (error) {
      releaseLock();
      if (error instanceof AlreadyRunningError) return fail(error.message);
      return fail(`Could not start the embedded PostgreSQL: ${(error as Error).message}`);
    }
  }
  const connectionString = config.DATABASE_URL ?? embedded!.connectionString;

  // Once, here, rather than three instances racing at it.
  const db = createDb(connectionString, 2);
  let hasDemoAccounts: boolean;
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) say(`migrations applied: ${applied.join(', ')}`);
    await migrateJobs(connectionString);
    const { seeded } = config.SEED_DEMO_DATA ? await seedDemoData(db) : { seeded: false };
    if (seeded) say('demo data loaded');
    hasDemoAccounts = seeded || (await demoAccountsPresent(db));
  } catch (error) {
    await embedded?.stop();
    releaseLock();
    return fail(`The database could not be prepared: ${(error as Error).message}`);
  } finally {
    await db.destroy();
  }

  let stopping = false;
  const instances: Instance[] = [];
  // Set once HAProxy is started (after the instances are healthy).
  const lb: { haproxy?: ChildProcess } = {};

  const startInstance = (instance: Omit<Instance, 'child'>): Instance => {
    const child = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        DATABASE_URL: connectionString,
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        TRUST_PROXY: instanceTrustProxy(config.TRUST_PROXY),
        PUBLIC_URL: publicUrl,
        // Longer than HAProxy keeps an idle connection to them, so HAProxy always lets go first.
        KEEP_ALIVE_TIMEOUT_MS: String(Math.min(600_000, config.KEEP_ALIVE_TIMEOUT_MS + 5_000)),
        SEED_DEMO_DATA: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Log lines (JSON) pass through; each instance's start banner is left out (the cluster prints one).
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) process.stdout.write(`${line}\n`);
    });
    readline.createInterface({ input: child.stderr! }).on('line', (line) => process.stderr.write(`[${instance.name}] ${line}\n`));
    const running = { ...instance, child };
    if (child.pid) say(`${instance.name} started (pid ${child.pid}) on 127.0.0.1:${instance.port}`);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      // A crashed or killed instance is out of HAProxy's rotation at its next failed check; it is started again.
      say(`${instance.name} exited (${signal ?? `code ${code}`}); starting it again`);
      setTimeout(() => {
        if (stopping) return;
        instances[instances.indexOf(running)] = startInstance(instance);
      }, 1_000);
    });
    return running;
  };

  const shutdown = async (why: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    say(`stopping (${why})`);
    lb.haproxy?.kill('SIGTERM');
    for (const { child } of instances) child.kill('SIGTERM');
    const all = Promise.all([...instances.map((i) => exited(i.child)), ...(lb.haproxy ? [exited(lb.haproxy)] : [])]);
    const late = setTimeout(() => {
      for (const { child } of instances) child.kill('SIGKILL');
    }, STOP_WITHIN_MS);
    await all;
    clearTimeout(late);
    await embedded?.stop().catch((e: unknown) => process.stderr.write(`${(e as Error).message}\n`));
    releaseLock();
    say('stopped cleanly');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  for (let i = 1; i <= count; i++) instances.push(startInstance({ name: `api-${i}`, port: await freePort() }));
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  for (const instance of instances) {
    while (!(await healthy(`http://127.0.0.1:${instance.port}/api/health`))) {
      if (stopping) return;
      if (Date.now() > deadline) return shutdown(`${instance.name} was not healthy within ${HEALTHY_WITHIN_MS / 1000} s`, 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const clusterDir = path.join(config.dataDir, 'cluster');
  mkdirSync(clusterDir, { recursive: true });
  const cfgFile = path.join(clusterDir, 'haproxy.cfg');
  writeFileSync(
    cfgFile,
    haproxyConfig({
      bind: { host: config.HOST, port: config.PORT },
      servers: instances.map(({ name, port }) => ({ name, port })),
      behindAnotherProxy: config.TRUST_PROXY !== undefined,
      keepAliveMs: config.KEEP_ALIVE_TIMEOUT_MS,
    }),
  );
  const haproxy = spawn(haproxyBin, ['-db', '-f', cfgFile], { stdio: ['ignore', 'inherit', 'inherit'] });
  lb.haproxy = haproxy;
  haproxy.once('exit', (code, signal) => {
    if (!stopping) void shutdown(`HAProxy exited (${signal ?? `code ${code}`})`, 1);
  });
  const local = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
  while (!(await healthy(`${local}/api/health`))) {
    if (stopping) return;
    if (Date.now() > deadline) return shutdown('HAProxy did not answer', 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  say(`${count} API instances behind HAProxy on ${config.HOST}:${config.PORT} (HAProxy's configuration: ${cfgFile})`);
  process.stdout.write(startBanner({ url: publicUrl, hasDemoAccounts, embeddedLocation: embedded?.location ?? null }));
};

await main();
