import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import { addToCart } from '../basket/service.ts';
import { asBusy } from '../holds/service.ts';
import { join as joinWaitlist } from '../waitlist/service.ts';
import { drawOrder } from './draw-order.ts';
import * as repo from './repository.ts';

/**
 * The draw of a day's release (docs/release.md): at the release instant the requests made before
 * it are served in the seed's order (draw-order.ts), then those made after it in arrival order.
 * Each request is decided in its own transaction with its status change: a hold through the
 * basket's normal add (holds, expiry, the basket), else a place on the waitlist. A request is
 * locked and must still be waiting, so a second run, a concurrent one on another instance, or a
 * run resumed after a crash decides nothing twice; hold_place() keeps every session within its
 * capacity. One draw of a release runs at a time (its advisory lock); a draw left by a process that
 * died is found by `resumeStrandedDraws` and queued again.
 */

type Outcome = 'granted' | 'waitlisted' | 'refused' | 'gone';

const ATTEMPTS = 5;

const codeOf = (error: unknown) => (error instanceof AppError ? error.code : undefined);

/** Holds the place in the customer's own basket, with the status change, in one transaction. */
const tryGrant = (db: Db, releaseClientId: number, requestId: number, holdMinutes: number) =>
  inTransaction(db, async (trx): Promise<Outcome> => {
    const request = await repo.lockWaitingRequest(trx, requestId);
    if (!request) return 'gone';
    const caller: Caller = { clientId: releaseClientId, accountUserId: request.account_user_id };
    // The draw is the day's release: the online window's "not open yet" does not apply to it.
    await addToCart(trx, caller, { items: [request.item as never] }, holdMinutes, undefined, { pastRelease: true });
    await repo.decideRequest(trx, requestId, { status: 'granted' });
    return 'granted';
  });

/** The person on the session's waitlist (their position kept), with the status change. */
const tryWaitlist = (db: Db, releaseClientId: number, requestId: number) =>
  inTransaction(db, async (trx): Promise<Outcome> => {
    const request = await repo.lockWaitingRequest(trx, requestId);
    if (!request) return 'gone';
    const caller: Caller = { clientId: releaseClientId, accountUserId: request.account_user_id };
    const joined = await joinWaitlist(trx, caller, { id: request.occurrence_id }, request.membership_user_id);
    await repo.decideRequest(trx, requestId, { status: 'waitlisted', position: joined.data.position });
    return 'waitlisted';
  });

const refuse = (db: Db, requestId: number, reason: string) =>
  inTransaction(db, async (trx): Promise<Outcome> => {
    if (!(await repo.lockWaitingRequest(trx, requestId))) return 'gone';
    await repo.decideRequest(trx, requestId, { status: 'refused', reason });
    return 'refused';
  });

/**
 * One request: granted, else (full) waitlisted, else refused with the basket's reason. A place
 * freed between the two (the waitlist says "not full") is tried again; contention is retried, and
 * after that the error is the job's (it runs again, resuming where it stopped).
 */
export const decide = async (db: Db, clientId: number, requestId: number, holdMinutes: number): Promise<Outcome> => {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await tryGrant(db, clientId, requestId, holdMinutes);
    } catch (error) {
      const code = codeOf(asBusy(error));
      if (code === 'cart_busy') {
        lastError = error;
        continue;
      }
      if (code !== 'cart_full') {
        if (error instanceof AppError && error.status < 500) return refuse(db, requestId, error.message);
        throw error;
      }
    }
    try {
      return await tryWaitlist(db, clientId, requestId);
    } catch (error) {
      const code = codeOf(asBusy(error));
      if (code === 'waitlist_not_full' || code === 'cart_busy') {
        lastError = error;
        continue;
      }
      if (error instanceof AppError && error.status < 500) return refuse(db, requestId, error.message);
      throw error;
    }
  }
  throw lastError;
};

/**
 * The release's draw job: when due, every waiting request is decided — those made before the
 * instant in the seed's order, then the later ones by arrival. Once none made before the instant
 * is waiting, the release is marked drawn and its seed may be shown. `now` is the clock unless a
 * test pins it.
 */
export const runDraw = (db: Db, releaseId: number, options: { holdMinutes: number }, now = new Date()) =>
  repo.withDrawLock(db, releaseId, () => drawLocked(db, releaseId, options, now));

/**
 * Draws whose process died mid-way (or that have not started) are queued again, to run now on a
 * live instance: the waiting requests are decided, nothing twice (docs/scaling.md). Answers the
 * releases queued.
 */
export const resumeStrandedDraws = async (db: Db) => {
  const stranded = await repo.findStrandedDraws(db);
  for (const releaseId of stranded) await enqueue(db, 'release-draw', { releaseId }, { jobKey: `release-draw:${releaseId}` });
  return stranded;
};

const drawLocked = async (db: Db, releaseId: number, { holdMinutes }: { holdMinutes: number }, now: Date) => {
  const release = await repo.findReleaseById(db, releaseId);
  if (!release || release.release_at > now) return { decided: 0, granted: 0, waitlisted: 0, refused: 0 };
  const waiting = await repo.findWaitingRequests(db, releaseId);
  const before = waiting.filter((r) => r.created_at < release.release_at).map((r) => r.id);
  const after = waiting.filter((r) => r.created_at >= release.release_at).sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
  const counts = { decided: 0, granted: 0, waitlisted: 0, refused: 0 };
  for (const id of [...drawOrder(release.seed, before), ...after.map((r) => r.id)]) {
    const outcome = await decide(db, release.client_id, id, holdMinutes);
    if (outcome === 'gone') continue;
    counts.decided++;
    counts[outcome]++;
  }
  if ((await repo.countWaitingBefore(db, releaseId, release.release_at)) === 0) await repo.markDrawn(db, releaseId);
  return counts;
};
