import type { Db } from '../../db/connect.ts';
import type { RecordedTender } from '../../db/schema.ts';
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

/**
 * A membership's payment taken at the till (issue 24; docs/memberships.md "Sold at the till"):
 * the order (source front-of-house, the staff member) and one payment per tender, in the
 * caller's transaction with the membership and the till's sale entries.
 */
export const recordMembershipTillPayment = async (
  trx: Db,
  caller: Caller,
  input: { membershipUserId: number; lines: readonly { tender_type: RecordedTender; amount_pence: number }[]; source: string; staffUserId: number },
) => {
  const order = await repo.insertOrder(trx, {
    clientId: caller.clientId,
    accountUserId: caller.accountUserId,
    membershipUserId: input.membershipUserId,
    cartId: null,
    kind: 'membership',
    reference: reference(),
    source: input.source,
    total: input.lines.reduce((s, l) => s + l.amount_pence, 0),
    transactionUuid: null,
    idempotencyKey: null,
    staffUserId: input.staffUserId,
  });
  await repo.insertPayments(trx, input.lines.map((l) => ({ order_id: order.id, tender_type: l.tender_type, amount_pence: l.amount_pence, transaction_uuid: null })));
  return order;
};
