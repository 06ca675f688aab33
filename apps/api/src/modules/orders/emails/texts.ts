import { COURSE_CANCELLATION_POLICY } from '@app/contract/rules/courses';
import { CANCELLATION_CREDIT_HOURS, CANCELLATION_CREDIT_VALID_MONTHS } from '@app/contract/rules/cancellation';
import type { Language } from '../../../lib/language.ts';

/**
 * The words of the orders family's emails and calendar file in each language (issue 27,
 * docs/languages-emails.md): the booking confirmation (also the till's and the kiosk's emailed
 * receipt), the late-cancellation fee receipt and the `.ics` file. English is the spec's wording.
 */

type OrderTexts = {
  confirmation: {
    subject: (reference: string) => string;
    heading: string;
    hello: (firstName: string) => string;
    thanks: (operator: string, reference: string) => string;
    /** The HTML part's thanks: the reference is bold (both already escaped). */
    thanksHtml: (operator: string, reference: string) => string;
    forPerson: (person: string) => string;
    price: (price: string) => string;
    checkIn: (url: string) => string;
    checkInLink: string;
    checkInHint: string;
    qrAlt: (name: string, person: string, when: string) => string;
    totalPaid: string;
    paidWith: string;
    nothingToPay: string;
    manageText: (url: string) => string;
    manageLink: string;
    manageWhere: string;
    policy: (policy: string) => string;
    attached: string;
  };
  discount: (code: string) => string;
  tenders: Record<string, string>;
  cardEnding: (brand: string, lastFour: string) => string;
  cancellationPolicy: (fee: string) => string;
  coursePolicy: string;
  bothPolicies: (sessions: string, courses: string) => string;
  lateFeeReceipt: {
    subject: (reference: string) => string;
    hello: (firstName: string) => string;
    thanks: (reference: string) => string;
    thanksHtml: (reference: string) => string;
    line: string;
    paid: (total: string, paidWith: string) => string;
    byCard: (lastFour: string) => string;
    byCredit: string;
  };
  calendar: { name: (operator: string, reference: string) => string; language: string; reference: (reference: string) => string; session: (reference: string, n: number, of: number) => string };
};

export const ORDER_TEXTS: Readonly<Record<Language, OrderTexts>> = {
  'en-GB': {
    confirmation: {
      subject: (reference) => `Booking confirmed: ${reference}`,
      heading: 'Booking confirmed',
      hello: (firstName) => `Hello ${firstName},`,
      thanks: (operator, reference) => `Thank you for booking with ${operator}. Your reference is ${reference}.`,
      thanksHtml: (operator, reference) => `Thank you for booking with ${operator}. Your reference is <strong>${reference}</strong>.`,
      forPerson: (person) => `For ${person}`,
      price: (price) => `Price: ${price}`,
      checkIn: (url) => `Check in: ${url}`,
      checkInLink: 'Check in',
      checkInHint: '(show this QR code at reception or the kiosk)',
      qrAlt: (name, person, when) => `QR code to check in: ${name}, ${person}, ${when}`,
      totalPaid: 'Total paid',
      paidWith: 'Paid with',
      nothingToPay: 'Nothing to pay',
      manageText: (url) => `Manage or cancel your booking in My account > Bookings: ${url}`,
      manageLink: 'Manage or cancel your booking',
      manageWhere: 'in My account &gt; Bookings.',
      policy: (policy) => `Cancellation policy: ${policy}`,
      attached: 'The bookings are attached as a calendar file.',
    },
    discount: (code) => `Discount (${code})`,
    tenders: { 'general-credit': 'Account credit', 'membership-credit': 'Membership credit', card: 'Card', cash: 'Cash', cheque: 'Cheque', 'offline-voucher': 'Voucher', 'card-terminal': 'Card terminal' },
    cardEnding: (brand, lastFour) => `${brand} ending ${lastFour}`,
    cancellationPolicy: (fee) =>
      `cancel at least ${CANCELLATION_CREDIT_HOURS} hours before the start to get the price back as account credit (valid for ${CANCELLATION_CREDIT_VALID_MONTHS} months); later cancellations cost a ${fee} late-cancellation fee, and a session that has started cannot be cancelled.`,
    coursePolicy: COURSE_CANCELLATION_POLICY,
    bothPolicies: (sessions, courses) => `${sessions} Courses: ${courses}`,
    lateFeeReceipt: {
      subject: (reference) => `Payment received: ${reference}`,
      hello: (firstName) => `Hello ${firstName},`,
      thanks: (reference) => `Thank you: your late-cancellation fee is paid and you can book again. Your reference is ${reference}.`,
      thanksHtml: (reference) => `Thank you: your late-cancellation fee is paid and you can book again. Your reference is <strong>${reference}</strong>.`,
      line: 'Late-cancellation fee',
      paid: (total, paidWith) => `Total paid: ${total} by ${paidWith}.`,
      byCard: (lastFour) => `card ending ${lastFour}`,
      byCredit: 'account credit',
    },
    calendar: {
      name: (operator, reference) => `${operator} bookings ${reference}`,
      language: 'EN',
      reference: (reference) => `Booking reference ${reference}`,
      session: (reference, n, of) => `Booking reference ${reference}, session ${n} of ${of}`,
    },
  },
  cy: {
    confirmation: {
      subject: (reference) => `Archeb wedi’i chadarnhau: ${reference}`,
      heading: 'Archeb wedi’i chadarnhau',
      hello: (firstName) => `Helo ${firstName},`,
      thanks: (operator, reference) => `Diolch am archebu gyda ${operator}. Eich cyfeirnod yw ${reference}.`,
      thanksHtml: (operator, reference) => `Diolch am archebu gyda ${operator}. Eich cyfeirnod yw <strong>${reference}</strong>.`,
      forPerson: (person) => `Ar gyfer ${person}`,
      price: (price) => `Pris: ${price}`,
      checkIn: (url) => `Cofrestru: ${url}`,
      checkInLink: 'Cofrestru',
      checkInHint: '(dangoswch y cod QR hwn yn y dderbynfa neu wrth y ciosg)',
      qrAlt: (name, person, when) => `Cod QR i gofrestru: ${name}, ${person}, ${when}`,
      totalPaid: 'Cyfanswm a dalwyd',
      paidWith: 'Talwyd gyda',
      nothingToPay: 'Dim i’w dalu',
      manageText: (url) => `Rheoli neu ganslo eich archeb yn Fy nghyfrif > Archebion: ${url}`,
      manageLink: 'Rheoli neu ganslo eich archeb',
      manageWhere: 'yn Fy nghyfrif &gt; Archebion.',
      policy: (policy) => `Polisi canslo: ${policy}`,
      attached: 'Mae’r archebion wedi’u hatodi fel ffeil calendr.',
    },
    discount: (code) => `Gostyngiad (${code})`,
    tenders: { 'general-credit': 'Credyd cyfrif', 'membership-credit': 'Credyd aelodaeth', card: 'Cerdyn', cash: 'Arian parod', cheque: 'Siec', 'offline-voucher': 'Taleb', 'card-terminal': 'Terfynell cardiau' },
    cardEnding: (brand, lastFour) => `${brand} yn gorffen â ${lastFour}`,
    cancellationPolicy: (fee) =>
      `canslwch o leiaf ${CANCELLATION_CREDIT_HOURS} awr cyn y dechrau i gael y pris yn ôl fel credyd cyfrif (yn ddilys am ${CANCELLATION_CREDIT_VALID_MONTHS} mis); mae canslo’n hwyrach yn costio ffi canslo hwyr o ${fee}, ac ni ellir canslo sesiwn sydd wedi dechrau.`,
    coursePolicy: 'gellir canslo cwrs yn Fy nghyfrif cyn ei sesiwn gyntaf a chael ei bris llawn yn gredyd cyfrif; ar ôl iddo ddechrau, holwch y ganolfan.',
    bothPolicies: (sessions, courses) => `${sessions} Cyrsiau: ${courses}`,
    lateFeeReceipt: {
      subject: (reference) => `Taliad wedi’i dderbyn: ${reference}`,
      hello: (firstName) => `Helo ${firstName},`,
      thanks: (reference) => `Diolch: mae eich ffi canslo hwyr wedi’i thalu a gallwch archebu eto. Eich cyfeirnod yw ${reference}.`,
      thanksHtml: (reference) => `Diolch: mae eich ffi canslo hwyr wedi’i thalu a gallwch archebu eto. Eich cyfeirnod yw <strong>${reference}</strong>.`,
      line: 'Ffi canslo hwyr',
      paid: (total, paidWith) => `Cyfanswm a dalwyd: ${total} gyda ${paidWith}.`,
      // After 'gyda' (paid): its aspirate mutation, c → ch.
      byCard: (lastFour) => `cherdyn yn gorffen â ${lastFour}`,
      byCredit: 'chredyd cyfrif',
    },
    calendar: {
      name: (operator, reference) => `Archebion ${operator} ${reference}`,
      language: 'CY',
      reference: (reference) => `Cyfeirnod archeb ${reference}`,
      session: (reference, n, of) => `Cyfeirnod archeb ${reference}, sesiwn ${n} o ${of}`,
    },
  },
};
