import { MANDATE_LINK_EXPIRED_MESSAGE, MANDATE_LINK_UNKNOWN_MESSAGE, MANDATE_LINK_USED_MESSAGE, type MandateLinkDoneDto, type MandateLinkDto } from '@app/contract/memberships/mandate-link';
import type { JoinMandateRequest } from '@app/contract/memberships/online-joining';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, forbidden, unprocessable } from '../../lib/errors.ts';
import * as email from '../email/service.ts';
import * as payments from '../payments/service.ts';
import { cancelMandate, confirmation, mandateReference } from './join.ts';
import { scheduleCollection } from './collections.ts';
import { quoteDto } from './quote.ts';
import * as repo from './repository.ts';
import { hashLinkToken } from './till-sale.ts';
import { queueAgreementEmail, soldQuote } from './views.ts';

/**
 * The emailed Direct Debit link of a membership sold at the till (issue 24; docs/memberships.md
 * "Sold at the till"). The token is the credential: whoever holds the link (sent to the account's
 * address) gives the bank details; a logged-in customer of another account is refused (403). The
 * link works once (the row is locked while the mandate is made, and marked used with it) and
 * until it expires. The same modulus check and directdebit provider as the online join's step.
 */
export type MandateLinkDeps = { directDebit: payments.DirectDebitProvider; publicUrl: string; now?: Date };

const gone = (code: string, message: string) => new AppError({ code, status: 410, message, errors: { token: [message] } });
const unknownLink = () => new AppError({ code: 'mandate_link_unknown', status: 404, message: MANDATE_LINK_UNKNOWN_MESSAGE, errors: { token: [MANDATE_LINK_UNKNOWN_MESSAGE] } });

/** The link's membership, or 404 (unknown), 410 (used, expired), 403 (another customer logged in). */
const usableLink = async (db: Db, clientId: number, token: string, viewer: number | null, now: Date, lock = false) => {
  const link = await repo.findMandateLink(db, clientId, hashLinkToken(token), lock);
  if (!link) throw unknownLink();
  const m = (await repo.findMembership(db, clientId, link.membership_id, lock))!;
  if (viewer !== null && viewer !== m.account_user_id) throw forbidden();
  if (link.used_at || m.status !== 'awaiting_mandate') throw gone('mandate_link_used', MANDATE_LINK_USED_MESSAGE);
  if (new Date(link.expires_at).getTime() <= now.getTime()) throw gone('mandate_link_expired', MANDATE_LINK_EXPIRED_MESSAGE);
  return { link, m };
};

/** GET online-joining/mandate-links/{token}: what the member is setting up. */
export const getMandateLink = async (db: Db, clientId: number, token: string, viewer: number | null, now = new Date()): Promise<MandateLinkDto> => {
  const { link, m } = await usableLink(db, clientId, token, viewer, now);
  const plan = await repo.findPlanAnyway(db, m.plan_id);
  const client = await repo.findClient(db, clientId);
  return {
    membership_number: m.reference,
    plan: { id: m.plan_id, name: m.plan_name },
    venue: { slug: m.venue_slug, name: m.venue_name },
    person: { first_name: m.first_name, last_name: m.last_name },
    quote: quoteDto(soldQuote(m, plan), plan.id, m.venue_slug, client.currency_symbol),
    expires_at: new Date(link.expires_at).toISOString(),
  };
};

/** POST online-joining/mandate-links/{token}/mandate: the mandate, the membership active, the first Direct Debit scheduled, the agreement emailed. */
export const completeMandateLink = async (db: Db, clientId: number, token: string, viewer: number | null, body: JoinMandateRequest, deps: MandateLinkDeps): Promise<MandateLinkDoneDto> => {
  const now = deps.now ?? new Date();
  const { m: first } = await usableLink(db, clientId, token, viewer, now);
  const { sortCode, accountNumber } = payments.normaliseBankDetails(body.sort_code, body.account_number);
  if (!payments.modulusCheck(sortCode, accountNumber).valid) {
    const message = 'The sort code and account number do not match. Check them against your bank card or statement.';
    throw unprocessable('bank_details_invalid', message, { account_number: [message] });
  }
  const result = await deps.directDebit.createMandate(db, { clientId, holderName: body.account_holder_name, sortCode, accountNumber });
  const outcome = await inTransaction(db, async (trx) => {
    const mandateId = await repo.insertMandate(trx, {
      client_id: clientId,
      account_user_id: first.account_user_id,
      provider: deps.directDebit.name,
      billing_request_ref: result.billingRequestRef,
      mandate_ref: result.mandateRef,
      reference: mandateReference(),
      status: result.status,
      account_holder_name: body.account_holder_name.trim(),
      account_number_ending: result.accountNumberEnding,
      failure_reason: result.failureReason,
    });
    await repo.insertEvents(trx, mandateId, null, result.events);
    if (result.status === 'failed') return { mandateId, refused: null };
    // Locked: the same link submitted twice at once makes one mandate; the other is cancelled.
    let m;
    let link;
    try {
      ({ m, link } = await usableLink(trx, clientId, token, viewer, now, true));
    } catch (error) {
      if (error instanceof AppError) return { mandateId, refused: error };
      throw error;
    }
    const plan = await repo.findPlanAnyway(trx, m.plan_id);
    const q = soldQuote(m, plan);
    await repo.activateWithMandate(trx, m.id, mandateId);
    if (q.firstCollection) await scheduleCollection(trx, m.id, mandateId, q.firstCollection.date, q.firstCollection.amount);
    await repo.setMandateLinkUsed(trx, link.id, now);
    const caller = { clientId, accountUserId: m.account_user_id };
    const [account, client] = await Promise.all([repo.findAccount(trx, clientId, m.account_user_id), repo.findClient(trx, clientId)]);
    const view = await confirmation(trx, caller, m.id, { now }, account.language);
    await queueAgreementEmail(trx, {
      clientId,
      to: account.email,
      firstName: account.first_name,
      agreement: view.agreement,
      number: m.reference,
      planName: m.plan_name,
      accountLink: email.accountUrl(deps.publicUrl, '/memberships'),
      operator: client.name,
      language: account.language,
    });
    const mandate = (await repo.findMandate(trx, mandateId))!;
    const dto = quoteDto(q, plan.id, m.venue_slug, client.currency_symbol);
    const done: MandateLinkDoneDto = {
      membership_number: m.reference,
      plan: { id: m.plan_id, name: m.plan_name },
      status: 'active',
      mandate: { status: mandate.status, reference: mandate.reference, account_number_ending: mandate.account_number_ending, account_holder_name: mandate.account_holder_name },
      first_collection: dto.first_collection,
      emailed_to: account.email,
    };
    return { mandateId, refused: null, done };
  });
  if (result.status === 'failed') {
    const field = result.failureReason === 'bank_not_found' ? 'sort_code' : 'account_number';
    const message = field === 'sort_code' ? 'Your bank could not be found for this sort code. Check it, or use another account.' : 'Your bank could not set up this Direct Debit. Check the details, or use another account.';
    throw unprocessable('mandate_failed', message, { [field]: [message] });
  }
  if (outcome.refused || !outcome.done) {
    // Another submission of the link won: this mandate is cancelled at the provider.
    await cancelMandate(db, outcome.mandateId, deps);
    throw outcome.refused ?? gone('mandate_link_used', MANDATE_LINK_USED_MESSAGE);
  }
  return outcome.done;
};
