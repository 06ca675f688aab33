import type { Language } from '../../lib/language.ts';

/**
 * A course's words in emails, in each language (issue 27, docs/languages-emails.md): its line's
 * 'when' (the confirmation and cancellation emails: orders and courses use it through the courses
 * service) and the course waitlist's offer email.
 */

type CourseTexts = {
  /** A course line's 'when': its number of weekly sessions and its first. */
  when: (sessions: number, firstDate: string, times: string) => string;
  offer: {
    subject: (name: string) => string;
    free: (input: { name: string; venue: string; sessions: number; firstDate: string; firstTime: string; person: string }) => string;
    holding: (until: string, basket: string) => string;
    notWanted: string;
  };
};

export const COURSE_TEXTS: Readonly<Record<Language, CourseTexts>> = {
  'en-GB': {
    when: (sessions, firstDate, times) => `${sessions} weekly sessions from ${firstDate}, ${times}`,
    offer: {
      subject: (name) => `A place is free: ${name}`,
      free: (x) => `A place has come free on ${x.name} at ${x.venue} (${x.sessions} weekly sessions from ${x.firstDate} at ${x.firstTime}) for ${x.person}, who was first on the waiting list.`,
      holding: (until, basket) => `We are holding the whole course in your basket until ${until}. Book it before then: ${basket}`,
      notWanted: 'If you do not want it, remove it from your basket and it will be offered to the next person waiting.',
    },
  },
  cy: {
    when: (sessions, firstDate, times) => `${sessions} sesiwn wythnosol yn dechrau ${firstDate}, ${times}`,
    offer: {
      subject: (name) => `Mae lle ar gael: ${name}`,
      free: (x) =>
        `Mae lle wedi dod yn rhydd ar y cwrs ${x.name}, ${x.venue} (${x.sessions} sesiwn wythnosol yn dechrau ${x.firstDate} am ${x.firstTime}). Mae ar gyfer ${x.person}, a oedd gyntaf ar y rhestr aros.`,
      holding: (until, basket) => `Rydym yn cadw’r cwrs cyfan yn eich basged tan ${until}. Archebwch ef cyn hynny: ${basket}`,
      notWanted: 'Os nad ydych ei eisiau, tynnwch ef o’ch basged a bydd yn cael ei gynnig i’r person nesaf sy’n aros.',
    },
  },
};
