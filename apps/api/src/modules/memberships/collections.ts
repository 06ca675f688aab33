import { COLLECTION_LEAD_WORKING_DAYS, firstOfMonth, londonDate, settlementDay, workingDaysBefore } from '@app/contract/rules/join-quote';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { accountUrl } from '../email/service.ts';
import type * as payments from '../payments/service.ts';
import { moneyOf } from './quote.ts';
import * as repo from './repository.ts';
import { queueArrearsEmail } from './views.ts';

/**
 * Direct Debit collections (issue 23; docs/memberships.md "Collections"): one per membership and
 * month, created at the provider 3 working days before its 1st and settled on the day (the next
 * working day when the 1st is not one). Paid: the next month is scheduled. Failed: the membership
 * is in arrears, the member is emailed, and booking is blocked until it is paid by card.
 */
export type CollectionDeps = { directDebit: payments.DirectDebitProvider; publicUrl: string; now?: Date };

export const scheduleCollection = (trx: Db, membershipId: number, mandateId: number, due: string, amount: number) =>
  repo.insertCollections(trx, [
    { membership_id: membershipId, mandate_id: mandateId, due_on: due, create_on: workingDaysBefore(due, COLLECTION_LEAD_WORKING_DAYS), charge_date: settlementDay(due), amount_pence: amount },
  ]);

const BATCH = 50;

/** The job: ends memberships past their last day, cancels abandoned joins' mandates, creates and settles due collections. Answers what it did. */
export const runCollections = async (db: Db, deps: CollectionDeps) => {
  const today = londonDate(deps.now ?? new Date());
  const done = { ended: 0, abandoned: 0, created: 0, paid: 0, failed: 0 };
  done.ended = await repo.endMembershipsPast(db, today);
  for (const j of await repo.findAbandonedJoinMandates(db, 24)) {
    await inTransaction(db, async (trx) => {
      const events = await deps.directDebit.cancelMandate(trx, j.mandate_ref);
      await repo.setMandateStatus(trx, j.mandate_id, 'cancelled');
      await repo.insertEvents(trx, j.mandate_id, null, events);
    });
    done.abandoned++;
  }
  for (;;) {
    const handled = await inTransaction(db, async (trx) => {
      const due = await repo.findDueCollections(trx, today, BATCH);
      for (const c of due) await settleOne(trx, c, today, deps, done);
      return due.length;
    });
    if (handled < BATCH) break;
  }
  return done;
};

const settleOne = async (trx: Db, c: repo.CollectionRow, today: string, deps: CollectionDeps, done: { created: number; paid: number; failed: number }) => {
  const mandate = (await repo.findMandate(trx, c.mandate_id))!;
  let status = c.status;
  let paymentRef = c.payment_ref;
  if (status === 'scheduled') {
    const state = await deps.directDebit.mandateStatus(trx, mandate.mandate_ref);
    if (state.events.length) {
      await repo.setMandateStatus(trx, mandate.id, state.status);
      await repo.insertEvents(trx, mandate.id, null, state.events);
    }
    if (state.status !== 'active') {
      await repo.setCollection(trx, c.id, { status: 'cancelled', failure_reason: `mandate_${state.status}` });
      return;
    }
    const created = await deps.directDebit.createPayment(trx, { mandateRef: mandate.mandate_ref, amountPence: c.amount_pence, chargeDate: c.charge_date });
    paymentRef = created.paymentRef;
    status = 'pending_submission';
    await repo.setCollection(trx, c.id, { status, payment_ref: paymentRef });
    await repo.insertEvents(trx, mandate.id, c.id, created.events);
    done.created++;
  }
  const settled = await deps.directDebit.settlePayment(trx, paymentRef!, today);
  await repo.insertEvents(trx, mandate.id, c.id, settled.events);
  if (settled.status === 'submitted') {
    if (status !== 'submitted') await repo.setCollection(trx, c.id, { status: 'submitted' });
    return;
  }
  const m = (await repo.findMembership(trx, await repo.findMembershipClient(trx, c.membership_id), c.membership_id, true))!;
  if (settled.status === 'confirmed') {
    await repo.setCollection(trx, c.id, { status: 'paid' });
    done.paid++;
  } else {
    await repo.setCollection(trx, c.id, { status: 'failed', failure_reason: settled.reason });
    if (m.status === 'active') await repo.setMembership(trx, m.id, { status: 'arrears' });
    const [account, client] = await Promise.all([repo.findAccount(trx, m.client_id, m.account_user_id), repo.findClient(trx, m.client_id)]);
    await queueArrearsEmail(trx, {
      clientId: m.client_id,
      to: account.email,
      firstName: account.first_name,
      planName: m.plan_name,
      number: m.reference,
      amount: moneyOf(c.amount_pence, client.currency_symbol).formatted,
      due: c.due_on,
      accountLink: accountUrl(deps.publicUrl, `/memberships/${m.id}`),
      operator: client.name,
      language: account.language,
    });
    done.failed++;
  }
  // The next month, unless the membership ends before it.
  const next = firstOfMonth(c.due_on, 1);
  if (m.status !== 'cancelled' && (m.ends_on === null || m.ends_on >= next)) {
    await scheduleCollection(trx, m.id, mandate.id, next, m.price_pence);
    await repo.setMembership(trx, m.id, { renews_on: next });
  }
};
