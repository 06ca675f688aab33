import type { UpdateNoShowPolicyRequest } from '@app/contract/manage/settings';
import { toMoney } from '@app/contract/rules/money';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { unprocessable } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import type { Manager } from './manager.ts';

/**
 * The operator's settings a manager changes in the console (docs/operator-tools.md "Settings"):
 * the no-show policy (docs/front-of-house.md "No-shows"). A change is one transaction under the
 * client row's lock with its operator_changes row (from and to).
 */

type Policy = { limit: number; window_days: number; fee_pence: number };

const policyOf = (row: Awaited<ReturnType<typeof repo.findNoShowPolicy>>): Policy => ({ limit: row.no_show_limit, window_days: row.no_show_window_days, fee_pence: row.no_show_fee_pence });

export const noShowPolicy = async (db: Db, manager: Manager) => {
  const [row, changes] = await Promise.all([repo.findNoShowPolicy(db, manager.clientId), repo.policyChanges(db, manager.clientId, 10)]);
  const symbol = row.currency_symbol;
  const policy = policyOf(row);
  return {
    data: { ...policy, formatted_fee: toMoney(policy.fee_pence, symbol).formatted, currency_symbol: symbol },
    changes: changes.map((c) => {
      const detail = c.detail as { from: Policy; to: Policy };
      return { id: Number(c.id), from: detail.from, to: detail.to, by: { id: c.actor_id, name: c.actor_name }, created_at: new Date(c.created_at as unknown as Date).toISOString() };
    }),
  };
};

export const updateNoShowPolicy = async (db: Db, manager: Manager, to: UpdateNoShowPolicyRequest) => {
  await inTransaction(db, async (trx) => {
    const from = policyOf(await repo.findNoShowPolicy(trx, manager.clientId, true));
    if (from.limit === to.limit && from.window_days === to.window_days && from.fee_pence === to.fee_pence) {
      throw unprocessable('nothing_changed', 'Nothing was changed: the policy is already this.');
    }
    await repo.setNoShowPolicy(trx, manager.clientId, to);
    await repo.insertChange(trx, {
      client_id: manager.clientId,
      venue_id: null,
      occurrence_id: null,
      actor_user_id: manager.userId,
      action: 'no_show_policy_changed',
      reason: null,
      detail: { from, to: { limit: to.limit, window_days: to.window_days, fee_pence: to.fee_pence } },
    });
  });
  return noShowPolicy(db, manager);
};
