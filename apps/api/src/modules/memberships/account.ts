import type { CheckoutAuthoriseDto } from '@app/contract/checkout/authorise';
import type { ArrearsAuthoriseRequest, CancelPreviewDto, MembershipDetailDto } from '@app/contract/memberships/membership-account';
import { cancelPlan, londonDate, longDate, withinMinimumTerm } from '@app/contract/rules/join-quote';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import type { Caller } from '../account/service.ts';
import * as orders from '../orders/service.ts';
import * as payments from '../payments/service.ts';
import { cancelMandate, type JoinDeps } from './join.ts';
import { longDateIn } from './email-texts.ts';
import { moneyOf } from './quote.ts';
import * as repo from './repository.ts';
import { agreementOf, detailDto, soldQuote } from './views.ts';

/**
 * A membership in My account (issue 23): its view and agreement, cancelling (cooling-off: full
 * refund and the mandate cancelled; after: one month's notice from the next collection; a
 * 12-month term refused online), and arrears paid by card (booking unblocks).
 */
const own = async (db: Db, caller: Caller, membershipId: number, lock = false) => {
  const m = await repo.findMembership(db, caller.clientId, membershipId, lock);
  if (!m) throw notFound('membership_not_found');
  if (m.account_user_id !== caller.accountUserId) throw forbidden();
  return m;
};

export const membershipDetail = async (db: Db, caller: Caller, membershipId: number, language: Language = DEFAULT_LANGUAGE): Promise<MembershipDetailDto> => {
  const m = await own(db, caller, membershipId);
  return detailDto(db, m, (await repo.findClient(db, caller.clientId)).currency_symbol, language);
};

/** The agreement page, in the page's `language` (issue 27). */
export const membershipAgreement = async (db: Db, caller: Caller, membershipId: number, language: Language = DEFAULT_LANGUAGE) => {
  const m = await own(db, caller, membershipId);
  const [plan, client, mandate] = await Promise.all([repo.findPlanAnyway(db, m.plan_id), repo.findClient(db, caller.clientId), m.mandate_id ? repo.findMandate(db, m.mandate_id) : Promise.resolve(undefined)]);
  return agreementOf(
    { q: soldQuote(m, plan), clientName: client.name, planName: m.plan_name, number: m.reference, venueName: m.venue_name, person: `${m.first_name} ${m.last_name}`, symbol: client.currency_symbol, mandate, atTill: m.sold_by_staff_user_id !== null },
    language,
  );
};

/**
 * What cancelling on `today` does. Its dates' `text` in `language` (issue 27); its sentences stay
 * English here and the Welsh request's answer gets them through the messages catalogue
 * (lib/messages/success.ts), as the error handler does for the refusals built from them.
 */
const previewOf = async (db: Db, m: repo.MembershipRow, today: string, symbol: string, clientName: string, language: Language = DEFAULT_LANGUAGE): Promise<CancelPreviewDto> => {
  const dated = (date: string) => ({ date, text: longDateIn(date, language) });
  if (m.status === 'cancelled' || (m.ends_on && m.billing === 'monthly')) {
    return { allowed: false, kind: 'already_cancelled', message: m.ends_on ? `This membership is cancelled: it ends on ${longDate(m.ends_on)}.` : 'This membership is cancelled.', ends_on: null, last_collection: null, refund: null, how_to_cancel: null };
  }
  const coolingOffEndsOn = m.cooling_off_ends_on ?? m.started_on;
  const plan = cancelPlan({ billing: m.billing, today, coolingOffEndsOn, firstCollection: m.first_collection_on, paidTo: m.ends_on ?? today });
  if (plan.kind !== 'cooling_off' && m.billing === 'monthly' && withinMinimumTerm(m.minimum_term_ends_on, today)) {
    const message = `This membership has a 12-month minimum term that ends on ${longDate(m.minimum_term_ends_on!)}, so it can't be cancelled online before then.`;
    return { allowed: false, kind: 'minimum_term', message, ends_on: null, last_collection: null, refund: null, how_to_cancel: `To end it early (for example if you move away or for medical reasons), speak to the team at ${m.venue_name} or contact ${clientName}.` };
  }
  if (plan.kind === 'cooling_off') {
    const refund = await paidSoFar(db, m);
    return { allowed: true, kind: 'cooling_off', message: `You are within the 14-day cooling-off period (until ${longDate(coolingOffEndsOn)}): the membership ends today and everything you have paid, ${moneyOf(refund, symbol).formatted}, is refunded. The Direct Debit is cancelled.`, ends_on: dated(plan.endsOn), last_collection: null, refund: moneyOf(refund, symbol), how_to_cancel: null };
  }
  if (plan.kind === 'annual_end') {
    return { allowed: true, kind: 'annual_end', message: `Your membership is paid up to ${longDate(plan.endsOn)}: it ends then and will not renew. Nothing is refunded after the cooling-off period.`, ends_on: dated(plan.endsOn), last_collection: null, refund: null, how_to_cancel: null };
  }
  return {
    allowed: true,
    kind: 'notice',
    message: `One month's notice from your next Direct Debit: the last Direct Debit is ${moneyOf(m.price_pence, symbol).formatted} on ${longDate(plan.lastCollection!)}, and your membership ends on ${longDate(plan.endsOn)}.`,
    ends_on: dated(plan.endsOn),
    last_collection: { date: dated(plan.lastCollection!), amount: moneyOf(m.price_pence, symbol) },
    refund: null,
    how_to_cancel: null,
  };
};

/** Everything paid for a membership: the join's card payment and the Direct Debits collected. */
const paidSoFar = async (db: Db, m: repo.MembershipRow) => {
  const collections = await repo.findCollections(db, m.id);
  const card = m.join_transaction_uuid ? ((await payments.findAttempt(db, m.client_id, m.join_transaction_uuid))?.amount_pence ?? 0) : 0;
  return card + collections.filter((c) => c.status === 'paid' || c.status === 'paid_by_card').reduce((s, c) => s + c.amount_pence, 0);
};

export const cancelPreview = async (db: Db, caller: Caller, membershipId: number, language: Language = DEFAULT_LANGUAGE, now = new Date()) => {
  const m = await own(db, caller, membershipId);
  const client = await repo.findClient(db, caller.clientId);
  return previewOf(db, m, londonDate(now), client.currency_symbol, client.name, language);
};

/** POST …/cancel with the end date the customer was shown; the membership it answers with in `language`. */
export const cancelMembership = async (db: Db, caller: Caller, membershipId: number, endsOn: string, deps: JoinDeps, language: Language = DEFAULT_LANGUAGE): Promise<{ data: MembershipDetailDto; message: string }> => {
  const today = londonDate(deps.now ?? new Date());
  const client = await repo.findClient(db, caller.clientId);
  const result = await inTransaction(db, async (trx) => {
    const m = await own(trx, caller, membershipId, true);
    const preview = await previewOf(trx, m, today, client.currency_symbol, client.name);
    if (!preview.allowed) {
      const field = { membership: [preview.message] };
      throw new AppError({ code: preview.kind === 'minimum_term' ? 'minimum_term' : 'membership_already_cancelled', status: 409, message: preview.message, errors: field });
    }
    if (preview.ends_on!.date !== endsOn) throw new AppError({ code: 'cancel_changed', status: 409, message: `${preview.message} Please check and confirm again.`, errors: { ends_on: [preview.message] } });
    if (preview.kind === 'cooling_off') {
      // Full refund: the join's card payment and every Direct Debit collected; the mandate cancelled.
      if (m.join_transaction_uuid) {
        const tx = await payments.findAttempt(trx, m.client_id, m.join_transaction_uuid);
        if (tx?.status === 'completed') await payments.refundAttempt(trx, tx.uuid, 'membership_cooling_off', deps);
      }
      for (const c of await repo.findCollections(trx, m.id)) {
        if (c.status === 'paid' && c.payment_ref) {
          const events = await deps.directDebit.refundPayment(trx, c.payment_ref);
          await repo.setCollection(trx, c.id, { status: 'refunded' });
          await repo.insertEvents(trx, c.mandate_id, c.id, events);
        }
      }
      await cancelOpen(trx, m, null, deps);
      if (m.mandate_id) await cancelMandate(trx, m.mandate_id, deps);
      await repo.setMembership(trx, m.id, { status: 'cancelled', ends_on: today, renews_on: null, cancelled_at: new Date() });
    } else {
      await cancelOpen(trx, m, preview.last_collection?.date.date ?? preview.ends_on!.date, deps);
      await repo.setMembership(trx, m.id, { ends_on: preview.ends_on!.date, cancelled_at: new Date() });
    }
    return preview;
  });
  return { data: await membershipDetail(db, caller, membershipId, language), message: result.message };
};

/** Cancels the collections after `after` (all when null), at the provider too once created there. */
const cancelOpen = async (trx: Db, m: repo.MembershipRow, after: string | null, deps: JoinDeps) => {
  for (const c of await repo.cancelScheduledCollections(trx, m.id, after)) {
    if (c.payment_ref) await deps.directDebit.cancelPayment(trx, c.payment_ref);
  }
};

/* ---- Arrears ---- */

const noArrears = () => badRequest('no_arrears', 'Nothing is owed on this membership.');

export const authoriseArrears = async (db: Db, caller: Caller, membershipId: number, body: ArrearsAuthoriseRequest, deps: JoinDeps): Promise<CheckoutAuthoriseDto> => {
  const m = await own(db, caller, membershipId);
  const arrears = await repo.findArrears(db, caller.clientId, caller.accountUserId, m.id);
  const total = arrears.reduce((s, c) => s + c.amount_pence, 0);
  if (total === 0) throw noArrears();
  const client = await repo.findClient(db, caller.clientId);
  if (body.amount !== total) {
    const message = `You now owe ${moneyOf(total, client.currency_symbol).formatted}. Please check the amount and pay again.`;
    throw new AppError({ code: 'amount_changed', status: 409, message, errors: { amount: [message] } });
  }
  return payments.authoriseCard(db, caller, body, deps, {
    amountPence: total,
    merchant: async () => client.name,
    returnUrl: body.return_path ?? `/memberships/${m.id}`,
    membershipUserId: m.membership_user_id,
    cartId: null,
    purpose: 'membership',
    idempotencyKey: null,
    request: { membership_id: m.id, collection_ids: arrears.map((c) => c.id) },
  });
};

/** POST …/arrears/pay; the membership it answers with in `language`. */
export const payArrears = async (db: Db, caller: Caller, membershipId: number, transactionUuid: string, deps: JoinDeps, language: Language = DEFAULT_LANGUAGE) => {
  let attempt = await payments.findAttempt(db, caller.clientId, transactionUuid);
  const request = attempt?.request as { membership_id?: number; collection_ids?: number[] } | undefined;
  if (!attempt || attempt.account_user_id !== caller.accountUserId || request?.membership_id !== membershipId) throw notFound('transaction_not_found');
  if (attempt.order_id) return { data: await membershipDetail(db, caller, membershipId, language), message: 'Your membership is paid up. You can book again.' };
  attempt = await payments.settleAttempt(db, attempt, deps);
  const refused = await inTransaction(db, async (trx) => {
    const m = await own(trx, caller, membershipId, true);
    const arrears = await repo.findArrears(trx, caller.clientId, caller.accountUserId, m.id, true);
    const ids = arrears.map((c) => c.id).sort((a, b) => a - b).join();
    if (!arrears.length || ids !== [...(request!.collection_ids ?? [])].sort((a, b) => a - b).join()) return noArrears();
    const tx = (await payments.findAttempt(trx, caller.clientId, attempt.uuid, true))!;
    const order = await orders.recordMembershipPayment(trx, caller, { membershipUserId: m.membership_user_id, attempt: tx, source: 'my-account' }, deps);
    for (const c of arrears) await repo.setCollection(trx, c.id, { status: 'paid_by_card', order_id: order.id });
    if (m.status === 'arrears') await repo.setMembership(trx, m.id, { status: 'active' });
    return null;
  });
  if (refused) {
    await payments.voidAttempt(db, attempt.uuid, refused.code, deps);
    throw refused;
  }
  return { data: await membershipDetail(db, caller, membershipId, language), message: 'Your membership is paid up. You can book again.' };
};

/** The account's arrears in pence (booking is blocked while > 0). */
export const arrearsTotal = async (db: Db, caller: Caller) => (await repo.findArrears(db, caller.clientId, caller.accountUserId, null)).reduce((s, c) => s + c.amount_pence, 0);
