import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import { addToCart } from '../basket/service.ts';
import { asBusy } from '../holds/service.ts';
import { join as joinWaitlist } from '../waitlist/service.ts';
import { drawOrder } from './draw-order.ts';
import { tellDecided } from './notify.ts';
import { ATTEMPTS, codeOf, grantRun, markMisfits, type Tally } from './draw-batch.ts';
import * as repo from './repository.ts';

/**
 * The draw of a day's release (docs/release.md): at the release instant the requests made before
 * it are served in the seed's order (draw-order.ts), each session's together in one transaction
 * (draw-batch.ts) and the sessions side by side; then those made after it in arrival order, each
 * in its own transaction through the basket's normal add (`decide`). Either way a request gets a
 * hold (holds, expiry, the basket), else a place on the waitlist, with its status change in the
 * same transaction; then each customer gets one email saying what their requests came to (notify.ts). A request is locked and must still be waiting, so a second run, a concurrent
 * one on another instance, or a run resumed after a crash decides nothing twice; hold_place()
 * keeps every session within its capacity. One draw of a release runs at a time (its advisory
 * lock); a draw left by a process that died is found by `resumeStrandedDraws` and queued again.
 */

type Outcome = 'granted' | 'waitlisted' | 'refused' | 'gone';

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
export type DrawSettings = { holdMinutes: number; publicUrl: string };

export const runDraw = (db: Db, releaseId: number, options: DrawSettings, now = new Date()) =>
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

/**
 * Sessions decided side by side: the connections of the draw's own pool. A session's transaction
 * is a dozen round trips, so the draw waits on latency more than on PostgreSQL's CPU: 8 decided
 * 2,000 requests in 7.2–7.9 s against 8.4–11.1 s with 4 on the loaded 2-core machine (docs/scaling.md).
 */
const DRAW_CONNECTIONS = 8;

/**
 * One session's requests in the seed's order: runs of lean ones decided together (draw-batch.ts),
 * any other one through the basket's whole add, where it stands in the order.
 */
const drawSession = async (db: Db, clientId: number, requests: repo.DrawRequest[], holdMinutes: number): Promise<Tally> => {
  const tally: Tally = { decided: 0, granted: 0, waitlisted: 0, refused: 0 };
  const add = (more: Tally) => (Object.keys(tally) as (keyof Tally)[]).forEach((k) => (tally[k] += more[k]));
  let run: repo.DrawRequest[] = [];
  const flush = async () => {
    if (run.length) add(await grantRun(db, clientId, run, holdMinutes));
    run = [];
  };
  for (const request of requests) {
    if (request.lean) {
      run.push(request);
      continue;
    }
    await flush();
    const outcome = await decide(db, clientId, request.id, holdMinutes);
    if (outcome !== 'gone') add({ decided: 1, granted: +(outcome === 'granted'), waitlisted: +(outcome === 'waitlisted'), refused: +(outcome === 'refused') });
  }
  await flush();
  return tally;
};

/**
 * The requests made before the instant, in the seed's order, grouped by session (each session's
 * requests keep that order; sessions in the order of their first request), decided on
 * DRAW_CONNECTIONS connections side by side. A customer's requests in two sessions meet at the
 * account's hold lock, which the batch takes before any occurrence lock. The first error stops
 * taking new sessions and is thrown once the running ones end (the job runs again, resuming).
 */
const drawSessions = async (db: Db, releaseId: number, clientId: number, ordered: repo.DrawRequest[], holdMinutes: number): Promise<Tally> => {
  const bySession = new Map<number, repo.DrawRequest[]>();
  for (const request of ordered) bySession.set(request.occurrence_id, [...(bySession.get(request.occurrence_id) ?? []), request]);
  const sessions = [...bySession.values()];
  const tally: Tally = { decided: 0, granted: 0, waitlisted: 0, refused: 0 };
  if (!sessions.length) return tally;
  let failed = false;
  const results = await repo.withDrawPool(db, releaseId, Math.min(DRAW_CONNECTIONS, sessions.length), (drawDb) =>
    Promise.allSettled(
      Array.from({ length: Math.min(DRAW_CONNECTIONS, sessions.length) }, async () => {
        const mine: Tally[] = [];
        for (let next = sessions.shift(); next && !failed; next = sessions.shift()) {
          try {
            mine.push(await drawSession(drawDb, clientId, next, holdMinutes));
          } catch (error) {
            failed = true;
            throw error;
          }
        }
        return mine;
      }),
    ),
  );
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason;
    for (const t of result.value) (Object.keys(tally) as (keyof Tally)[]).forEach((k) => (tally[k] += t[k]));
  }
  return tally;
};

/** Releases whose instant comes within `withinMs` with requests waiting (the draw watch's timers). */
export const drawsDueSoon = (db: Db, withinMs: number) => repo.findDrawsDueSoon(db, withinMs);

const drawLocked = async (db: Db, releaseId: number, { holdMinutes, publicUrl }: DrawSettings, now: Date) => {
  const release = await repo.findReleaseById(db, releaseId);
  if (!release || release.release_at > now) return { decided: 0, granted: 0, waitlisted: 0, refused: 0, told: 0 };
  const waiting = await repo.findDrawRequests(db, releaseId);
  const before = waiting.filter((r) => r.created_at < release.release_at);
  await markMisfits(db, release.client_id, before);
  const byId = new Map(before.map((r) => [r.id, r]));
  const ordered = drawOrder(
    release.seed,
    before.map((r) => r.id),
  ).map((id) => byId.get(id)!);
  const counts = await drawSessions(db, releaseId, release.client_id, ordered, holdMinutes);
  // After the instant: first come, first served, one at a time through the basket's whole add.
  const after = waiting.filter((r) => r.created_at >= release.release_at).sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
  for (const { id } of after) {
    const outcome = await decide(db, release.client_id, id, holdMinutes);
    if (outcome === 'gone') continue;
    counts.decided++;
    counts[outcome]++;
  }
  if ((await repo.countWaitingBefore(db, releaseId, release.release_at)) === 0) await repo.markDrawn(db, releaseId);
  // Then each customer's email: after the seed is shown, so telling never delays the places.
  return { ...counts, told: await tellDecided(db, releaseId, { publicUrl }) };
};
