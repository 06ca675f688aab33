import { randomBytes } from 'node:crypto';
import { walkInNotForGuestsMessage } from '@app/contract/foh/walk-in';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { forbidden, unprocessable } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import * as repo from './repository.ts';

/**
 * Walk-in sales (issue 24; docs/front-of-house.md "Walk-in sales"): each till has one system
 * walk-in account whose basket is the till's walk-in basket. It is an ordinary customer account
 * to the basket, holds and orders (so capacity, holds and the till's records take the same paths
 * as every sale), but nobody can log in as it (its password is a hash of random bytes nobody
 * keeps, its address is on the reserved `.invalid` domain) and the customer search leaves it out.
 */
export type WalkIn = { till_id: number; account_user_id: number; membership_user_id: number; name: string };

/** The till's walk-in account, made the first time (under the till row's lock, so once); another operator's till → 403. */
export const walkInOfTill = async (db: Db, clientId: number, tillId: number): Promise<WalkIn> => {
  const found = await repo.findOfTill(db, clientId, tillId);
  if (found) return found;
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return inTransaction(db, async (trx) => {
    const till = await repo.lockTill(trx, clientId, tillId);
    if (!till) throw forbidden();
    const again = await repo.findOfTill(trx, clientId, tillId);
    if (again) return again;
    await repo.insertWalkIn(trx, { clientId, tillId, tillName: till.name, passwordHash });
    return (await repo.findOfTill(trx, clientId, tillId))!;
  });
};

/** The walk-in account's till, or undefined for a customer's own account. */
export const walkInOfAccount = (db: Db, clientId: number, accountUserId: number) => repo.findOfAccount(db, clientId, accountUserId);

/** The slugs of the categories a walk-in may be sold (the till lists only these). */
export const guestCategorySlugs = (db: Db, clientId: number) => repo.findGuestCategorySlugs(db, clientId);

export const walkInAccountIds = (db: Db, clientId: number) => repo.findAccountIds(db, clientId);

/** 422 when any of these occurrences' activities does not allow guests (named in the message). */
export const assertForGuests = async (db: Db, clientId: number, occurrenceIds: readonly (number | string)[]) => {
  const refused = await repo.findNotForGuests(db, clientId, occurrenceIds);
  if (refused.length === 0) return;
  const names = [...new Set(refused.map((r) => r.name))];
  throw unprocessable('not_for_guests', walkInNotForGuestsMessage(names), { items: [walkInNotForGuestsMessage(names)] });
};
