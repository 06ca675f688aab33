import type { Language } from '../../lib/language.ts';

/**
 * The release's email in each language (issue 25; issue 27, docs/languages-emails.md): what each
 * of the customer's requests at a day's release came to. Dates and times come formatted in the
 * same language by the caller; names of sessions, venues and people stay as they are.
 */

type Line = { name: string; time: string; person: string };

type ReleaseTexts = {
  subject: (day: string, venue: string) => string;
  hello: (firstName: string) => string;
  opened: (day: string, venue: string, time: string) => string;
  granted: (line: Line, until: string) => string;
  waitlisted: (line: Line, position: number) => string;
  refused: (line: Line, reason: string) => string;
  book: (basket: string) => string;
  basketLink: string;
  waiting: string;
};

export const RELEASE_TEXTS: Readonly<Record<Language, ReleaseTexts>> = {
  'en-GB': {
    subject: (day, venue) => `Your requests for ${day} at ${venue}`,
    hello: (firstName) => `Hello ${firstName},`,
    opened: (day, venue, time) => `Bookings for ${day} at ${venue} opened at ${time}. This is what your requests came to:`,
    granted: (x, until) => `${x.name} at ${x.time} for ${x.person}: held in your basket until ${until}.`,
    waitlisted: (x, position) => `${x.name} at ${x.time} for ${x.person}: on the waiting list, number ${position}.`,
    refused: (x, reason) => `${x.name} at ${x.time} for ${x.person}: not held. ${reason}`,
    book: (basket) => `Book the places held for you before then: ${basket}. A place not booked in time goes to the next person waiting.`,
    basketLink: 'Go to your basket',
    waiting: 'If a place comes free while you are on a waiting list, we will email you and hold it in your basket.',
  },
  cy: {
    subject: (day, venue) => `Eich ceisiadau ar gyfer ${day}: ${venue}`,
    hello: (firstName) => `Helo ${firstName},`,
    opened: (day, venue, time) => `Agorodd archebu ar gyfer ${day} (${venue}) am ${time}. Dyma ganlyniad eich ceisiadau:`,
    granted: (x, until) => `${x.name} am ${x.time} ar gyfer ${x.person}: yn cael ei gadw yn eich basged tan ${until}.`,
    waitlisted: (x, position) => `${x.name} am ${x.time} ar gyfer ${x.person}: ar y rhestr aros, rhif ${position}.`,
    refused: (x, reason) => `${x.name} am ${x.time} ar gyfer ${x.person}: heb ei gadw. ${reason}`,
    book: (basket) => `Archebwch y lleoedd sy’n cael eu cadw i chi cyn hynny: ${basket}. Bydd lle na chaiff ei archebu mewn pryd yn mynd i’r person nesaf sy’n aros.`,
    basketLink: 'Mynd i’ch basged',
    waiting: 'Os daw lle yn rhydd tra byddwch ar restr aros, byddwn yn anfon e-bost atoch ac yn ei gadw yn eich basged.',
  },
};
