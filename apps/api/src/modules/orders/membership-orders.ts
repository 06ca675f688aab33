import type { Db } from '../../db/connect.ts';
import type { Caller } from '../account/service.ts';
import * as payments from '../payments/service.ts';
import { reference } from './requirements.ts';
import * as repo from './repository.ts';

/**
 * A membership's card payment as an order (issue 23; docs/memberships.md): today's payment of a
 * join, or arrears paid by card. The memberships module authorises through payments and calls
 * this in its own transaction, so the order, its card tender and the capture commit with the
 * membership (or the arrears settled) or not at all. The order has no lines: the account's
 * Payments list shows it with its total and card.
 */
export const recordMembershipPayment = async (
  trx: Db,
  caller: Caller,
  input: { membershipUserId: number; attempt: payments.CardAttempt; source: string },
  deps: payments.PaymentDeps,
) => {
  payments.assertAuthorised(input.attempt);
  const order = await repo.insertOrder(trx, {
    clientId: caller.clientId,
    accountUserId: caller.accountUserId,
    membershipUserId: input.membershipUserId,
    cartId: null,
    kind: 'membership',
    reference: reference(),
    source: input.source,
    total: input.attempt.amount_pence,
    transactionUuid: input.attempt.uuid,
    idempotencyKey: null,
    staffUserId: null,
  });
  await repo.insertPayments(trx, [{ order_id: order.id, tender_type: 'card', amount_pence: input.attempt.amount_pence, transaction_uuid: input.attempt.uuid }]);
  await payments.capture(trx, caller, input.attempt, order.id, deps);
  return order;
};
