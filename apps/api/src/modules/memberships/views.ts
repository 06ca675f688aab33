import type { AgreementDto, JoinConfirmationDto } from '@app/contract/memberships/online-joining';
import type { MembershipDetailDto } from '@app/contract/memberships/membership-account';
import { COOLING_OFF_TITLE, DIRECT_DEBIT_GUARANTEE_TITLE, coolingOffNotice, directDebitGuarantee } from '@app/contract/memberships/texts';
import { addDays, firstOfMonth, joinQuote, longDate, type JoinQuote } from '@app/contract/rules/join-quote';
import type { Db } from '../../db/connect.ts';
import * as email from '../email/service.ts';
import { moneyOf, quotePlanOf } from './quote.ts';
import * as repo from './repository.ts';

/** What a membership shows (issue 23): its schedule, the agreement (page and email), the confirmation and My account's view. */

const dated = (date: string) => ({ date, text: longDate(date) });

export const MASKED_SORT_CODE = '••-••-••';
export const mandateDto = (m: repo.MandateRow | undefined) =>
  m ? { status: m.status, account_holder_name: m.account_holder_name, sort_code: MASKED_SORT_CODE, account_number_ending: m.account_number_ending, reference: m.reference } : null;

/** The quote the membership was sold on (its price, the plan's joining fee, its start and join dates). */
export const soldQuote = (m: repo.MembershipRow, plan: repo.PlanRow): JoinQuote =>
  joinQuote({ ...quotePlanOf(plan), monthlyPence: m.price_pence }, m.started_on, m.joined_on ?? m.started_on);

type Entry = JoinConfirmationDto['schedule'][number];

/** Today's card payment by part, then the next `collections` Direct Debits from the first. */
export const scheduleOf = (q: JoinQuote, symbol: string, collections = 3): Entry[] => {
  const card = (description: string, amount: number): Entry => ({ date: dated(q.today), description, amount: moneyOf(amount, symbol), method: 'card' });
  const entries: Entry[] = [];
  if (q.joiningFee > 0) entries.push(card('Joining fee', q.joiningFee));
  if (q.proRata) entries.push(card(`${longDate(q.proRata.from)} to ${longDate(q.proRata.to)} (${q.proRata.days} of ${q.proRata.daysInMonth} days)`, q.proRata.amount));
  if (q.nextMonth) entries.push(card(`${longDate(q.nextMonth.from)} to ${longDate(q.nextMonth.to)}`, q.nextMonth.amount));
  if (q.annual) entries.push(card(`${longDate(q.annual.from)} to ${longDate(q.annual.to)}`, q.annual.amount));
  if (q.firstCollection) {
    for (let i = 0; i < collections; i++) {
      const date = firstOfMonth(q.firstCollection.date, i);
      entries.push({ date: dated(date), description: `Direct Debit for ${longDate(date).replace(/^1 /, '')}`, amount: moneyOf(q.firstCollection.amount, symbol), method: 'direct_debit' });
    }
  }
  return entries;
};

export const agreementOf = (input: { q: JoinQuote; clientName: string; planName: string; number: string; venueName: string; person: string; symbol: string; mandate: repo.MandateRow | undefined; atTill?: boolean }): AgreementDto => {
  const { q, symbol } = input;
  // Sold at the till (issue 24): today's payment was taken there, with the till's tenders.
  const paid = input.atTill ? 'Paid today at the till' : 'Paid today by card';
  const money = (p: number) => moneyOf(p, symbol).formatted;
  const payments =
    q.billing === 'annual'
      ? [`${paid}: ${money(q.todayTotal)} (joining fee ${money(q.joiningFee)}, and the year from ${longDate(q.annual!.from)} to ${longDate(q.annual!.to)}).`, 'There is no Direct Debit: the membership ends on its last day unless you renew.']
      : [
          `${paid}: ${money(q.todayTotal)} (joining fee ${money(q.joiningFee)}; ${longDate(q.proRata!.from)} to ${longDate(q.proRata!.to)} ${money(q.proRata!.amount)}${q.nextMonth ? `; ${longDate(q.nextMonth.from)} to ${longDate(q.nextMonth.to)} ${money(q.nextMonth.amount)}` : ''}).`,
          `Then ${money(q.monthly)} a month by Direct Debit on the 1st of each month, the first on ${longDate(q.firstCollection!.date)}${input.mandate ? ` (reference ${input.mandate.reference}, account ending ${input.mandate.account_number_ending}, in the name of ${input.mandate.account_holder_name})` : ''}.`,
          'Each collection is requested 3 working days before it is due; a failed Direct Debit puts the membership in arrears and booking is paused until it is paid by card from My account.',
        ];
  return {
    title: `Membership agreement: ${input.planName} (${input.number})`,
    sections: [
      { heading: 'Your membership', paragraphs: [`${input.person} joins ${input.planName} at ${input.venueName}, membership number ${input.number}, from ${longDate(q.startDate)}. Agreed on ${longDate(q.today)} with ${input.clientName}.`] },
      { heading: 'Payments', paragraphs: payments },
      {
        heading: 'Minimum term and notice',
        paragraphs: [q.minimumTermEndsOn && q.billing === 'monthly' ? `This plan has a 12-month minimum term, ending on ${longDate(q.minimumTermEndsOn)}; it cannot be cancelled online before then (outside the cooling-off period): please speak to the venue.` : 'There is no minimum term.', q.noticeRule],
      },
      { heading: COOLING_OFF_TITLE, paragraphs: [coolingOffNotice(longDate(q.coolingOffEndsOn))] },
      ...(q.mandateRequired ? [{ heading: DIRECT_DEBIT_GUARANTEE_TITLE, paragraphs: directDebitGuarantee(input.clientName) }] : []),
    ],
  };
};

/** The welcome email with the whole agreement (queued in the join's transaction). */
export const queueAgreementEmail = async (trx: Db, input: { clientId: number; to: string; firstName: string; agreement: AgreementDto; number: string; planName: string; accountLink: string; operator: string }) => {
  const text = [
    `Hello ${input.firstName},`,
    '',
    `Welcome: your ${input.planName} membership is set up. Your membership number is ${input.number}.`,
    '',
    ...input.agreement.sections.flatMap((s) => [s.heading.toUpperCase(), ...s.paragraphs, '']),
    `See your membership, or cancel it, in My account: ${input.accountLink}`,
  ].join('\n');
  const html = email.htmlLayout(
    input.operator,
    input.agreement.title,
    `<p>Hello ${email.escapeHtml(input.firstName)},</p><p>Welcome: your ${email.escapeHtml(input.planName)} membership is set up. Your membership number is <strong>${email.escapeHtml(input.number)}</strong>.</p>` +
      input.agreement.sections.map((s) => `<h2 style="font-size:18px">${email.escapeHtml(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${email.escapeHtml(p)}</p>`).join('')}`).join('') +
      `<p><a href="${email.escapeHtml(input.accountLink)}">See your membership in My account</a></p>`,
  );
  await email.queueEmail(trx, { clientId: input.clientId, kind: 'membership-agreement', to: input.to, subject: `Your membership agreement: ${input.planName} (${input.number})`, text, html });
};

/** The arrears email: a Direct Debit failed. */
export const queueArrearsEmail = async (trx: Db, input: { clientId: number; to: string; firstName: string; planName: string; number: string; amount: string; due: string; accountLink: string; operator: string }) => {
  const lines = [
    `Hello ${input.firstName},`,
    '',
    `Your Direct Debit of ${input.amount} for your ${input.planName} membership (${input.number}), due on ${longDate(input.due)}, was not paid by your bank.`,
    'Your membership is in arrears: booking is paused until it is paid. Please pay it by card from My account → Memberships:',
    input.accountLink,
  ];
  const html = email.htmlLayout(input.operator, 'Your Direct Debit was not paid', lines.slice(2).map((l) => `<p>${email.escapeHtml(l)}</p>`).join(''));
  await email.queueEmail(trx, { clientId: input.clientId, kind: 'membership-arrears', to: input.to, subject: `Your Direct Debit was not paid: ${input.planName}`, text: lines.join('\n'), html });
};

/** My account's view of one membership. */
export const detailDto = async (db: Db, m: repo.MembershipRow, symbol: string): Promise<MembershipDetailDto> => {
  const plan = (await repo.findPlan(db, m.client_id, m.plan_id)) ?? (await repo.findPlanAnyway(db, m.plan_id));
  const [mandate, collections, arrears] = await Promise.all([
    m.mandate_id ? repo.findMandate(db, m.mandate_id) : Promise.resolve(undefined),
    repo.findCollections(db, m.id),
    repo.findArrears(db, m.client_id, m.account_user_id, m.id),
  ]);
  const q = soldQuote(m, plan);
  const owed = arrears.reduce((s, c) => s + c.amount_pence, 0);
  return {
    id: m.id,
    membership_number: m.reference,
    plan: { id: m.plan_id, name: m.plan_name, billing: m.billing, minimum_term_months: m.minimum_term_months },
    person: { id: m.membership_user_id, first_name: m.first_name, last_name: m.last_name },
    venue: { slug: m.venue_slug, name: m.venue_name },
    status: m.status,
    start_date: dated(m.started_on),
    ends_on: m.ends_on ? dated(m.ends_on) : null,
    monthly: moneyOf(m.price_pence, symbol),
    cooling_off_ends_on: dated(m.cooling_off_ends_on ?? addDays(m.started_on, 14)),
    minimum_term_ends_on: m.minimum_term_ends_on ? dated(m.minimum_term_ends_on) : null,
    mandate: mandateDto(mandate),
    schedule: scheduleOf(q, symbol).filter((e) => e.method === 'card' || !m.ends_on || e.date.date <= m.ends_on),
    collections: collections.map((c) => ({ id: c.id, date: dated(c.due_on), amount: moneyOf(c.amount_pence, symbol), status: c.status === 'refunded' ? 'cancelled' : c.status })),
    arrears: owed > 0 ? moneyOf(owed, symbol) : null,
  };
};
