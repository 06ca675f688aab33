import type { Db } from '../db/connect.ts';
import { insertJob } from './repository.ts';
import type { TaskName } from './tasks.ts';

export type EnqueueOptions = {
  /** When the job becomes due (default: now). */
  runAt?: Date;
  /**
   * A job with the same key replaces the waiting one (its payload and run time), so
   * "expire hold 42 at 10:15" can be moved without leaving a stale job behind.
   */
  jobKey?: string;
  /** Attempts before the job is left failed (default 25, with exponential backoff). */
  maxAttempts?: number;
};

/**
 * Adds a job in the caller's database context: inside `inTransaction` the job exists only if
 * the transaction commits (a confirmation email is never sent for a rolled-back order).
 */
export const enqueue = (db: Db, task: TaskName, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}) =>
  insertJob(db, { task, payload, ...options });
