import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskList } from 'graphile-worker';
import { createTestDatabase } from '../../test/db.ts';
import { makeJobsDue, queuedJobs, runDueJobs } from '../../test/jobs.ts';
import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/transaction.ts';
import { enqueue, type EnqueueOptions } from './enqueue.ts';
import { insertJob } from './repository.ts';
import { startJobRunner } from './runner.ts';
import { SCHEDULES, TASK_NAMES } from './tasks.ts';

let db: Db;
let url: string;
let drop: () => Promise<void>;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  ({ db, url, drop } = await createTestDatabase());
});
afterAll(() => drop());

/**
 * Test tasks go through the same queue by the same insert as `enqueue`, which takes only the
 * registry's names (task-names.ts).
 */
const enqueueTest = (task: string, payload: Record<string, unknown> = {}, options: EnqueueOptions = {}) =>
  insertJob(db, { task, payload, ...options });

describe('cleanup-expired (the scheduled task)', () => {
  it('is registered as a task and scheduled every 15 minutes', () => {
    expect(TASK_NAMES).toContain('cleanup-expired');
    expect(SCHEDULES).toContainEqual(expect.objectContaining({ task: 'cleanup-expired', match: '*/15 * * * *' }));
  });

  it('runs expire-credit every minute, so credit past its date leaves the balance shown within a minute', () => {
    expect(SCHEDULES).toContainEqual(expect.objectContaining({ task: 'expire-credit', match: '* * * * *' }));
  });

  it('is registered with the queue when a runner starts', async () => {
    const runner = await startJobRunner({ connectionString: url, db, logger: silent, taskList: {} });
    await runner.stop();
    const { rows } = await sql<{ identifier: string }>`SELECT identifier FROM graphile_worker._private_known_crontabs`.execute(db);
    expect(rows.map((r) => r.identifier)).toContain('cleanup-expired');
  });

  it('deletes expired and revoked sessions and ended rate-limit windows, and keeps the rest', async () => {
    const { id: userId, client_id: clientId } = await db.selectFrom('users').select(['id', 'client_id']).orderBy('id').executeTakeFirstOrThrow();
    const hour = 60 * 60 * 1000;
    const session = (token: string, expiresIn: number, revoked = false) => ({
      client_id: clientId,
      user_id: userId,
      token_hash: token,
      expires_at: new Date(Date.now() + expiresIn),
      revoked_at: revoked ? new Date() : null,
    });
    await db
      .insertInto('sessions')
      .values([session('cleanup-live', hour), session('cleanup-expired', -hour), session('cleanup-revoked', hour, true)])
      .execute();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'cleanup:open', hits: 3, window_ends_at: new Date(Date.now() + hour) },
        { key: 'cleanup:ended', hits: 3, window_ends_at: new Date(Date.now() - 1000) },
      ])
      .execute();

    await db
      .insertInto('login_failures')
      .values([
        { key: 'cleanup:open', failures: 2, window_ends_at: new Date(Date.now() + hour) },
        { key: 'cleanup:ended', failures: 2, window_ends_at: new Date(Date.now() - 1000) },
      ])
      .execute();

    await enqueue(db, 'cleanup-expired');
    await runDueJobs({ url, db });

    const tokens = await db.selectFrom('sessions').select('token_hash').where('token_hash', 'like', 'cleanup-%').execute();
    expect(tokens.map((t) => t.token_hash)).toEqual(['cleanup-live']);
    const keys = await db.selectFrom('rate_limits').select('key').where('key', 'like', 'cleanup:%').execute();
    expect(keys.map((k) => k.key)).toEqual(['cleanup:open']);
    const failures = await db.selectFrom('login_failures').select('key').where('key', 'like', 'cleanup:%').execute();
    expect(failures.map((f) => f.key)).toEqual(['cleanup:open']);
    expect(await queuedJobs(db)).toEqual([]);
  });
});

describe('the task registry (task-names.ts)', () => {
  it('types each payload by its task', () => {
    // Compile-time checks: the lines below fail `npm run typecheck` if the typing slips.
    const typed = () => {
      void enqueue(db, 'send-email', { emailId: 1 });
      void enqueue(db, 'cleanup-expired');
      // @ts-expect-error a task with a payload needs it
      void enqueue(db, 'send-email');
      // @ts-expect-error the payload is the task's own
      void enqueue(db, 'promote-waitlist', { emailId: 1 });
      // @ts-expect-error only registered task names
      void enqueue(db, 'no-such-task');
    };
    expect(typed).toBeTypeOf('function');
  });

  it("checks a job's payload against its task before the handler runs", async () => {
    await enqueueTest('send-email', { emailId: 'seven' });
    await runDueJobs({ url, db });
    const [job] = await queuedJobs(db);
    expect(job).toMatchObject({ task_identifier: 'send-email', attempts: 1, last_error: expect.stringContaining('emailId') });
    // Out of the queue, so the tests below start from an empty one.
    await sql`SELECT graphile_worker.complete_jobs(ARRAY[${job!.id}]::bigint[])`.execute(db);
  });
});

describe('the job queue', () => {
  it('runs a job scheduled for later only once it is due', async () => {
    const ran: unknown[] = [];
    const taskList: TaskList = { 'test-later': async (payload) => void ran.push(payload) };
    await enqueueTest('test-later', { n: 1 }, { runAt: new Date(Date.now() + 60_000) });

    await runDueJobs({ url, db, taskList });
    expect(ran).toEqual([]);
    expect(await queuedJobs(db)).toMatchObject([{ task_identifier: 'test-later', is_due: false, attempts: 0 }]);

    await makeJobsDue(db);
    await runDueJobs({ url, db, taskList });
    expect(ran).toEqual([{ n: 1 }]);
    expect(await queuedJobs(db)).toEqual([]);
  });

  it('adds a job only if the transaction that enqueued it commits', async () => {
    await expect(
      inTransaction(db, async (trx) => {
        await enqueue(trx, 'cleanup-expired');
        throw new Error('payment declined');
      }),
    ).rejects.toThrow('payment declined');
    expect(await queuedJobs(db)).toEqual([]);
  });

  it('retries a job that failed, after a backoff, until it succeeds', async () => {
    let calls = 0;
    const taskList: TaskList = {
      'test-flaky': async () => {
        calls += 1;
        if (calls === 1) throw new Error('mail server unavailable');
      },
    };
    await enqueueTest('test-flaky', {});

    await runDueJobs({ url, db, taskList });
    expect(calls).toBe(1);
    expect(await queuedJobs(db)).toMatchObject([
      { task_identifier: 'test-flaky', attempts: 1, last_error: expect.stringContaining('mail server unavailable'), is_due: false },
    ]);

    // Not due again until its backoff has passed.
    await runDueJobs({ url, db, taskList });
    expect(calls).toBe(1);

    await makeJobsDue(db);
    await runDueJobs({ url, db, taskList });
    expect(calls).toBe(2);
    expect(await queuedJobs(db)).toEqual([]);
  });

  it('runs each job exactly once with two workers on one database', async () => {
    const total = 30;
    const runs = new Map<number, string[]>();
    let finished = 0;
    let allDone = () => {};
    const done = new Promise<void>((resolve) => (allDone = resolve));
    const recorder = (worker: string): TaskList => ({
      'test-once': async (payload) => {
        const { n } = payload as { n: number };
        runs.set(n, [...(runs.get(n) ?? []), worker]);
        finished += 1;
        if (finished === total) allDone();
      },
    });
    // Both runners are listening before the jobs arrive, so they race for every one.
    const [a, b] = await Promise.all([
      startJobRunner({ connectionString: url, db, logger: silent, concurrency: 3, taskList: recorder('a'), withSchedules: false }),
      startJobRunner({ connectionString: url, db, logger: silent, concurrency: 3, taskList: recorder('b'), withSchedules: false }),
    ]);
    try {
      for (let n = 0; n < total; n++) await enqueueTest('test-once', { n });
      await done;
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((workers) => workers.length === 1)).toBe(true);
    expect(finished).toBe(total);
    expect(await queuedJobs(db)).toEqual([]);
  });
});
