import type { Db } from '../db/connect.ts';
import { insertJob } from './repository.ts';
import type { TaskName, TaskPayloads } from './task-names.ts';

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

/** A task's payload and options: the payload may be left out only by a task that takes none. */
type EnqueueArguments<T extends TaskName> =
  Record<string, never> extends TaskPayloads[T]
    ? [payload?: TaskPayloads[T], options?: EnqueueOptions]
    : [payload: TaskPayloads[T], options?: EnqueueOptions];

/**
 * Adds a job in the caller's database context: inside `inTransaction` the job exists only if
 * the transaction commits (a confirmation email is never sent for a rolled-back order). The
 * payload is the task's own (task-names.ts): `enqueue(db, 'send-email', { emailId })`.
 */
export const enqueue = <T extends TaskName>(db: Db, task: T, ...[payload, options]: EnqueueArguments<T>) =>
  insertJob(db, { task, payload: payload ?? {}, ...options });
