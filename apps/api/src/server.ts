import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './lib/config.ts';
import { AlreadyRunningError, acquireDataDirLock } from './lib/lock.ts';
import { createDb } from './db/connect.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrateToLatest } from './db/migrate.ts';
import { demoAccountsPresent, seedDemoData } from './db/seed/seed.ts';
import { startBanner } from './lib/start-banner.ts';
import { startJobRunner, type JobRunner } from './jobs/runner.ts';
import { enqueue } from './jobs/enqueue.ts';
import { startDrawWatch } from './jobs/draw-watch.ts';

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

const main = async () => {
  const config = loadOrExit();
  // Lines are written without blocking the event loop: under load those queued while a write is
  // in flight leave in one system call (sonic-boom); pino flushes what is left at exit.
  const logger = pino({ level: config.LOG_LEVEL }, pino.destination({ dest: 1, sync: false }));

  let releaseLock = () => {};
  let embedded: EmbeddedDatabase | undefined;
  if (!config.DATABASE_URL) {
    try {
      releaseLock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof AlreadyRunningError) return fail(error.message);
      throw error;
    }
    try {
      embedded = await startEmbeddedPostgres({
        databaseDir: path.join(config.dataDir, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        runtimeDir: config.EMBEDDED_PG_RUNTIME_DIR,
        onLog: (line) => logger.debug({ postgres: line.trim() }),
      });
    } catch (error) {
      releaseLock();
      return fail(`Could not start the embedded PostgreSQL: ${(error as Error).message}`);
    }
  }

  const connectionString = config.DATABASE_URL ?? embedded!.connectionString;
  const db = createDb(connectionString);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let jobs: JobRunner | undefined;
  let drawWatch: ReturnType<typeof startDrawWatch> | undefined;
  let hasDemoAccounts: boolean;
  let stopping = false;

  const shutdown = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app?.close().catch((e: unknown) => logger.error(e));
    await drawWatch?.stop();
    // Running jobs finish (they use the pool), then the queue lets go of its connections.
    await jobs?.stop().catch((e: unknown) => logger.error(e));
    await db.destroy().catch((e: unknown) => logger.error(e));
    await embedded?.stop().catch((e: unknown) => logger.error(e));
    releaseLock();
    logger.info('stopped cleanly');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    const { seeded } = config.SEED_DEMO_DATA ? await seedDemoData(db) : { seeded: false };
    if (seeded) logger.info('demo data loaded');
    // The banner prints the demo passwords only where they open something (issue 22).
    hasDemoAccounts = seeded || (await demoAccountsPresent(db));

    app = await buildApp({ config, db, logger });
    // Before listening, so a server that answers health checks is also running its jobs.
    jobs = await startJobRunner({ connectionString, db, logger, config });
    // A release draw left by an instance that died is resumed here within seconds.
    drawWatch = startDrawWatch(db, logger);
    // The weeks ahead of the timetable, now rather than at the next daily run (one job across instances).
    await enqueue(db, 'materialise-occurrences', {}, { jobKey: 'materialise-occurrences' });
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    const message =
      err.code === 'EADDRINUSE'
        ? `Port ${config.PORT} is already in use. Stop the other server or set PORT to a free port.`
        : `The server could not start: ${err.message}`;
    process.stderr.write(`\n${message}\n\n`);
    await shutdown('startup-failure', 1);
    return;
  }

  const url = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST}:${config.PORT}`;
  process.stdout.write(startBanner({ url, hasDemoAccounts, embeddedLocation: embedded?.location ?? null }));
};

await main();
