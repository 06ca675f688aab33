import pino from 'pino';
import { sql } from 'kysely';
import { runOnce, type TaskList } from 'graphile-worker';
import type { Db } from '../src/db/connect.ts';
import { buildTaskList } from '../src/jobs/tasks.ts';
import { jobPool, workerLogger } from '../src/jobs/runner.ts';

const silent = pino({ level: 'silent' });

/**
 * Runs every job that is due now, once, and returns when none is left (failed jobs are
 * rescheduled into the future by their backoff, so they wait for `makeJobsDue`).
 * Uses the real task registry unless a test passes its own tasks.
 */
export const runDueJobs = async ({ url, db, taskList }: { url: string; db: Db; taskList?: TaskList }) => {
  const pgPool = jobPool(url, 3, silent);
  try {
    await runOnce({
      pgPool,
      noHandleSignals: true,
      logger: workerLogger(silent),
      taskList: taskList ?? buildTaskList({ db, logger: silent }),
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
