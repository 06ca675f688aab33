import type { CronItem, Task, TaskList } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { deleteEndedRateLimitWindows, deleteExpiredSessions } from './repository.ts';
import { sweepLoginThrottle } from '../modules/auth/login-throttle.ts';
import { materialiseOccurrences } from '../modules/timetable/service.ts';

export type TaskContext = { db: Db; logger: FastifyBaseLogger };

/**
 * Every background task, by name. A domain adds its task here (hold expiry, waitlist offers,
 * emails, reconciliation): a function of the app's database and logger returning the handler.
 * Handlers must be idempotent: a job can run again after a crash mid-way.
 */
const registry = {
  // One sweep, idempotent, safe on any instance.
  'cleanup-expired': ({ db, logger }: TaskContext): Task => async () => {
    const deleted = { sessions: await deleteExpiredSessions(db), rateLimits: await deleteEndedRateLimitWindows(db) };
    // Ended login-failure windows and addresses not seen for the remembered period.
    await sweepLoginThrottle(db);
    logger.info({ deleted }, 'expired sessions, rate-limit windows and login-throttle rows removed');
  },
  // Weekly templates → dated occurrences for venue-local yesterday … today + 21 (docs/timetable.md).
  // Idempotent (ON CONFLICT DO NOTHING), so a second run, or two instances, change nothing.
  'materialise-occurrences': ({ db, logger }: TaskContext): Task => async () => {
    const created = await materialiseOccurrences(db);
    logger.info({ created }, 'occurrences materialised');
  },
} satisfies Record<string, (context: TaskContext) => Task>;

export type TaskName = keyof typeof registry;

export const TASK_NAMES = Object.keys(registry) as TaskName[];

export const buildTaskList = (context: TaskContext): TaskList =>
  Object.fromEntries(Object.entries(registry).map(([name, build]) => [name, build(context)]));

/**
 * Recurring jobs (cron syntax, UTC). Each one is created once per due time across every
 * instance (graphile-worker's `known_crontabs` bookkeeping), so N servers do not run it N times.
 */
export const SCHEDULES: (CronItem & { task: TaskName })[] = [
  // Every 15 minutes; after a restart a missed run in the last hour is made up once.
  { task: 'cleanup-expired', match: '*/15 * * * *', identifier: 'cleanup-expired', options: { backfillPeriod: 60 * 60 * 1000 } },
  // Daily; the server also queues one run at start (server.ts), so a site started after weeks off
  // has its weeks ahead at once.
  {
    task: 'materialise-occurrences',
    match: '10 1 * * *',
    identifier: 'materialise-occurrences',
    options: { backfillPeriod: 25 * 60 * 60 * 1000 },
  },
];
