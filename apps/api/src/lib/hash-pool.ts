import os from 'node:os';
import { AppError } from './errors.ts';

/**
 * Password hashes (argon2id, lib/password.ts: tens of milliseconds and 19 MiB each) run on
 * libuv's thread pool, which static files (fs) and DNS share. Unbounded, a login flood queues
 * every fs read behind the hashes. This pool lets at most `concurrency` hashes run at once (below
 * UV_THREADPOOL_SIZE, default 4, so reads always find a free thread).
 *
 * It is fair between callers (issue 22; docs/security.md "Logins under a crowd"): every attempt
 * names its key (the client address), a key has at most one hash running, and waiting attempts
 * are served one key at a time in turn (round robin), not first come. A flood from many
 * addresses therefore delays a real customer by one turn of the round, never by the whole
 * backlog, and one address cannot fill the line: it may have `perKeyWaiting` attempts waiting;
 * beyond that, or beyond `queueLimit` waiting in all, or after `waitMs` in line, the caller gets
 * 429 `login_busy` at once rather than a slow answer.
 */
/** One core is always left to the event loop: 1 hash at a time on 2 cores, at most 2 anywhere. */
export const HASH_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** Attempts that may wait for a slot, all keys together; more are refused at once. */
export const HASH_QUEUE_LIMIT = 512;
/** Attempts one key may have waiting (besides the one running); more are refused at once. */
export const HASH_PER_KEY_WAITING = 2;
/** How long one attempt may wait for a slot before it is refused. */
export const HASH_QUEUE_WAIT_MS = 4000;

export const BUSY_MESSAGE = 'Too many login attempts right now, try again in a moment.';

/** 429 `login_busy` with `Retry-After: 1`: a slot frees within the second. */
export class HashPoolBusyError extends AppError {
  constructor() {
    super({ code: 'login_busy', status: 429, message: BUSY_MESSAGE, retryAfterSeconds: 1 });
  }
}

export type RunOptions = {
  /** Whose attempt this is (the client address); attempts without a key are each their own. */
  key?: string;
  /**
   * Wait for a slot however long it takes, never refused (seeding, the decoy hash at start).
   * Still at most `concurrency` at once, and only after every waiting request. Request paths
   * keep the default: bounded waiting.
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

type Waiter = { start: () => void; timer: NodeJS.Timeout };

export const createHashPool = ({
  concurrency = HASH_CONCURRENCY,
  queueLimit = HASH_QUEUE_LIMIT,
  perKeyWaiting = HASH_PER_KEY_WAITING,
  waitMs = HASH_QUEUE_WAIT_MS,
} = {}): HashPool => {
  let running = 0;
  let waiting = 0;
  const busyKeys = new Set<unknown>();
  // Each key's line, in turn order: a key served goes to the back (Map keeps insertion order).
  const lines = new Map<unknown, Waiter[]>();
  const patientQueue: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];

  const notifyWatchers = () => {
    for (const watcher of [...watchers]) {
      if (waiting >= watcher.count) {
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve();
      }
    }
  };

  const leaveLine = (key: unknown, waiter: Waiter) => {
    const line = lines.get(key);
    if (!line) return;
    line.splice(line.indexOf(waiter), 1);
    if (line.length === 0) lines.delete(key);
    waiting -= 1;
  };

  /** The first key in turn order with no hash running: its oldest attempt, the key sent to the back. */
  const nextInTurn = (): Waiter | undefined => {
    for (const [key, line] of lines) {
      if (busyKeys.has(key)) continue;
      const waiter = line.shift()!;
      lines.delete(key);
      if (line.length > 0) lines.set(key, line);
      waiting -= 1;
      clearTimeout(waiter.timer);
      return waiter;
    }
    return undefined;
  };

  const fillSlots = () => {
    while (running < concurrency) {
      const next = nextInTurn() ?? patientQueue.shift();
      if (!next) return;
      if ('start' in next) next.start();
      else next();
    }
  };

  const acquire = (key: unknown, patient: boolean) =>
    new Promise<void>((resolve, reject) => {
      const start = () => {
        running += 1;
        busyKeys.add(key);
        resolve();
      };
      if (running < concurrency && !busyKeys.has(key) && (patient ? waiting === 0 : true)) {
        start();
        return;
      }
      if (patient) {
        patientQueue.push(start);
        return;
      }
      const line = lines.get(key) ?? [];
      if (line.length >= perKeyWaiting || waiting >= queueLimit) {
        reject(new HashPoolBusyError());
        return;
      }
      const waiter: Waiter = {
        start,
        timer: setTimeout(() => {
          leaveLine(key, waiter);
          reject(new HashPoolBusyError());
        }, waitMs),
      };
      line.push(waiter);
      lines.set(key, line);
      waiting += 1;
      notifyWatchers();
    });

  return {
    run: async (task, { key, patient = false } = {}) => {
      const owner = key ?? Symbol('hash');
      await acquire(owner, patient);
      try {
        return await task();
      } finally {
        running -= 1;
        busyKeys.delete(owner);
        // The key just served goes to the back of the turns.
        const line = lines.get(owner);
        if (line) {
          lines.delete(owner);
          lines.set(owner, line);
        }
        fillSlots();
      }
    },
    stats: () => ({ running, waiting: waiting + patientQueue.length }),
    whenWaiting: (count) =>
      new Promise<void>((resolve) => {
        watchers.push({ count, resolve });
        notifyWatchers();
      }),
  };
};

/** The process-wide pool every password hash goes through. */
export const hashPool = createHashPool();
