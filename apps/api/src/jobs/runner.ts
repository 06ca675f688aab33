import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Logger, parseCronItems, run, runMigrations, type TaskList } from 'graphile-worker';
import type { Db } from '../db/connect.ts';
import type { Config } from '../lib/config.ts';
import { SCHEDULES, buildTaskList } from './tasks.ts';

export type JobRunner = { stop: () => Promise<void> };

type RunnerOptions = {
  connectionString: string;
  db: Db;
  logger: FastifyBaseLogger;
  /** Jobs run at once by this instance; each instance adds its own. */
  concurrency?: number;
  /** Tests swap in their own tasks; the server runs the registry's. */
  taskList?: TaskList;
  /** Off in tests that start several runners on one database. */
  withSchedules?: boolean;
  /** The server's configuration, for tasks that need it (mail, offer length). */
  config?: Config;
};

/** graphile-worker's log lines go to the server's pino logger, tagged with the job. */
export const workerLogger = (logger: FastifyBaseLogger) =>
  new Logger((scope) => (level, message, meta) => {
    const line = { ...scope, ...meta };
    if (level === 'error') logger.error(line, message);
    else if (level === 'warning') logger.warn(line, message);
    else if (level === 'info') logger.info(line, message);
    else logger.debug(line, message);
  });

/**
 * A pool for the queue. A connection dropped by the server (restart, failover) is logged and
 * replaced; without these handlers the `error` event would crash the process.
 */
export const jobPool = (connectionString: string, max: number, logger: FastifyBaseLogger) => {
  const pool = new pg.Pool({ connectionString, max });
  const onError = (error: Error) => logger.warn({ err: error }, 'job queue connection lost');
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
};

/** Installs or upgrades graphile-worker's own schema (`graphile_worker`); idempotent. */
export const migrateJobs = async (connectionString: string, logger?: FastifyBaseLogger) =>
  runMigrations({ connectionString, maxPoolSize: 2, ...(logger ? { logger: workerLogger(logger) } : {}) });

/**
 * Starts the PostgreSQL job queue for this instance. Several instances can run it on one
 * database: jobs are taken with `FOR UPDATE SKIP LOCKED`, so each runs once. The server owns
 * signals (`noHandleSignals`) and stops it in its ordered shutdown.
 */
export const startJobRunner = async ({
  connectionString,
  db,
  logger,
  concurrency = 2,
  taskList,
  withSchedules = true,
  config,
}: RunnerOptions): Promise<JobRunner> => {
  // Its own small pool: one connection stays in LISTEN, the rest take and finish jobs, and
  // none of them are taken from the pool that serves HTTP requests.
  const pgPool = jobPool(connectionString, concurrency + 2, logger);
  try {
    const runner = await run({
      pgPool,
      concurrency,
      noHandleSignals: true,
      logger: workerLogger(logger),
      taskList: taskList ?? buildTaskList({ db, logger, ...(config ? { config } : {}) }),
      parsedCronItems: parseCronItems(withSchedules ? SCHEDULES : []),
    });
    return {
      stop: async () => {
        await runner.stop();
        await pgPool.end();
      },
    };
  } catch (error) {
    await pgPool.end();
    throw error;
  }
};
