import type { Language } from '../../../lib/language.ts';

/**
 * The words of the cancellation email in each language (issue 27, docs/languages-emails.md): the
 * customer's own cancellation, a course's, and the venue's (an occurrence cancelled by a manager).
 */

type CancelledTexts = {
  subjectOne: (name: string, when: string) => string;
  subjectMany: (count: number) => string;
  leadOne: string;
  leadMany: (count: number) => string;
  headingOne: string;
  headingMany: string;
  hello: (firstName: string) => string;
  forPerson: (person: string) => string;
  labels: { for: string; when: string; where: string };
  creditLine: (amount: string) => string;
  accountText: (url: string) => string;
  accountLink: string;
  /** One booking's outcome. */
  credit: (amount: string, validUntil: string) => string;
  fee: (amount: string) => string;
  nothingPaid: string;
  nothingPaidCourse: string;
  /** The venue cancelled the session (the reason is the manager's own words). */
  byVenue: (venue: string, reason: string, paidBack: string) => string;
};

export const CANCELLED_TEXTS: Readonly<Record<Language, CancelledTexts>> = {
  'en-GB': {
    subjectOne: (name, when) => `Booking cancelled: ${name}, ${when}`,
    subjectMany: (count) => `${count} bookings cancelled`,
    leadOne: 'Your booking has been cancelled.',
    leadMany: (count) => `${count} of your bookings have been cancelled.`,
    headingOne: 'Booking cancelled',
    headingMany: 'Bookings cancelled',
    hello: (firstName) => `Hello ${firstName},`,
    forPerson: (person) => `For ${person}`,
    labels: { for: 'For', when: 'When', where: 'Where' },
    creditLine: (amount) => `${amount} has been added to your account credit. It is offered before the card the next time you check out.`,
    accountText: (url) => `Your bookings and credit in My account: ${url}`,
    accountLink: 'Your bookings and credit in My account',
    credit: (amount, validUntil) => `Credit given: ${amount}, valid until ${validUntil}`,
    fee: (amount) => `Late-cancellation fee: ${amount} (pay it in My account before booking again)`,
    nothingPaid: 'Nothing was paid for this booking, so there is no credit to give.',
    nothingPaidCourse: 'Nothing was paid for this course, so there is no credit to give.',
    byVenue: (venue, reason, paidBack) => `${venue} cancelled this session: ${reason}. ${paidBack}`,
  },
  cy: {
    subjectOne: (name, when) => `Archeb wedi’i chanslo: ${name}, ${when}`,
    subjectMany: (count) => `${count} archeb wedi’u canslo`,
    leadOne: 'Mae eich archeb wedi’i chanslo.',
    leadMany: (count) => `Mae ${count} o’ch archebion wedi’u canslo.`,
    headingOne: 'Archeb wedi’i chanslo',
    headingMany: 'Archebion wedi’u canslo',
    hello: (firstName) => `Helo ${firstName},`,
    forPerson: (person) => `Ar gyfer ${person}`,
    labels: { for: 'Ar gyfer', when: 'Pryd', where: 'Ble' },
    creditLine: (amount) => `Mae ${amount} wedi’i ychwanegu at gredyd eich cyfrif. Bydd yn cael ei gynnig cyn y cerdyn y tro nesaf y byddwch yn talu.`,
    accountText: (url) => `Eich archebion a’ch credyd yn Fy nghyfrif: ${url}`,
    accountLink: 'Eich archebion a’ch credyd yn Fy nghyfrif',
    credit: (amount, validUntil) => `Credyd a roddwyd: ${amount}, yn ddilys tan ${validUntil}`,
    fee: (amount) => `Ffi canslo hwyr: ${amount} (talwch hi yn Fy nghyfrif cyn archebu eto)`,
    nothingPaid: 'Ni thalwyd dim am yr archeb hon, felly nid oes credyd i’w roi.',
    nothingPaidCourse: 'Ni thalwyd dim am y cwrs hwn, felly nid oes credyd i’w roi.',
    byVenue: (venue, reason, paidBack) => `Mae ${venue} wedi canslo’r sesiwn hon: ${reason}. ${paidBack}`,
  },
};
