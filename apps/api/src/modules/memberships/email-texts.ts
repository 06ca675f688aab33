import { COOLING_OFF_TITLE, DIRECT_DEBIT_GUARANTEE_TITLE, coolingOffNotice, directDebitGuarantee } from '@app/contract/memberships/texts';
import { COOLING_OFF_TITLE_CY, DIRECT_DEBIT_GUARANTEE_TITLE_CY, coolingOffNoticeCy, directDebitGuaranteeCy } from '@app/contract/memberships/texts-cy';
import { longDate } from '@app/contract/rules/join-quote';
import type { Language } from '../../lib/language.ts';

/**
 * The memberships family's words in each language (issue 27, docs/languages-emails.md): the
 * agreement (its email; the Direct Debit Guarantee and the cooling-off notice from the contract),
 * the arrears email and the Direct Debit link email. English is the wording of issue 23.
 */

const MONTHS_CY = ['Ionawr', 'Chwefror', 'Mawrth', 'Ebrill', 'Mai', 'Mehefin', 'Gorffennaf', 'Awst', 'Medi', 'Hydref', 'Tachwedd', 'Rhagfyr'];

/** '2026-12-01' → '1 December 2026' / '1 Rhagfyr 2026'. */
export const longDateIn = (date: string, language: Language) => {
  if (language === 'en-GB') return longDate(date);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS_CY[m - 1]} ${y}`;
};

/** Welsh 'with' before a name: 'ag' before a vowel, 'â' otherwise ('ag Aelodaeth', 'â Nofio'). */
const ag = (name: string) => (/^[aeiouwyâêîôûŵŷ]/i.test(name) ? `ag ${name}` : `â ${name}`);

type Period = { from: string; to: string };

type MembershipTexts = {
  agreement: {
    title: (plan: string, number: string) => string;
    yourMembership: string;
    joins: (x: { person: string; plan: string; venue: string; number: string; from: string; today: string; client: string }) => string;
    payments: string;
    paidAtTill: string;
    paidByCard: string;
    annualPaid: (paid: string, total: string, fee: string, year: Period) => string;
    noDirectDebit: string;
    monthlyPaid: (paid: string, total: string, fee: string, parts: string) => string;
    /** '1 December 2026 to 31 December 2026 £20.00' (a part of today's payment). */
    part: (period: Period, amount: string) => string;
    then: (monthly: string, first: string, mandate: { reference: string; ending: string; holder: string } | null) => string;
    collections: string;
    termHeading: string;
    minimumTerm: (endsOn: string) => string;
    noMinimumTerm: string;
    notice: (billing: 'monthly' | 'annual', englishRule: string) => string;
    coolingOffTitle: string;
    coolingOff: (endsOn: string) => string;
    guaranteeTitle: string;
    guarantee: (payee: string) => string[];
  };
  /** The join confirmation's payment schedule (the page). */
  schedule: { joiningFee: string; proRata: (period: Period, days: number, of: number) => string; period: (period: Period) => string; directDebitFor: (monthYear: string) => string };
  hello: (firstName: string) => string;
  agreementEmail: { subject: (plan: string, number: string) => string; setUp: (plan: string) => string; number: (number: string) => string; seeText: (link: string) => string; seeLink: string };
  arrears: { subject: (plan: string) => string; title: string; notPaid: (x: { amount: string; plan: string; number: string; due: string }) => string; payNow: string };
  mandateLink: {
    subject: (plan: string, number: string) => string;
    title: string;
    thanks: (plan: string, venue: string, number: string) => string;
    setUp: (monthly: string, first: string) => string;
    link: string;
    works: (expires: string) => string;
  };
};

export const MEMBERSHIP_TEXTS: Readonly<Record<Language, MembershipTexts>> = {
  'en-GB': {
    agreement: {
      title: (plan, number) => `Membership agreement: ${plan} (${number})`,
      yourMembership: 'Your membership',
      joins: (x) => `${x.person} joins ${x.plan} at ${x.venue}, membership number ${x.number}, from ${x.from}. Agreed on ${x.today} with ${x.client}.`,
      payments: 'Payments',
      paidAtTill: 'Paid today at the till',
      paidByCard: 'Paid today by card',
      annualPaid: (paid, total, fee, year) => `${paid}: ${total} (joining fee ${fee}, and the year from ${year.from} to ${year.to}).`,
      noDirectDebit: 'There is no Direct Debit: the membership ends on its last day unless you renew.',
      monthlyPaid: (paid, total, fee, parts) => `${paid}: ${total} (joining fee ${fee}; ${parts}).`,
      part: (period, amount) => `${period.from} to ${period.to} ${amount}`,
      then: (monthly, first, mandate) =>
        `Then ${monthly} a month by Direct Debit on the 1st of each month, the first on ${first}${mandate ? ` (reference ${mandate.reference}, account ending ${mandate.ending}, in the name of ${mandate.holder})` : ''}.`,
      collections: 'Each collection is requested 3 working days before it is due; a failed Direct Debit puts the membership in arrears and booking is paused until it is paid by card from My account.',
      termHeading: 'Minimum term and notice',
      minimumTerm: (endsOn) => `This plan has a 12-month minimum term, ending on ${endsOn}; it cannot be cancelled online before then (outside the cooling-off period): please speak to the venue.`,
      noMinimumTerm: 'There is no minimum term.',
      notice: (_billing, englishRule) => englishRule,
      coolingOffTitle: COOLING_OFF_TITLE,
      coolingOff: coolingOffNotice,
      guaranteeTitle: DIRECT_DEBIT_GUARANTEE_TITLE,
      guarantee: directDebitGuarantee,
    },
    schedule: {
      joiningFee: 'Joining fee',
      proRata: (period, days, of) => `${period.from} to ${period.to} (${days} of ${of} days)`,
      period: (period) => `${period.from} to ${period.to}`,
      directDebitFor: (monthYear) => `Direct Debit for ${monthYear}`,
    },
    hello: (firstName) => `Hello ${firstName},`,
    agreementEmail: {
      subject: (plan, number) => `Your membership agreement: ${plan} (${number})`,
      setUp: (plan) => `Welcome: your ${plan} membership is set up.`,
      number: (number) => `Your membership number is ${number}.`,
      seeText: (link) => `See your membership, or cancel it, in My account: ${link}`,
      seeLink: 'See your membership in My account',
    },
    arrears: {
      subject: (plan) => `Your Direct Debit was not paid: ${plan}`,
      title: 'Your Direct Debit was not paid',
      notPaid: (x) => `Your Direct Debit of ${x.amount} for your ${x.plan} membership (${x.number}), due on ${x.due}, was not paid by your bank.`,
      payNow: 'Your membership is in arrears: booking is paused until it is paid. Please pay it by card from My account → Memberships:',
    },
    mandateLink: {
      subject: (plan, number) => `Set up your Direct Debit: ${plan} (${number})`,
      title: 'Set up your Direct Debit',
      thanks: (plan, venue, number) => `Thank you for joining ${plan} at ${venue}. Your membership number is ${number}.`,
      setUp: (monthly, first) => `To finish, set up your Direct Debit of ${monthly} a month (the first on ${first}) with your own bank details:`,
      link: 'Set up my Direct Debit',
      works: (expires) => `This link works once and until ${expires}. Your membership becomes active as soon as the Direct Debit is set up. Nobody at the venue will ever ask for your bank details.`,
    },
  },
  cy: {
    agreement: {
      title: (plan, number) => `Cytundeb aelodaeth: ${plan} (${number})`,
      yourMembership: 'Eich aelodaeth',
      joins: (x) => `Mae ${x.person} yn ymuno ${ag(x.plan)} yn ${x.venue}, rhif aelodaeth ${x.number}, o ${x.from} ymlaen. Cytunwyd ar ${x.today} gyda ${x.client}.`,
      payments: 'Taliadau',
      paidAtTill: 'Talwyd heddiw wrth y til',
      paidByCard: 'Talwyd heddiw â cherdyn',
      annualPaid: (paid, total, fee, year) => `${paid}: ${total} (ffi ymuno ${fee}, a’r flwyddyn o ${year.from} i ${year.to}).`,
      noDirectDebit: 'Nid oes Debyd Uniongyrchol: mae’r aelodaeth yn dod i ben ar ei diwrnod olaf oni bai eich bod yn ei hadnewyddu.',
      monthlyPaid: (paid, total, fee, parts) => `${paid}: ${total} (ffi ymuno ${fee}; ${parts}).`,
      part: (period, amount) => `${period.from} i ${period.to} ${amount}`,
      then: (monthly, first, mandate) =>
        `Yna ${monthly} y mis drwy Ddebyd Uniongyrchol ar y 1af o bob mis, y cyntaf ar ${first}${mandate ? ` (cyfeirnod ${mandate.reference}, cyfrif yn gorffen â ${mandate.ending}, yn enw ${mandate.holder})` : ''}.`,
      collections:
        'Gofynnir am bob casgliad 3 diwrnod gwaith cyn y dyddiad dyledus; os bydd Debyd Uniongyrchol yn methu, bydd yr aelodaeth mewn ôl-ddyledion a bydd archebu’n cael ei atal nes i’r swm gael ei dalu â cherdyn o Fy nghyfrif.',
      termHeading: 'Isafswm cyfnod a rhybudd',
      minimumTerm: (endsOn) =>
        `Mae gan y cynllun hwn isafswm cyfnod o 12 mis, sy’n dod i ben ar ${endsOn}; ni ellir ei ganslo ar-lein cyn hynny (y tu allan i’r cyfnod ailfeddwl): siaradwch â’r ganolfan.`,
      noMinimumTerm: 'Nid oes isafswm cyfnod.',
      notice: (billing) =>
        billing === 'annual'
          ? 'Wedi’i thalu am y flwyddyn: mae’n dod i ben ar ei diwrnod olaf oni bai eich bod yn ei hadnewyddu, ac ar ôl y cyfnod ailfeddwl o 14 diwrnod ni chaiff ei had-dalu.'
          : 'Ar ôl y cyfnod ailfeddwl o 14 diwrnod, gallwch ganslo gyda mis o rybudd o’ch Debyd Uniongyrchol nesaf: y Debyd Uniongyrchol hwnnw fydd yr olaf, a bydd eich aelodaeth yn dod i ben y diwrnod cyn y 1af canlynol.',
      coolingOffTitle: COOLING_OFF_TITLE_CY,
      coolingOff: coolingOffNoticeCy,
      guaranteeTitle: DIRECT_DEBIT_GUARANTEE_TITLE_CY,
      guarantee: directDebitGuaranteeCy,
    },
    schedule: {
      joiningFee: 'Ffi ymuno',
      proRata: (period, days, of) => `${period.from} i ${period.to} (${days} o ${of} diwrnod)`,
      period: (period) => `${period.from} i ${period.to}`,
      directDebitFor: (monthYear) => `Debyd Uniongyrchol ar gyfer ${monthYear}`,
    },
    hello: (firstName) => `Helo ${firstName},`,
    agreementEmail: {
      subject: (plan, number) => `Eich cytundeb aelodaeth: ${plan} (${number})`,
      setUp: (plan) => `Croeso: mae eich aelodaeth ${plan} wedi’i threfnu.`,
      number: (number) => `Eich rhif aelodaeth yw ${number}.`,
      seeText: (link) => `Gweld eich aelodaeth, neu ei chanslo, yn Fy nghyfrif: ${link}`,
      seeLink: 'Gweld eich aelodaeth yn Fy nghyfrif',
    },
    arrears: {
      subject: (plan) => `Ni thalwyd eich Debyd Uniongyrchol: ${plan}`,
      title: 'Ni thalwyd eich Debyd Uniongyrchol',
      notPaid: (x) => `Ni thalodd eich banc eich Debyd Uniongyrchol o ${x.amount} ar gyfer eich aelodaeth ${x.plan} (${x.number}), a oedd yn ddyledus ar ${x.due}.`,
      payNow: 'Mae eich aelodaeth mewn ôl-ddyledion: mae archebu wedi’i atal nes iddo gael ei dalu. Talwch â cherdyn o Fy nghyfrif → Aelodaethau:',
    },
    mandateLink: {
      subject: (plan, number) => `Trefnwch eich Debyd Uniongyrchol: ${plan} (${number})`,
      title: 'Trefnwch eich Debyd Uniongyrchol',
      thanks: (plan, venue, number) => `Diolch am ymuno ${ag(plan)} yn ${venue}. Eich rhif aelodaeth yw ${number}.`,
      setUp: (monthly, first) => `I orffen, trefnwch eich Debyd Uniongyrchol o ${monthly} y mis (y cyntaf ar ${first}) gyda manylion eich banc eich hun:`,
      link: 'Trefnu fy Nebyd Uniongyrchol',
      works: (expires) =>
        `Mae’r ddolen hon yn gweithio unwaith, a than ${expires}. Bydd eich aelodaeth yn dod yn weithredol cyn gynted ag y bydd y Debyd Uniongyrchol wedi’i drefnu. Ni fydd neb yn y ganolfan byth yn gofyn am fanylion eich banc.`,
    },
  },
};
