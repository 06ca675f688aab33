import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { quoteDto } from './quote.ts';
import * as repo from './repository.ts';
import { sendMandateLink } from './till-sale.ts';
import { soldQuote } from './views.ts';

/**
 * A new Direct Debit link for a membership sold at the till whose member has not set up the
 * mandate (issue 24; docs/memberships.md "Sold at the till"): the link expired, the email went
 * astray, or the member asks at reception. Staff of the membership's operator only (another
 * operator's membership → 403). In one transaction with the membership row locked: the open
 * links close (they answer 'expired' from now), one new link is made and emailed to the
 * account's address, recording who sent it. Two presses at once send one link each, in turn;
 * only the last works.
 */
export const NOT_AWAITING_MANDATE_MESSAGE = 'This membership is not waiting for a Direct Debit: there is no link to send.';

export const resendMandateLink = async (
  db: Db,
  input: { clientId: number; membershipId: number; staffUserId: number },
  deps: { publicUrl: string; now?: Date },
): Promise<{ sentTo: string; expiresAt: Date }> => {
  const now = deps.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const m = await repo.findMembership(trx, input.clientId, input.membershipId, true);
    if (!m) throw forbidden();
    if (m.status !== 'awaiting_mandate') throw conflict('not_awaiting_mandate', NOT_AWAITING_MANDATE_MESSAGE);
    const plan = await repo.findPlanAnyway(trx, m.plan_id);
    const client = await repo.findClient(trx, input.clientId);
    const account = await repo.findAccount(trx, input.clientId, m.account_user_id);
    await repo.expireOpenMandateLinks(trx, m.id, now);
    return sendMandateLink(trx, {
      clientId: input.clientId,
      membershipId: m.id,
      number: m.reference,
      planName: m.plan_name,
      venueName: m.venue_name,
      operator: client.name,
      account,
      quote: quoteDto(soldQuote(m, plan), plan.id, m.venue_slug, client.currency_symbol),
      sentByStaffUserId: input.staffUserId,
      now,
      publicUrl: deps.publicUrl,
    });
  });
};
