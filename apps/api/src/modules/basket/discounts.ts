import {
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_CUSTOMER_LIMIT_MESSAGE,
  DISCOUNT_EXPIRED_MESSAGE,
  DISCOUNT_INVALID_MESSAGE,
  DISCOUNT_NOT_APPLICABLE_MESSAGE,
  DISCOUNT_NOT_YET_MESSAGE,
  DISCOUNT_USED_UP_MESSAGE,
  discountPence,
  normaliseDiscountCode,
  type DiscountLine,
} from '@app/contract/cart/discount';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest } from '../../lib/errors.ts';
import { resolvePeople, type Caller, type PersonIds } from '../account/service.ts';
import * as repo from './repository.ts';
import { cartView } from './view.ts';

/**
 * Discount codes in the basket (issue 20, docs/discounts.md). A code is the operator's
 * (`discount_codes.client_id`); one code per open cart (`cart_discounts`), kept with the cart of
 * (customer, selected person) until removed, the basket cleared or the order completed. The cart
 * view takes it off the total (view.ts); the order spends one use in its own transaction
 * (`spendDiscount`): a conditional increment that never passes `max_uses`.
 */

/** Refusals at completion that void a card authorisation as a lost place does (orders/service.ts). */
export const DISCOUNT_REFUSALS: ReadonlySet<string> = new Set(['discount_expired', 'discount_used_up', 'discount_customer_limit', 'discount_not_yet_valid']);

/** Why `code` cannot be used by the caller now (a 400), or undefined. */
const refusal = async (db: Db, caller: Caller, code: repo.DiscountCodeRow) => {
  const now = Date.now();
  if (new Date(code.valid_from).getTime() > now) return badRequest('discount_not_yet_valid', DISCOUNT_NOT_YET_MESSAGE);
  if (code.valid_to !== null && new Date(code.valid_to).getTime() <= now) return badRequest('discount_expired', DISCOUNT_EXPIRED_MESSAGE);
  if (code.max_uses !== null && code.uses_count >= code.max_uses) return badRequest('discount_used_up', DISCOUNT_USED_UP_MESSAGE);
  if (code.max_uses_per_customer !== null && (await repo.countDiscountUses(db, code.id, caller.accountUserId)) >= code.max_uses_per_customer) {
    return badRequest('discount_customer_limit', DISCOUNT_CUSTOMER_LIMIT_MESSAGE);
  }
  return undefined;
};

/**
 * POST {checkout}/discount: the code typed (any case, spaces around it ignored) applied to the
 * selected person's open cart, replacing a code applied before. In one transaction with the cart
 * row locked (as a completion locks it): the code is stored, the cart read again, and when the
 * code takes nothing off what is in the basket, rolled back with a 400. Every refusal is a 400
 * with the message the basket shows (spec §8).
 */
export const applyDiscount = async (db: Db, caller: Caller, typed: string, ids: PersonIds) => {
  const { selected } = await resolvePeople(db, caller, ids);
  const code = normaliseDiscountCode(typed);
  // Anything a stored code could not be (another script, punctuation, too long) is not looked up.
  const found = DISCOUNT_CODE_PATTERN.test(code) ? await repo.findDiscountCode(db, caller.clientId, code) : undefined;
  if (!found) throw badRequest('discount_invalid', DISCOUNT_INVALID_MESSAGE);
  const refused = await refusal(db, caller, found);
  if (refused) throw refused;
  return inTransaction(db, async (trx) => {
    const open = await repo.findOpenCart(trx, caller.clientId, caller.accountUserId, selected.id);
    const cart = open && (await repo.lockCart(trx, caller.clientId, open.id));
    if (!open || !cart || cart.status !== 'open') throw badRequest('cart_empty', 'Your basket is empty.');
    await repo.setCartDiscount(trx, open.id, found.id);
    await repo.touchCart(trx, open.id);
    const view = await cartView(trx, caller, selected.id);
    if (!view.discount_total) throw badRequest('discount_not_applicable', DISCOUNT_NOT_APPLICABLE_MESSAGE);
    return view;
  });
};

/** DELETE {checkout}/discount: the selected person's open cart without its code (none: unchanged). */
export const removeDiscount = async (db: Db, caller: Caller, ids: PersonIds) => {
  const { selected } = await resolvePeople(db, caller, ids);
  const open = await repo.findOpenCart(db, caller.clientId, caller.accountUserId, selected.id);
  if (open) await clearForCart(db, open.id);
  return cartView(db, caller, selected.id);
};

/** The cart's code goes (clear basket: spec §4, totals reset). */
export const clearForCart = async (db: Db, cartId: number) => {
  await repo.deleteCartDiscount(db, cartId);
};

export type CheckoutDiscount = { codeId: number; code: string; description: string; amount: number };

/**
 * The discount of the cart being paid for, from its lines: undefined without a code or when it
 * takes nothing off; a 400 when the code can no longer be used (expired, used up, the
 * customer's limit reached), so the customer removes it and pays the full price knowingly.
 */
export const checkoutDiscount = async (db: Db, caller: Caller, cartId: number, lines: readonly DiscountLine[]): Promise<CheckoutDiscount | undefined> => {
  const code = await repo.findCartDiscountCode(db, cartId);
  if (!code) return undefined;
  const refused = await refusal(db, caller, code);
  if (refused) throw refused;
  const amount = discountPence(code, lines);
  return amount > 0 ? { codeId: code.id, code: code.code, description: code.description, amount } : undefined;
};

/**
 * In the order's transaction: one use of the code. The increment is conditional (never past
 * `max_uses`, never once expired) and holds the code's row lock until the order commits, so
 * parallel completions with the last use left queue there and only one gets it; the customer's
 * own count is read after the lock (a fresh snapshot sees every use committed before it). Any
 * refusal rolls the whole order back.
 */
export const spendDiscount = async (trx: Db, caller: Caller, orderId: number, discount: CheckoutDiscount) => {
  const row = await repo.takeDiscountUse(trx, discount.codeId);
  if (!row) {
    const code = await repo.findDiscountCodeById(trx, discount.codeId);
    throw code?.valid_to && new Date(code.valid_to).getTime() <= Date.now()
      ? badRequest('discount_expired', DISCOUNT_EXPIRED_MESSAGE)
      : badRequest('discount_used_up', DISCOUNT_USED_UP_MESSAGE);
  }
  if (row.max_uses_per_customer !== null && (await repo.countDiscountUses(trx, discount.codeId, caller.accountUserId)) >= row.max_uses_per_customer) {
    throw badRequest('discount_customer_limit', DISCOUNT_CUSTOMER_LIMIT_MESSAGE);
  }
  await repo.recordDiscountUse(trx, { codeId: discount.codeId, accountUserId: caller.accountUserId, orderId, amount: discount.amount });
};

