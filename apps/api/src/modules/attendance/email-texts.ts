import type { Language } from '../../lib/language.ts';

/** The no-show fee email's words in each language (issue 27, docs/languages-emails.md). */

type NoShowTexts = { subject: (fee: string) => string; hello: (firstName: string) => string; missed: (limit: number, windowDays: number, fee: string) => string; pay: string };

export const NO_SHOW_TEXTS: Readonly<Record<Language, NoShowTexts>> = {
  'en-GB': {
    subject: (fee) => `A no-show fee of ${fee}`,
    hello: (firstName) => `Hello ${firstName},`,
    missed: (limit, windowDays, fee) => `You have missed ${limit} booked sessions in ${windowDays} days without cancelling, so a no-show fee of ${fee} has been added to your account.`,
    pay: 'Please pay it in My account before your next online booking, or at reception.',
  },
  cy: {
    subject: (fee) => `Ffi peidio â dod o ${fee}`,
    hello: (firstName) => `Helo ${firstName},`,
    missed: (limit, windowDays, fee) =>
      `Rydych wedi colli ${limit} sesiwn a archebwyd mewn ${windowDays} diwrnod heb ganslo, felly mae ffi peidio â dod o ${fee} wedi’i hychwanegu at eich cyfrif.`,
    pay: 'Talwch hi yn Fy nghyfrif cyn eich archeb ar-lein nesaf, neu yn y dderbynfa.',
  },
};
