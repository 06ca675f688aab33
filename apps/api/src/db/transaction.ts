import type { Db } from './connect.ts';

export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export type TransactionOptions = {
  /** PostgreSQL's default is read committed; capacity checks that read-then-write want serializable. */
  isolation?: Isolation;
  /** How many times a serialization failure or deadlock is retried before it is rethrown. */
  retries?: number;
};

/** SQLSTATEs after which running the whole transaction again is the documented remedy. */
const RETRYABLE = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

export const DEFAULT_RETRIES = 3;

export const isRetryableTransactionError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && RETRYABLE.has((error as { code?: unknown }).code as string);

/** Full jitter over 10, 20, 40 … ms (capped at 250 ms) so retrying contenders spread out. */
const backoff = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 10 * 2 ** attempt)));

/**
 * Runs `fn` in one transaction: commits when it resolves, rolls back when it throws.
 * A serialization failure (40001) or deadlock (40P01) runs `fn` again from the start, in a new
 * transaction, up to `retries` times with a small jittered backoff; `fn` must therefore not
 * have side effects outside the database (send email through a job enqueued in the transaction).
 * Called with a transaction (a nested call), it runs `fn` in that transaction: the outermost
 * call owns commit, rollback, isolation and retries.
 */
export const inTransaction = async <T>(db: Db, fn: (trx: Db) => Promise<T>, options: TransactionOptions = {}): Promise<T> => {
  if (db.isTransaction) return fn(db);
  const { isolation = 'read committed', retries = DEFAULT_RETRIES } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel(isolation).execute(fn);
    } catch (error) {
      if (attempt >= retries || !isRetryableTransactionError(error)) throw error;
      await backoff(attempt);
    }
  }
};
