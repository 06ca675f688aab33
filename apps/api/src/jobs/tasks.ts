import path from 'node:path';
import type { CronItem, Task, TaskList } from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.ts';
import { deleteEndedRateLimitWindows, deleteExpiredSessions } from './repository.ts';
import { sweepLoginThrottle } from '../modules/auth/login-throttle.ts';
import { sendPasswordReset } from '../modules/auth/service.ts';
import { materialiseOccurrences } from '../modules/timetable/service.ts';
import { loadConfig, publicUrlOf, type Config } from '../lib/config.ts';
import { releaseExpiredClaims } from '../modules/holds/service.ts';
import { promote } from '../modules/waitlist/service.ts';
import { promoteCourse, releaseExpiredCourseHolds } from '../modules/courses/waitlist.ts';
import { deliverEmail } from '../modules/email/service.ts';
import { reconcilePayments } from '../modules/orders/service.ts';
import { directDebitProviderFor, providerFor } from '../modules/payments/service.ts';
import { runCollections } from '../modules/memberships/service.ts';
import { expireCredit } from '../modules/credits/service.ts';
import { markNoShows } from '../modules/attendance/no-shows.ts';
import { runDraw } from '../modules/releases/service.ts';
import { TASK_NAMES, TASK_PAYLOADS, type TaskName, type TaskPayloads } from './task-names.ts';

export { TASK_NAMES, type TaskName } from './task-names.ts';

/** `config`: the server's; without it (tests, tools) the defaults of lib/config.ts. */
export type TaskContext = { db: Db; logger: FastifyBaseLogger; config?: Config };

const configOf = (context: TaskContext) => context.config ?? loadConfig({});

/** A task's handler, built from the app's context, given its payload as task-names.ts types it. */
type Handler<T extends TaskName> = (context: TaskContext) => (payload: TaskPayloads[T]) => Promise<void>;

/**
 * Every background task's handler, by name (the names and payloads are task-names.ts's). A
 * domain adds its task here (hold expiry, waitlist offers, emails, reconciliation): a function
 * of the app's database and logger returning the handler. Handlers must be idempotent: a job
 * can run again after a crash mid-way.
 */
const registry: { [T in TaskName]: Handler<T> } = {
  // One sweep, idempotent, safe on any instance.
  'cleanup-expired': ({ db, logger }) => async () => {
    const deleted = { sessions: await deleteExpiredSessions(db), rateLimits: await deleteEndedRateLimitWindows(db) };
    // Ended login-failure windows and addresses not seen for the remembered period.
    await sweepLoginThrottle(db);
    logger.info({ deleted }, 'expired sessions, rate-limit windows and login-throttle rows removed');
  },
  // Weekly templates → dated occurrences for venue-local yesterday … today + 21 (docs/timetable.md).
  // Idempotent (ON CONFLICT DO NOTHING), so a second run, or two instances, change nothing.
  'materialise-occurrences': ({ db, logger }) => async () => {
    const created = await materialiseOccurrences(db);
    logger.info({ created }, 'occurrences materialised');
  },
  // Holds and waitlist offers past their expiry are marked released (docs/holds.md); the
  // database trigger queues 'promote-waitlist' for occurrences with people waiting.
  'release-expired-holds': ({ db, logger }) => async () => {
    const released = await releaseExpiredClaims(db);
    // Course holds and offers too (docs/courses.md "Waitlist"): the 0062 trigger queues their offers.
    const courses = await releaseExpiredCourseHolds(db);
    if (released || courses) logger.info({ released, courses }, 'expired holds and offers released');
  },
  // Offers an occurrence's free places to its waitlist, in order (payload { occurrenceId }).
  'promote-waitlist': (context) => async (payload) => {
    const { occurrenceId } = payload;
    const config = configOf(context);
    const offered = await promote(context.db, occurrenceId, {
      offerMinutes: config.WAITLIST_OFFER_MINUTES,
      publicUrl: publicUrlOf(config),
    });
    if (offered) context.logger.info({ occurrenceId, offered }, 'waitlist places offered');
  },
  // Offers a course's free places to its waitlist, in order (payload { courseId }; docs/courses.md "Waitlist").
  'promote-course-waitlist': (context) => async (payload) => {
    const { courseId } = payload;
    const config = configOf(context);
    const offered = await promoteCourse(context.db, courseId, {
      offerMinutes: config.WAITLIST_OFFER_MINUTES,
      publicUrl: publicUrlOf(config),
    });
    if (offered) context.logger.info({ courseId, offered }, 'course waitlist places offered');
  },
  // Delivers one outbox email (payload { emailId }): SMTP_URL, or an .eml file in <DATA_DIR>/outbox.
  'send-email': (context) => async (payload) => {
    const { emailId } = payload;
    const config = configOf(context);
    const delivery = await deliverEmail(context.db, emailId, {
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.dataDir, 'outbox'),
    });
    if (delivery.sent) context.logger.info({ emailId, via: delivery.via, file: delivery.file }, 'email sent');
  },
  // A forgotten-password request (payload { clientId, name, address, userAgent }): the lookup, the
  // token and the capped email, off the request so a known name answers as fast as an unknown one.
  'password-reset-request': (context) => async (payload) => {
    const config = configOf(context);
    await sendPasswordReset(context.db, payload, { publicUrl: publicUrlOf(config) });
  },
  // Card payments authorised but not completed for PAYMENT_RECONCILE_MINUTES (the server died
  // between authorise and complete, or the customer left): completed or voided (docs/checkout.md).
  'reconcile-payments': (context) => async () => {
    const config = configOf(context);
    const done = await reconcilePayments(context.db, {
      provider: providerFor(config.PAYMENT_PROVIDER),
      holdMinutes: config.HOLD_MINUTES,
      publicUrl: publicUrlOf(config),
      minutes: config.PAYMENT_RECONCILE_MINUTES,
    });
    if (done.completed || done.voided) context.logger.info(done, 'stale card payments reconciled');
  },
  // Credit past its expiry (cancellation credit: 12 months) leaves the balance as an 'expiry'
  // row naming its grant (docs/account-bookings.md "Credit expiry"); a grant is closed once.
  'expire-credit': ({ db, logger }) => async () => {
    const closed = await expireCredit(db);
    if (closed) logger.info({ closed }, 'expired credit closed');
  },
  // Membership Direct Debits (docs/memberships.md "Collections"): created 3 working days ahead,
  // settled on the day; a failure puts the membership in arrears. Idempotent (rows locked, SKIP LOCKED).
  'membership-collections': (context) => async () => {
    const config = configOf(context);
    const done = await runCollections(context.db, { directDebit: directDebitProviderFor(config.DIRECT_DEBIT_PROVIDER), publicUrl: publicUrlOf(config) });
    if (done.created || done.paid || done.failed || done.ended || done.abandoned) context.logger.info(done, 'membership collections run');
  },
  // Bookings of sessions ended 15 minutes ago without a check-in become no-shows; the client's
  // policy charges a fee (docs/front-of-house.md "No-shows"). Idempotent (a booking is marked once).
  'mark-no-shows': ({ db, logger }) => async () => {
    const done = await markNoShows(db);
    if (done.marked) logger.info(done, 'no-shows marked');
  },
  // A day's release draw (payload { releaseId }; docs/release.md): queued for the release instant
  // with the job key release-draw:<id>, and again for requests after it. Idempotent: each request
  // is decided once under its row lock, so a second run (or instance) decides nothing twice, and
  // each customer's email is queued once (releases/notify.ts).
  'release-draw': (context) => async (payload) => {
    const config = configOf(context);
    const done = await runDraw(context.db, payload.releaseId, { holdMinutes: config.HOLD_MINUTES, publicUrl: publicUrlOf(config) });
    if (done.decided || done.told) context.logger.info({ releaseId: payload.releaseId, ...done }, 'release requests decided');
  },
};

/** graphile-worker's task: the job's payload checked against its task's schema, then handled. */
const taskFor = <T extends TaskName>(name: T, context: TaskContext): Task => {
  const handle = registry[name](context);
  return async (payload) => handle(TASK_PAYLOADS[name].parse(payload));
};

export const buildTaskList = (context: TaskContext): TaskList => Object.fromEntries(TASK_NAMES.map((name) => [name, taskFor(name, context)]));

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
  // Every minute, no backfill (one run after a restart releases everything already expired).
  { task: 'release-expired-holds', match: '* * * * *', identifier: 'release-expired-holds' },
  // Every minute; a run after a restart finds every stale payment (no backfill needed).
  { task: 'reconcile-payments', match: '* * * * *', identifier: 'reconcile-payments' },
  // Every minute (an indexed look at grants past their date), so credit past its date leaves the
  // balance shown within a minute; a run after a restart finds every one (no backfill needed).
  { task: 'expire-credit', match: '* * * * *', identifier: 'expire-credit' },
  // Hourly (collections are by the day; an hour is soon enough and a run after a restart catches up).
  { task: 'membership-collections', match: '7 * * * *', identifier: 'membership-collections' },
  // Every 5 minutes; a run after a restart finds every unmarked booking of today and yesterday.
  { task: 'mark-no-shows', match: '*/5 * * * *', identifier: 'mark-no-shows' },
];
