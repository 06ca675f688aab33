import type { Language } from '../../lib/language.ts';

/**
 * The waiting list's offer email in each language (issue 27, docs/languages-emails.md): a place
 * of a session held in the account holder's basket (a course's: courses/email-texts.ts). Dates
 * and times come formatted in the same language by the caller.
 */

type OfferTexts = {
  hello: (firstName: string) => string;
  session: {
    subject: (name: string, when: string, time: string) => string;
    free: (input: { name: string; venue: string; when: string; time: string; person: string }) => string;
    holding: (until: string, basket: string) => string;
  };
  notWanted: string;
};

export const OFFER_TEXTS: Readonly<Record<Language, OfferTexts>> = {
  'en-GB': {
    hello: (firstName) => `Hello ${firstName},`,
    session: {
      subject: (name, when, time) => `A place is free: ${name}, ${when} at ${time}`,
      free: (x) => `A place has come free in ${x.name} at ${x.venue} on ${x.when} at ${x.time} for ${x.person}, who was first on the waiting list.`,
      holding: (until, basket) => `We are holding it in your basket until ${until}. Book it before then: ${basket}`,
    },
    notWanted: 'If you do not want it, remove it from your basket and it will be offered to the next person waiting.',
  },
  cy: {
    hello: (firstName) => `Helo ${firstName},`,
    session: {
      subject: (name, when, time) => `Mae lle ar gael: ${name}, ${when} am ${time}`,
      free: (x) => `Mae lle wedi dod yn rhydd: ${x.name}, ${x.venue}, ${x.when} am ${x.time}. Mae ar gyfer ${x.person}, a oedd gyntaf ar y rhestr aros.`,
      holding: (until, basket) => `Rydym yn ei gadw yn eich basged tan ${until}. Archebwch ef cyn hynny: ${basket}`,
    },
    notWanted: 'Os nad ydych ei eisiau, tynnwch ef o’ch basged a bydd yn cael ei gynnig i’r person nesaf sy’n aros.',
  },
};
