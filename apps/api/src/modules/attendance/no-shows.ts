import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import * as repo from './repository.ts';
import { escapeHtml, htmlLayout, queueEmail } from '../email/service.ts';
import { toMoney } from '@app/contract/rules/money';
import type { Language } from '../../lib/language.ts';
import { NO_SHOW_TEXTS } from './email-texts.ts';

/**
 * No-shows (docs/front-of-house.md "No-shows"): confirmed bookings of sessions that ended at least
 * `graceMinutes` ago (venue-local today or yesterday) with no check-in become no-shows, one row per
 * booking. The client's policy (`clients.no_show_limit` in `no_show_window_days`, demo 3 in 30) then
 * charges `no_show_fee_pence` (demo £2.00) as a `late_cancellation_fees` row with reason 'no_show' —
 * the late-cancellation mechanism, so it blocks online booking until paid — and emails the customer.
 * The count restarts after each fee: the 3rd no-show in 30 days is charged, the 6th again.
 * Only where attendance was being taken: a till of the session's venue was open when it started
 * (a day the desk did not use the till, or seeded and imported bookings, never make no-shows).
 * Idempotent: a booking is marked once (primary key), each in its own transaction with its fee and email.
 */

/** The fee's email, in the account holder's recorded language (issue 27). */
const feeEmail = (operator: string, firstName: string, limit: number, windowDays: number, fee: string, language: Language) => {
  const t = NO_SHOW_TEXTS[language];
  const subject = t.subject(fee);
  const lines = [t.hello(firstName), t.missed(limit, windowDays, fee), t.pay];
  return { subject, text: [...lines, '', operator].join('\n\n'), html: htmlLayout(operator, subject, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'), language) };
};

/** Marks one booking; answers whether it charged a fee. */
const markOne = (db: Db, row: repo.Candidate, policy: repo.Policy) =>
  inTransaction(db, async (trx) => {
    await repo.lockAccountNoShows(trx, row.account_user_id);
    const marked = await repo.insertNoShow(trx, row);
    if (!marked || policy.feePence <= 0) return false;
    if ((await repo.countTowardsFee(trx, row, policy.windowDays)) < policy.limit) return false;
    await repo.insertNoShowFee(trx, row, policy.feePence);
    const account = await repo.findAccountContact(trx, row.account_user_id);
    await queueEmail(trx, { clientId: row.client_id, kind: 'no-show-fee', to: account.email, ...feeEmail(policy.operator, account.first_name, policy.limit, policy.windowDays, toMoney(policy.feePence, policy.symbol).formatted, account.language) });
    return true;
  });

export const markNoShows = async (db: Db, { graceMinutes = 15 }: { graceMinutes?: number } = {}) => {
  const policies = new Map<number, repo.Policy>();
  let marked = 0;
  let fees = 0;
  for (const row of await repo.findUnmarked(db, graceMinutes)) {
    const policy = policies.get(row.client_id) ?? (await repo.policyOf(db, row.client_id));
    policies.set(row.client_id, policy);
    marked++;
    if (await markOne(db, row, policy)) fees++;
  }
  return { marked, fees };
};
