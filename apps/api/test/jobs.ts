import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { runOnce, type TaskList } from 'graphile-worker';
import type { Db } from '../src/db/connect.ts';
import { buildTaskList } from '../src/jobs/tasks.ts';
import { jobPool, workerLogger } from '../src/jobs/runner.ts';
import { loadConfig, type Config } from '../src/lib/config.ts';

const silent = pino({ level: 'silent' });

/** Tests' default configuration for tasks: mail goes to a temporary outbox, never the project's data/. */
const testTaskConfig = (() => {
  let config: Config | undefined;
  return () => (config ??= loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bookings-test-data-')), LOG_LEVEL: 'silent' }));
})();

/**
 * Runs every job that is due now, once, and returns when none is left (failed jobs are
 * rescheduled into the future by their backoff, so they wait for `makeJobsDue`).
 * Uses the real task registry (with `config`, or a test configuration whose DATA_DIR is a temp
 * directory) unless a test passes its own tasks.
 */
export const runDueJobs = async ({ url, db, taskList, config }: { url: string; db: Db; taskList?: TaskList; config?: Config }) => {
  const pgPool = jobPool(url, 3, silent);
  try {
    await runOnce({
      pgPool,
      noHandleSignals: true,
      logger: workerLogger(silent),
      taskList: taskList ?? buildTaskList({ db, logger: silent, config: config ?? testTaskConfig() }),
    });
  } finally {
    await pgPool.end();
  }
};

export type QueuedJob = { id: string; task_identifier: string; attempts: number; last_error: string | null; is_due: boolean };

/** The jobs still in the queue (waiting, retrying or failed for good). */
export const queuedJobs = async (db: Db): Promise<QueuedJob[]> =>
  (
    await sql<QueuedJob>`
      SELECT id::text, task_identifier, attempts, last_error, run_at <= now() AS is_due
      FROM graphile_worker.jobs ORDER BY id`.execute(db)
  ).rows;

/** Moves every waiting job's run time to now (skips a retry's backoff in tests). */
export const makeJobsDue = async (db: Db) => {
  await sql`SELECT graphile_worker.reschedule_jobs(array_agg(id), run_at => now()) FROM graphile_worker.jobs`.execute(db);
};
