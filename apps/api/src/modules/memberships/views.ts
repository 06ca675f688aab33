import type { AgreementDto, JoinConfirmationDto } from '@app/contract/memberships/online-joining';
import type { MembershipDetailDto } from '@app/contract/memberships/membership-account';
import { addDays, firstOfMonth, joinQuote, type JoinQuote } from '@app/contract/rules/join-quote';
import type { Db } from '../../db/connect.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import * as email from '../email/service.ts';
import { MEMBERSHIP_TEXTS, longDateIn } from './email-texts.ts';
import { moneyOf, quotePlanOf } from './quote.ts';
import * as repo from './repository.ts';

/** What a membership shows (issue 23): its schedule, the agreement (page and email), the confirmation and My account's view. */

export const MASKED_SORT_CODE = '••-••-••';
export const mandateDto = (m: repo.MandateRow | undefined) =>
  m ? { status: m.status, account_holder_name: m.account_holder_name, sort_code: MASKED_SORT_CODE, account_number_ending: m.account_number_ending, reference: m.reference } : null;

/** The quote the membership was sold on (its price, the plan's joining fee, its start and join dates). */
export const soldQuote = (m: repo.MembershipRow, plan: repo.PlanRow): JoinQuote =>
  joinQuote({ ...quotePlanOf(plan), monthlyPence: m.price_pence }, m.started_on, m.joined_on ?? m.started_on);

type Entry = JoinConfirmationDto['schedule'][number];

/** Today's card payment by part, then the next `collections` Direct Debits from the first; its words in `language` (issue 27). */
export const scheduleOf = (q: JoinQuote, symbol: string, collections = 3, language: Language = DEFAULT_LANGUAGE): Entry[] => {
  const t = MEMBERSHIP_TEXTS[language].schedule;
  const on = (date: string) => ({ date, text: longDateIn(date, language) });
  const period = (p: { from: string; to: string }) => ({ from: longDateIn(p.from, language), to: longDateIn(p.to, language) });
  const card = (description: string, amount: number): Entry => ({ date: on(q.today), description, amount: moneyOf(amount, symbol), method: 'card' });
  const entries: Entry[] = [];
  if (q.joiningFee > 0) entries.push(card(t.joiningFee, q.joiningFee));
  if (q.proRata) entries.push(card(t.proRata(period(q.proRata), q.proRata.days, q.proRata.daysInMonth), q.proRata.amount));
  if (q.nextMonth) entries.push(card(t.period(period(q.nextMonth)), q.nextMonth.amount));
  if (q.annual) entries.push(card(t.period(period(q.annual)), q.annual.amount));
  if (q.firstCollection) {
    for (let i = 0; i < collections; i++) {
      const date = firstOfMonth(q.firstCollection.date, i);
      entries.push({ date: on(date), description: t.directDebitFor(longDateIn(date, language).replace(/^1 /, '')), amount: moneyOf(q.firstCollection.amount, symbol), method: 'direct_debit' });
    }
  }
  return entries;
};

/** The agreement (its page in English; its email in the customer's language, issue 27: `language`). */
export const agreementOf = (
  input: { q: JoinQuote; clientName: string; planName: string; number: string; venueName: string; person: string; symbol: string; mandate: repo.MandateRow | undefined; atTill?: boolean },
  language: Language = DEFAULT_LANGUAGE,
): AgreementDto => {
  const { q, symbol } = input;
  const t = MEMBERSHIP_TEXTS[language].agreement;
  const date = (iso: string) => longDateIn(iso, language);
  const period = (p: { from: string; to: string }) => ({ from: date(p.from), to: date(p.to) });
  // Sold at the till (issue 24): today's payment was taken there, with the till's tenders.
  const paid = input.atTill ? t.paidAtTill : t.paidByCard;
  const money = (p: number) => moneyOf(p, symbol).formatted;
  const mandate = input.mandate ? { reference: input.mandate.reference, ending: input.mandate.account_number_ending, holder: input.mandate.account_holder_name } : null;
  const payments =
    q.billing === 'annual'
      ? [t.annualPaid(paid, money(q.todayTotal), money(q.joiningFee), period(q.annual!)), t.noDirectDebit]
      : [
          t.monthlyPaid(paid, money(q.todayTotal), money(q.joiningFee), [q.proRata!, ...(q.nextMonth ? [q.nextMonth] : [])].map((part) => t.part(period(part), money(part.amount))).join('; ')),
          t.then(money(q.monthly), date(q.firstCollection!.date), mandate),
          t.collections,
        ];
  return {
    title: t.title(input.planName, input.number),
    sections: [
      { heading: t.yourMembership, paragraphs: [t.joins({ person: input.person, plan: input.planName, venue: input.venueName, number: input.number, from: date(q.startDate), today: date(q.today), client: input.clientName })] },
      { heading: t.payments, paragraphs: payments },
      {
        heading: t.termHeading,
        paragraphs: [q.minimumTermEndsOn && q.billing === 'monthly' ? t.minimumTerm(date(q.minimumTermEndsOn)) : t.noMinimumTerm, t.notice(q.billing, q.noticeRule)],
      },
      { heading: t.coolingOffTitle, paragraphs: [t.coolingOff(date(q.coolingOffEndsOn))] },
      ...(q.mandateRequired ? [{ heading: t.guaranteeTitle, paragraphs: t.guarantee(input.clientName) }] : []),
    ],
  };
};

/**
 * The welcome email with the whole agreement (queued in the join's transaction), in the account
 * holder's language: `agreement` must be written in it too (agreementOf's `language`).
 */
export const queueAgreementEmail = async (
  trx: Db,
  input: { clientId: number; to: string; firstName: string; agreement: AgreementDto; number: string; planName: string; accountLink: string; operator: string; language?: Language },
) => {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = MEMBERSHIP_TEXTS[language];
  const text = [
    t.hello(input.firstName),
    '',
    `${t.agreementEmail.setUp(input.planName)} ${t.agreementEmail.number(input.number)}`,
    '',
    ...input.agreement.sections.flatMap((s) => [s.heading.toUpperCase(), ...s.paragraphs, '']),
    t.agreementEmail.seeText(input.accountLink),
  ].join('\n');
  const html = email.htmlLayout(
    input.operator,
    input.agreement.title,
    `<p>${email.escapeHtml(t.hello(input.firstName))}</p><p>${email.escapeHtml(t.agreementEmail.setUp(input.planName))} ${t.agreementEmail.number(`<strong>${email.escapeHtml(input.number)}</strong>`)}</p>` +
      input.agreement.sections.map((s) => `<h2 style="font-size:18px">${email.escapeHtml(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${email.escapeHtml(p)}</p>`).join('')}`).join('') +
      `<p><a href="${email.escapeHtml(input.accountLink)}">${email.escapeHtml(t.agreementEmail.seeLink)}</a></p>`,
    language,
  );
  await email.queueEmail(trx, { clientId: input.clientId, kind: 'membership-agreement', to: input.to, subject: t.agreementEmail.subject(input.planName, input.number), text, html });
};

/** The arrears email: a Direct Debit failed. In the account holder's language (`language`). */
export const queueArrearsEmail = async (
  trx: Db,
  input: { clientId: number; to: string; firstName: string; planName: string; number: string; amount: string; due: string; accountLink: string; operator: string; language?: Language },
) => {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const t = MEMBERSHIP_TEXTS[language];
  const lines = [t.hello(input.firstName), '', t.arrears.notPaid({ amount: input.amount, plan: input.planName, number: input.number, due: longDateIn(input.due, language) }), t.arrears.payNow, input.accountLink];
  const html = email.htmlLayout(input.operator, t.arrears.title, lines.slice(2).map((l) => `<p>${email.escapeHtml(l)}</p>`).join(''), language);
  await email.queueEmail(trx, { clientId: input.clientId, kind: 'membership-arrears', to: input.to, subject: t.arrears.subject(input.planName), text: lines.join('\n'), html });
};

/** My account's view of one membership; its dates and schedule in `language` (the page's, issue 27). */
export const detailDto = async (db: Db, m: repo.MembershipRow, symbol: string, language: Language = DEFAULT_LANGUAGE): Promise<MembershipDetailDto> => {
  const dated = (date: string) => ({ date, text: longDateIn(date, language) });
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
    schedule: scheduleOf(q, symbol, 3, language).filter((e) => e.method === 'card' || !m.ends_on || e.date.date <= m.ends_on),
    collections: collections.map((c) => ({ id: c.id, date: dated(c.due_on), amount: moneyOf(c.amount_pence, symbol), status: c.status === 'refunded' ? 'cancelled' : c.status })),
    arrears: owed > 0 ? moneyOf(owed, symbol) : null,
  };
};
