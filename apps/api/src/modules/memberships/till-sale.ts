import { createHash, randomBytes } from 'node:crypto';
import type { JoinQuoteDto } from '@app/contract/memberships/online-joining';
import { joinQuote, londonDate } from '@app/contract/rules/join-quote';
import { hostTakesSubdomains, sourcePathPrefix } from '@app/contract/rules/sources';
import type { Db } from '../../db/connect.ts';
import type { RecordedTender } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden, unprocessable } from '../../lib/errors.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import * as email from '../email/service.ts';
import * as orders from '../orders/service.ts';
import * as venues from '../venues/service.ts';
import { confirmation, membershipNumber } from './join.ts';
import { alreadyAMember, assertAgeBand, assertStartDate, planAtVenue, quoteDto, quotePlanOf } from './quote.ts';
import * as repo from './repository.ts';
import { queueAgreementEmail } from './views.ts';
import { MEMBERSHIP_TEXTS, longDateIn } from './email-texts.ts';

/**
 * A membership sold at the till (issue 24; docs/memberships.md "Sold at the till"). The front of
 * house checks the staff member, the till session and the customer's person; this module owns
 * the rule: the same join quote as online (no second implementation), the person's date of birth
 * from the account, the membership, its order and the mandate link — in one transaction with the
 * till's records (the caller's `onPaid` hook writes them), once per person and plan (the person's
 * row is locked; a second sale finds the first).
 *
 * A monthly plan waits for its Direct Debit ('awaiting_mandate'): the member gets an email with a
 * link (mandate-link.ts) and gives their bank details themselves. Annual upfront: active at once,
 * the agreement emailed as online.
 */

/** How long the emailed Direct Debit link works. */
export const MANDATE_LINK_DAYS = 7;

export type TillSaleInput = {
  clientId: number;
  accountUserId: number;
  personId: number;
  planId: number;
  /** The till's venue (slug). */
  venue: string;
  startDate: string;
  staffUserId: number;
};

export type TillTenderLine = { tender_type: RecordedTender; amount_pence: number };

/** `path` on the online-joining site of the public address (as email's accountUrl does for My account). */
export const joiningUrl = (publicUrl: string, path: string) => {
  const base = new URL(publicUrl);
  if (hostTakesSubdomains(base.hostname)) {
    base.hostname = `online-joining.${base.hostname.replace(/^(bookings|my-account|online-joining|foh)\./, '')}`;
    return new URL(path, base).toString();
  }
  return new URL(`${sourcePathPrefix('online-joining')}${path}`, base).toString();
};

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

const dobRequired = () => {
  const message = "There is no date of birth on this person's record: add it before selling a membership.";
  return unprocessable('date_of_birth_required', message, { membership_user_id: [message] });
};

/** The plan (sold at the till's venue), the person (with a date of birth) and the quote, checked. */
const quoteFor = async (db: Db, input: TillSaleInput, venueId: number, now: Date, lock = false) => {
  const plan = await planAtVenue(db, input.clientId, input.planId, venueId);
  const person = await repo.findPerson(db, input.clientId, input.accountUserId, input.personId, lock);
  if (!person) throw forbidden();
  const today = londonDate(now);
  assertStartDate(input.startDate, today);
  if (!person.date_of_birth) throw dobRequired();
  assertAgeBand(plan, person.date_of_birth, input.startDate);
  return { plan, person, today, q: joinQuote(quotePlanOf(plan), input.startDate, today) };
};

/** The quote at the till: the same server-side join quote as every screen. */
export const tillQuote = async (db: Db, input: TillSaleInput, now = new Date()): Promise<JoinQuoteDto> => {
  const venue = await venues.getVenue(db, input.clientId, input.venue);
  const { plan, q } = await quoteFor(db, input, venue.id, now);
  const client = await repo.findClient(db, input.clientId);
  return quoteDto(q, plan.id, venue.slug, client.currency_symbol);
};

export type TillSaleDeps = { publicUrl: string; now?: Date };

export type TillSale = {
  membershipId: number;
  membershipNumber: string;
  status: 'active' | 'awaiting_mandate';
  plan: { id: number; name: string };
  person: { id: number; first_name: string; last_name: string };
  quote: JoinQuoteDto;
  orderReference: string | null;
  mandateLink: { sentTo: string; expiresAt: Date } | null;
};

/** The Direct Debit link email, in the account holder's language (issue 27). */
const linkEmail = (input: { firstName: string; planName: string; number: string; link: string; expiresOn: string; q: JoinQuoteDto; operator: string; venueName: string; language: Language }) => {
  const t = MEMBERSHIP_TEXTS[input.language];
  const first = input.q.first_collection ? longDateIn(input.q.first_collection.date.date, input.language) : '';
  const lines = [
    t.hello(input.firstName),
    '',
    t.mandateLink.thanks(input.planName, input.venueName, input.number),
    t.mandateLink.setUp(input.q.monthly.formatted, first),
    input.link,
    t.mandateLink.works(longDateIn(input.expiresOn, input.language)),
  ];
  const html = email.htmlLayout(
    input.operator,
    t.mandateLink.title,
    `<p>${email.escapeHtml(lines[0]!)}</p>` +
      `<p>${email.escapeHtml(lines[2]!)}</p><p>${email.escapeHtml(lines[3]!)}</p>` +
      `<p><a href="${email.escapeHtml(input.link)}">${email.escapeHtml(t.mandateLink.link)}</a></p><p>${email.escapeHtml(lines[5]!)}</p>`,
    input.language,
  );
  return { subject: t.mandateLink.subject(input.planName, input.number), text: lines.join('\n'), html };
};

/**
 * A new single-use Direct Debit link for a membership waiting for its mandate, emailed to the
 * account's address: only its hash is kept, with its expiry and who sent it (null: the sale).
 */
export const sendMandateLink = async (
  trx: Db,
  input: {
    clientId: number;
    membershipId: number;
    number: string;
    planName: string;
    venueName: string;
    operator: string;
    account: { email: string; first_name: string; language?: Language };
    quote: JoinQuoteDto;
    sentByStaffUserId: number | null;
    now: Date;
    publicUrl: string;
  },
): Promise<{ sentTo: string; expiresAt: Date }> => {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + MANDATE_LINK_DAYS * 86_400_000);
  await repo.insertMandateLink(trx, {
    client_id: input.clientId,
    membership_id: input.membershipId,
    token_hash: hashLinkToken(token),
    expires_at: expiresAt,
    sent_by_staff_user_id: input.sentByStaffUserId,
  });
  const body = linkEmail({
    firstName: input.account.first_name,
    planName: input.planName,
    number: input.number,
    link: joiningUrl(input.publicUrl, `/join/direct-debit/${token}`),
    expiresOn: londonDate(expiresAt),
    q: input.quote,
    operator: input.operator,
    venueName: input.venueName,
    language: input.account.language ?? DEFAULT_LANGUAGE,
  });
  await email.queueEmail(trx, { clientId: input.clientId, kind: 'membership-mandate-link', to: input.account.email, ...body });
  return { sentTo: input.account.email, expiresAt };
};

/**
 * Sells the membership: checks the quote again in the transaction, the tenders against today's
 * total, writes the join record, the membership, the order and its payments, calls `onPaid` (the
 * till's entries) and queues the link (monthly) or the agreement (annual) email.
 */
export const sellAtTill = async (
  db: Db,
  input: TillSaleInput,
  tenders: { lines: readonly TillTenderLine[]; onPaid: (trx: Db, orderId: number) => Promise<void> },
  deps: TillSaleDeps,
): Promise<TillSale> => {
  const now = deps.now ?? new Date();
  const venue = await venues.getVenue(db, input.clientId, input.venue);
  const caller = { clientId: input.clientId, accountUserId: input.accountUserId };
  return inTransaction(db, async (trx) => {
    // The person's row is locked: the same sale twice at once queues here, and the second finds the first.
    const { plan, person, today, q } = await quoteFor(trx, input, venue.id, now, true);
    if (await repo.findRunningMembership(trx, person.id, plan.id)) throw alreadyAMember(plan.name);
    const client = await repo.findClient(trx, input.clientId);
    const dto = quoteDto(q, plan.id, venue.slug, client.currency_symbol);
    const paid = tenders.lines.reduce((s, l) => s + l.amount_pence, 0);
    if (paid !== q.todayTotal) throw badRequest('payments_mismatch', `The payments do not add up to today's total (${dto.today_total.formatted}).`, { payments: [`The payments must add up to ${dto.today_total.formatted}.`] });

    const joinId = await repo.insertJoin(trx, { client_id: input.clientId, account_user_id: input.accountUserId, membership_user_id: person.id, plan_id: plan.id, venue_id: venue.id, start_date: input.startDate });
    const status = q.mandateRequired ? ('awaiting_mandate' as const) : ('active' as const);
    const number = membershipNumber();
    const membershipId = await repo.insertTillMembership(trx, {
      client_id: input.clientId,
      account_user_id: input.accountUserId,
      membership_user_id: person.id,
      plan_id: plan.id,
      venue_id: venue.id,
      reference: number,
      status,
      started_on: input.startDate,
      renews_on: q.firstCollection?.date ?? null,
      price_pence: plan.price_pence,
      join_id: joinId,
      billing: plan.billing,
      joined_on: today,
      cooling_off_ends_on: q.coolingOffEndsOn,
      minimum_term_ends_on: q.minimumTermEndsOn,
      first_collection_on: q.firstCollection?.date ?? null,
      ends_on: q.annual ? q.annual.to : null,
      sold_by_staff_user_id: input.staffUserId,
    });
    let orderReference: string | null = null;
    if (paid > 0) {
      const order = await orders.recordMembershipTillPayment(trx, caller, { membershipUserId: person.id, lines: tenders.lines.filter((l) => l.amount_pence > 0), source: 'front-of-house', staffUserId: input.staffUserId });
      orderReference = order.reference;
      await tenders.onPaid(trx, order.id);
    }
    await repo.setPersonDetails(trx, person.id, { home_venue_id: venue.id });
    await repo.setJoin(trx, joinId, { status: 'completed', membership_id: membershipId, transaction_uuid: null, completed_at: now });

    const account = await repo.findAccount(trx, input.clientId, input.accountUserId);
    let mandateLink: TillSale['mandateLink'] = null;
    if (q.mandateRequired) {
      mandateLink = await sendMandateLink(trx, {
        clientId: input.clientId,
        membershipId,
        number,
        planName: plan.name,
        venueName: venue.name,
        operator: client.name,
        account,
        quote: dto,
        sentByStaffUserId: null,
        now,
        publicUrl: deps.publicUrl,
      });
    } else {
      const view = await confirmation(trx, caller, membershipId, { now }, account.language);
      await queueAgreementEmail(trx, {
        clientId: input.clientId,
        to: account.email,
        firstName: account.first_name,
        agreement: view.agreement,
        number,
        planName: plan.name,
        accountLink: email.accountUrl(deps.publicUrl, '/memberships'),
        operator: client.name,
        language: account.language,
      });
    }
    return {
      membershipId,
      membershipNumber: number,
      status,
      plan: { id: plan.id, name: plan.name },
      person: { id: person.id, first_name: person.first_name, last_name: person.last_name },
      quote: dto,
      orderReference,
      mandateLink,
    };
  }).catch((error: unknown) => {
    // The partial index on running memberships is the last word on "once per person and plan".
    if (error instanceof Error && 'constraint' in error && (error as { constraint?: string }).constraint === 'memberships_person_plan_idx') throw alreadyAMember('this plan');
    throw error;
  });
};
