import type { Db } from '../../db/connect.ts';
import { AppError } from '../../lib/errors.ts';
import * as courses from '../courses/service.ts';

/**
 * Expired holds are not charged (issue 22, docs/holds.md "Expired items and the total"): the
 * basket's total counts held items only, so authorise and complete refuse a basket with an item
 * whose hold ran out (hold it again or remove it) rather than charge more than the total shown.
 * A hold that runs out after its card payment was authorised is still taken again by complete.
 */
export const holdExpiredMessage = (names: readonly string[]) =>
  `Your hold on ${names.join(', ')} has run out. Hold it again or remove it from your basket, then pay.`;

export const assertNothingExpired = async (db: Db, cartId: number, sessionItems: readonly { name: string; held: boolean }[]) => {
  const expired = [...sessionItems.filter((i) => !i.held).map((i) => i.name), ...(await courses.expiredCourseNames(db, cartId))];
  if (expired.length) throw new AppError({ code: 'cart_item_expired', status: 409, message: holdExpiredMessage(expired), errors: { items: expired } });
};
