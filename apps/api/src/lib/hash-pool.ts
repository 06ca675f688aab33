import os from 'node:os';
import { AppError } from './errors.ts';

/**
 * Password hashes (scrypt: ~250 ms and 128 MB each) run on libuv's thread pool, which static
 * files (fs) and DNS share. Unbounded, a login flood queues every fs read behind the hashes.
 * This pool lets at most `concurrency` hashes run at once (below UV_THREADPOOL_SIZE, default 4,
 * so reads always find a free thread); a few more wait briefly in line, and beyond that the
 * caller gets a 429 at once rather than a slow answer (docs/security.md).
 */
/** One core is always left to the event loop: 1 hash at a time on 2 cores, at most 2 anywhere. */
export const HASH_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** Attempts that may wait for a free slot; more are refused at once. */
export const HASH_QUEUE_LIMIT = 16;
/** How long one attempt may wait for a slot before it is refused. */
export const HASH_QUEUE_WAIT_MS = 2000;

export const BUSY_MESSAGE = 'Too many login attempts right now, try again in a moment.';

/** 429 `login_busy` with `Retry-After: 1`: a slot frees within the second. */
export class HashPoolBusyError extends AppError {
  constructor() {
    super({ code: 'login_busy', status: 429, message: BUSY_MESSAGE, retryAfterSeconds: 1 });
  }
}

type Waiter = { start: () => void; timer: NodeJS.Timeout };

export type RunOptions = {
  /**
   * Wait for a slot however long it takes, never refused (seeding, the decoy hash at start).
   * Still at most `concurrency` at once. Request paths keep the default: bounded waiting.
   */
  patient?: boolean;
};

export type HashPool = {
  run: <T>(task: () => Promise<T>, options?: RunOptions) => Promise<T>;
  /** Hashes running now and attempts waiting for a slot. */
  stats: () => { running: number; waiting: number };
  /** Resolves once at least `count` attempts are waiting (for tests and benchmarks). */
  whenWaiting: (count: number) => Promise<void>;
};

export const createHashPool = ({
  concurrency = HASH_CONCURRENCY,
  queueLimit = HASH_QUEUE_LIMIT,
  waitMs = HASH_QUEUE_WAIT_MS,
} = {}): HashPool => {
  let running = 0;
  const queue: Waiter[] = [];
  const patientQueue: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];

  const notifyWatchers = () => {
    for (const watcher of [...watchers]) {
      if (queue.length >= watcher.count) {
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve();
      }
    }
  };

  const release = () => {
    running -= 1;
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
      return;
    }
    patientQueue.shift()?.();
  };

  const acquire = (patient: boolean) =>
    new Promise<void>((resolve, reject) => {
      if (running < concurrency) {
        running += 1;
        resolve();
        return;
      }
      if (patient) {
        patientQueue.push(() => {
          running += 1;
          resolve();
        });
        return;
      }
      if (queue.length >= queueLimit) {
        reject(new HashPoolBusyError());
        return;
      }
      const waiter: Waiter = {
        start: () => {
          running += 1;
          resolve();
        },
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(new HashPoolBusyError());
        }, waitMs),
      };
      queue.push(waiter);
      notifyWatchers();
    });

  return {
    run: async (task, { patient = false } = {}) => {
      await acquire(patient);
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: queue.length + patientQueue.length }),
    whenWaiting: (count) =>
      new Promise<void>((resolve) => {
        watchers.push({ count, resolve });
        notifyWatchers();
      }),
  };
};

/** The process-wide pool every password hash goes through. */
export const hashPool = createHashPool();
