import { ticketPrice } from '@app/contract/rules/prices';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import { dropCover } from '../basket/service.ts';
import * as holds from '../holds/service.ts';
import { assertTicketsFit } from '../pricing/service.ts';
import { join as joinWaitlist, joinInOrder as joinWaitlistInOrder } from '../waitlist/service.ts';
import * as repo from './repository.ts';

/**
 * The draw's lean grant (docs/release.md "The draw"): the requests of one session, in the seed's
 * order, decided together in one transaction. The accounts' hold locks first (ascending), then
 * one statement holds each request's place in the customer's own basket one after the other
 * (cart_add_item(): hold_place() under the occurrence lock, the account's limits, the basket and
 * its item, the hold's expiry), so the first in the seed's order who still can gets each place;
 * those who find it full join the session's waitlist in the same order (the waitlist module,
 * position recorded); then every status changes in one statement. The request rows are locked and
 * must still be waiting, so a second draw decides nothing twice. What the lean path does not judge
 * (see repository.findDrawRequests) goes through the basket's whole add (draw.ts `decide`).
 */

export type Tally = { decided: number; granted: number; waitlisted: number; refused: number };

export const ATTEMPTS = 5;

export const codeOf = (error: unknown) => (error instanceof AppError ? error.code : undefined);

/** The price the add would charge: the member price for a member unless `apply_benefit` is false. */
const priceOf = (r: repo.DrawRequest) => {
  const option = { price_pence: r.price_pence!, member_price_pence: r.member_price_pence! };
  return r.apply_benefit ? ticketPrice(r.is_member ? 'member' : 'standard', option) : option.price_pence;
};

const wantOf = (r: repo.DrawRequest) => ({
  accountUserId: r.account_user_id,
  selectedUserId: r.self_id!,
  occurrenceId: r.occurrence_id,
  membershipUserId: r.membership_user_id,
  pricingOptionId: r.option_id!,
  pricePence: priceOf(r),
  firstName: r.first_name!,
});

/**
 * The ticket types' age rules, judged when each request was made, once more for all the lean
 * requests in one statement (pricing.assertTicketsFit): a request that no longer fits goes
 * through the whole add, which refuses it with the reason.
 */
export const markMisfits = async (db: Db, clientId: number, requests: repo.DrawRequest[]) => {
  for (;;) {
    const lean = requests.filter((r) => r.lean);
    try {
      await assertTicketsFit(
        db,
        clientId,
        lean.map((r) => ({ personId: r.membership_user_id, optionId: r.option_id!, occurrenceId: r.occurrence_id, field: String(r.id) })),
      );
      return;
    } catch (error) {
      const id = error instanceof AppError && error.code === 'ticket_age_rule' ? Number(Object.keys(error.errors ?? {})[0]) : NaN;
      const misfit = requests.find((r) => r.id === id);
      if (!misfit) throw error;
      misfit.lean = false;
    }
  }
};

type Decided = repo.Decision & { uncover?: number };

const refused = (id: number, error: AppError): Decided => ({ id, status: 'refused', position: null, reason: error.message });

const granted = (id: number, outcome: { itemId: number; existed: boolean }): Decided => ({
  id,
  status: 'granted',
  position: null,
  reason: null,
  ...(outcome.existed ? { uncover: outcome.itemId } : {}),
});

/**
 * A request whose place was full: onto the session's waitlist (its position at joining). A place
 * freed since (the waitlist answers "not full") is tried again, as the grant would have been.
 */
const toWaitlist = async (trx: Db, clientId: number, r: repo.DrawRequest, expiresAt: Date): Promise<Decided> => {
  const caller: Caller = { clientId, accountUserId: r.account_user_id };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const joined = await joinWaitlist(trx, caller, { id: r.occurrence_id }, r.membership_user_id);
      return { id: r.id, status: 'waitlisted', position: joined.data.position, reason: null };
    } catch (error) {
      // Contention (the transaction is lost) is the run's to retry; other refusals are the answer.
      if (!(error instanceof AppError) || error.status >= 500 || error.code === 'cart_busy') throw error;
      if (error.code !== 'waitlist_not_full') return refused(r.id, error);
    }
    const [again] = await holds.claimManyIntoBaskets(trx, clientId, [wantOf(r)], expiresAt);
    if (again!.kind === 'held') return granted(r.id, again!);
    if (again!.kind === 'refused') return refused(r.id, again!.error);
  }
  throw new AppError({ code: 'cart_busy', status: 409, message: 'The waitlist kept changing while the draw decided.' });
};

/** One run of lean requests of one session (in the seed's order), decided in one transaction. */
const decideRun = (db: Db, clientId: number, run: repo.DrawRequest[], holdMinutes: number) =>
  inTransaction(db, async (trx) => {
    const waiting = await repo.lockWaitingRequests(
      trx,
      run.map((r) => r.id),
    );
    const todo = run.filter((r) => waiting.has(r.id));
    const expiresAt = holds.holdExpiry(holdMinutes);
    const outcomes = todo.length ? await holds.claimManyIntoBaskets(trx, clientId, todo.map(wantOf), expiresAt) : [];
    const decisions: Decided[] = [];
    const full: repo.DrawRequest[] = [];
    let reserved = false;
    for (const [index, r] of todo.entries()) {
      const outcome = outcomes[index]!;
      if (outcome.kind === 'held') decisions.push(granted(r.id, outcome));
      else if (outcome.kind === 'refused') decisions.push(refused(r.id, outcome.error));
      else {
        reserved ||= outcome.kind === 'reserved';
        full.push(r);
      }
    }
    // Those who found it full, onto its waitlist in the seed's order; when a place came free in
    // between, one at a time (each tries the place again first).
    const joins = full.length
      ? await joinWaitlistInOrder(
          trx,
          clientId,
          full[0]!.occurrence_id,
          full.map((r) => ({ accountUserId: r.account_user_id, membershipUserId: r.membership_user_id })),
        )
      : [];
    for (const [index, r] of full.entries()) {
      const joined = joins[index]!;
      if ('position' in joined) decisions.push({ id: r.id, status: 'waitlisted', position: joined.position, reason: null });
      else if (joined.error.code !== 'waitlist_not_full') decisions.push(refused(r.id, joined.error));
      else decisions.push(await toWaitlist(trx, clientId, r, expiresAt));
    }
    await dropCover(
      trx,
      decisions.flatMap((d) => (d.uncover === undefined ? [] : [d.uncover])),
    );
    await repo.decideRequests(trx, decisions);
    return { decisions, reserved };
  });

/**
 * A run, again after contention (a lock wait over 3 s, a deadlock past the transaction's retries):
 * the whole run rolled back, so running it again decides each request once. Places kept for
 * waiters (`reserved`) get their promotion queued.
 */
export const grantRun = async (db: Db, clientId: number, run: repo.DrawRequest[], holdMinutes: number): Promise<Tally> => {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const { decisions, reserved } = await decideRun(db, clientId, run, holdMinutes);
      if (reserved) await holds.queuePromotions(db, [run[0]!.occurrence_id]);
      const count = (status: repo.Decision['status']) => decisions.filter((d) => d.status === status).length;
      return { decided: decisions.length, granted: count('granted'), waitlisted: count('waitlisted'), refused: count('refused') };
    } catch (error) {
      if (codeOf(holds.asBusy(error)) !== 'cart_busy') throw error;
      lastError = error;
    }
  }
  throw lastError;
};
