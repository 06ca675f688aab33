import { CART_FULL_MESSAGE } from '@app/contract/cart/cart';
import type { Db } from '../../db/connect.ts';
import type { ActivityKind } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { badRequest, conflict, type AppError } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import { refusal } from './refusals.ts';
import * as repo from './repository.ts';

/**
 * Place claims (docs/holds.md): every hold, waitlist offer and booking of a place is a row of
 * `place_claims`, created only by `hold_place()` / `cart_add_item()` (db/sql/holds.sql) under the
 * occurrence's lock. This module holds, holds again, offers, releases, sweeps, turns claims into
 * bookings, and refuses an add from the committed state or from memory ("full" marks) first.
 */
export { asBusy, cartFull, limitRefusal } from './refusals.ts';
export { createFullMarks, type FullMarks } from './full-marks.ts';
export { decideAdd, NOT_OPEN_YET_MESSAGE, TICKET_NOT_AVAILABLE, type AddWanted, type UnsettledCaller } from './add.ts';

import type { HoldResult } from './repository.ts';

/** The occurrence a hold is for, as the add or the basket item names it. */
export type HoldTarget = { id: number; activity_id: number; kind: ActivityKind; starts_at: Date; allocation_strategy: string | null };

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
export const holdExpiry = minutesFromNow;

/** Promotion for occurrences whose free places were kept for their waitlist (a refused hold saw 'reserved'). */
export const queuePromotions = async (db: Db, occurrenceIds: Iterable<number>) => {
  for (const occurrenceId of occurrenceIds) await enqueue(db, 'promote-waitlist', { occurrenceId }, { jobKey: `promote-waitlist:${occurrenceId}` });
};

const systemAllocates = (occurrence: HoldTarget) => occurrence.kind === 'resource' && occurrence.allocation_strategy !== 'customer';

/**
 * Holds one place of `occurrence` for `membershipUserId` (or, for a court whose category lets
 * the system allocate, a free court at the same time). Returns the claim and the occurrence it
 * is on; throws the refusal. Must run inside the caller's transaction.
 */
export const hold = async (trx: Db, caller: Caller, occurrence: HoldTarget, membershipUserId: number, expiresAt: Date, reserved: Set<number>) => {
  const attempt = (occurrenceId: number) =>
    repo.holdPlace(trx, { occurrenceId, accountUserId: caller.accountUserId, membershipUserId, kind: 'hold', expiresAt });
  const first = await attempt(occurrence.id);
  if (first.outcome === 'held' || first.outcome === 'already_held') return { claimId: first.claim_id!, occurrenceId: occurrence.id };
  if (first.outcome === 'reserved') reserved.add(occurrence.id);
  if (first.outcome === 'full' && systemAllocates(occurrence)) {
    for (const alternative of await repo.findAlternativeOccurrences(trx, caller.clientId, occurrence)) {
      const next = await attempt(alternative.id);
      if (next.outcome === 'held' || next.outcome === 'already_held') return { claimId: next.claim_id!, occurrenceId: alternative.id };
    }
  }
  throw refusal(first.outcome);
};

/**
 * One basket item through cart_add_item() (hold, basket, item in one statement); for a court
 * whose category lets the system allocate, another free court at the same time when it is
 * taken. Answers the item, the occurrence held and whether the item was there already.
 */
export const claimIntoBasket = async (
  db: Db,
  caller: Caller,
  want: { selectedUserId: number; occurrence: HoldTarget; person: { id: number; first_name: string }; option: { id: number; price_pence: number } },
  expiresAt: Date,
  reserved: Set<number>,
) => {
  const attempt = (occurrenceId: number) =>
    repo.cartAddItem(db, {
      clientId: caller.clientId,
      accountUserId: caller.accountUserId,
      selectedUserId: want.selectedUserId,
      occurrenceId,
      membershipUserId: want.person.id,
      pricingOptionId: want.option.id,
      pricePence: want.option.price_pence,
      expiresAt,
    });
  const added = (result: { outcome: string; cart_item_id: number | null }, occurrenceId: number) => ({
    itemId: result.cart_item_id!,
    occurrenceId,
    existed: result.outcome === 'already_held',
  });
  const first = await attempt(want.occurrence.id);
  if (first.outcome === 'held' || first.outcome === 'already_held') return added(first, want.occurrence.id);
  if (first.outcome === 'reserved') reserved.add(want.occurrence.id);
  if (first.outcome === 'full' && systemAllocates(want.occurrence)) {
    for (const alternative of await repo.findAlternativeOccurrences(db, caller.clientId, want.occurrence)) {
      const next = await attempt(alternative.id);
      if (next.outcome === 'held' || next.outcome === 'already_held') return added(next, alternative.id);
    }
  }
  if (first.outcome === 'other_basket') {
    throw badRequest('held_in_another_basket', `${want.person.first_name} already has this session in another basket.`);
  }
  throw refusal(first.outcome);
};

/** What one row of a batch add came to: held (its item), full or reserved (the waitlist's case), or refused. */
export type BatchOutcome = { kind: 'held'; itemId: number; existed: boolean } | { kind: 'full' | 'reserved' } | { kind: 'refused'; error: AppError };

/**
 * Many one-item adds, each for its own account, decided one after the other in the order given in
 * one statement (cart_add_item(): hold_place() under the occurrence lock, the account's limits,
 * the account's open basket and the item), inside the caller's transaction. The accounts' locks
 * are taken first, in ascending order (repository.lockAccounts). For the release draw
 * (docs/release.md): no court allocation (the caller sends those through the ordinary add).
 */
export const claimManyIntoBaskets = async (
  trx: Db,
  clientId: number,
  wants: readonly (repo.BatchAdd & { firstName: string })[],
  expiresAt: Date,
): Promise<BatchOutcome[]> => {
  await repo.lockAccounts(
    trx,
    wants.map((w) => w.accountUserId),
  );
  const rows = await repo.cartAddItems(trx, clientId, wants, expiresAt);
  return rows.map((row, index): BatchOutcome => {
    if (row.outcome === 'held' || row.outcome === 'already_held') return { kind: 'held', itemId: row.cart_item_id!, existed: row.outcome === 'already_held' };
    if (row.outcome === 'full' || row.outcome === 'reserved') return { kind: row.outcome };
    if (row.outcome === 'other_basket') {
      return { kind: 'refused', error: badRequest('held_in_another_basket', `${wants[index]!.firstName} already has this session in another basket.`) };
    }
    return { kind: 'refused', error: refusal(row.outcome) };
  });
};

/**
 * A hold that expired during payment, taken again when the place is still free: answers the new
 * claim id, or null when the place is gone. Not subject to the account's limits (the customer
 * is paying for what the basket showed; docs/holds.md "Limits per account").
 */
export const retake = async (trx: Db, caller: Caller, item: { occurrence_id: number; purchased_for_user_id: number }, holdMinutes: number): Promise<number | null> => {
  const result = await repo.holdPlace(trx, {
    occurrenceId: item.occurrence_id,
    accountUserId: caller.accountUserId,
    membershipUserId: item.purchased_for_user_id,
    kind: 'hold',
    expiresAt: minutesFromNow(holdMinutes),
    limits: false,
  });
  if ((result.outcome !== 'held' && result.outcome !== 'already_held') || result.claim_id === null) return null;
  return result.claim_id;
};

/**
 * Holds a freed place as an offer for a waiting person (kind 'offer', hold_place() under the
 * occurrence lock), in the promotion's transaction. The basket puts it in their basket.
 */
export const offerPlace = (
  trx: Db,
  offer: { accountUserId: number; membershipUserId: number; occurrenceId: number; expiresAt: Date },
): Promise<HoldResult> =>
  repo.holdPlace(trx, { occurrenceId: offer.occurrenceId, accountUserId: offer.accountUserId, membershipUserId: offer.membershipUserId, kind: 'offer', expiresAt: offer.expiresAt });

/** Releases active holds and offers (never bookings); the trigger of migration 0010 queues the waitlist's promotion. */
export const release = (trx: Db, claimIds: readonly number[]) => repo.releaseClaims(trx, claimIds);

/**
 * The sweep (every minute): expired holds and offers are marked released in batches; the 0010
 * trigger lapses the offers' waitlist entries and queues promotion. Availability never waits for
 * it (expired claims are ignored at once, and hold_place() releases them itself).
 */
export const releaseExpiredClaims = async (db: Db, batch = 1000): Promise<number> => {
  let total = 0;
  for (;;) {
    const released = await inTransaction(db, (trx) => repo.releaseExpiredClaims(trx, batch));
    total += released;
    if (released < batch) return total;
  }
};

/**
 * Claims become bookings (kind 'booking', no expiry; one `bookings` row each, `claim_id` UNIQUE).
 * Answers the booking id per item id. Throws when a claim is no longer active (the caller's
 * transaction rolls back).
 */
export const bookClaims = async (
  trx: Db,
  caller: Caller,
  items: readonly { id: number; claim_id: number; occurrence_id: number; purchased_for_user_id: number; pricing_option_id: number; price_pence: number }[],
) => {
  const converted = new Set(await repo.convertClaims(trx, items.map((i) => i.claim_id)));
  if (converted.size !== items.length) throw conflict('cart_hold_lost', CART_FULL_MESSAGE);
  const rows = items.length
    ? await repo.insertBookings(
        trx,
        items.map((i) => ({
          client_id: caller.clientId,
          claim_id: i.claim_id,
          occurrence_id: i.occurrence_id,
          account_user_id: caller.accountUserId,
          membership_user_id: i.purchased_for_user_id,
          pricing_option_id: i.pricing_option_id,
          price_pence: i.price_pence,
        })),
      )
    : [];
  const byClaim = new Map(rows.map((r) => [Number(r.claim_id), r.id]));
  return new Map(items.map((i) => [i.id, byClaim.get(i.claim_id)!]));
};
