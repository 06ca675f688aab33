import type { Db } from '../../db/connect.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import { cartOwner } from '../basket/service.ts';
import * as repo from './repository.ts';

/** The client's terms a customer accepts at checkout (docs/checkout.md "Terms"). */

/** GET terms: the active terms; with `cart_id`, that cart must be the caller's (else 404). */
export const listTerms = async (db: Db, caller: Caller, cartId: number | undefined) => {
  if (cartId !== undefined) {
    const owner = await cartOwner(db, caller.clientId, cartId);
    if (!owner || owner.account_user_id !== caller.accountUserId) throw notFound('cart_not_found');
  }
  return repo.findTerms(db, caller.clientId);
};

/** Whether a required term of the client is missing from `termIds` (the completion's check). */
export const requiredTermMissing = async (db: Db, clientId: number, termIds: readonly number[] | undefined) => {
  const terms = await repo.findTerms(db, clientId);
  const accepted = new Set(termIds ?? []);
  return terms.some((t) => t.required && !accepted.has(t.id));
};
