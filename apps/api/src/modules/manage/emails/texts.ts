import type { Language } from '../../../lib/language.ts';

/**
 * The "change to your booking" email's words in each language (issue 27, docs/languages-emails.md).
 * The service names what changed in English ('Instructor', 'Room'; 'none', 'the venue' for no one
 * and no room, as the audit keeps them): `label` and `value` put those words in the language.
 */

type ChangedTexts = {
  subject: (activity: string, when: string) => string;
  heading: string;
  hello: (firstName: string) => string;
  lead: (activity: string, when: string, venue: string) => string;
  change: (to: string, from: string) => string;
  label: (english: string) => string;
  value: (english: string) => string;
  reason: string;
  bookedFor: string;
  stands: string;
  bookingsText: (url: string) => string;
  bookingsLink: string;
};

const WELSH_WORDS: Record<string, string> = { Instructor: 'Hyfforddwr', Room: 'Ystafell', none: 'dim', 'the venue': 'y ganolfan' };

export const CHANGED_TEXTS: Readonly<Record<Language, ChangedTexts>> = {
  'en-GB': {
    subject: (activity, when) => `Change to your booking: ${activity}, ${when}`,
    heading: 'Change to your booking',
    hello: (firstName) => `Hello ${firstName},`,
    lead: (activity, when, venue) => `There is a change to ${activity} on ${when} at ${venue}.`,
    change: (to, from) => `now ${to} (was ${from})`,
    label: (english) => english,
    value: (english) => english,
    reason: 'Reason',
    bookedFor: 'Booked for',
    stands: 'Your booking stands. If the change does not suit you, you can cancel it in My account.',
    bookingsText: (url) => `Your bookings: ${url}`,
    bookingsLink: 'Your bookings in My account',
  },
  cy: {
    subject: (activity, when) => `Newid i’ch archeb: ${activity}, ${when}`,
    heading: 'Newid i’ch archeb',
    hello: (firstName) => `Helo ${firstName},`,
    // `when` starts with its day ('Dydd Iau …'): after 'ar' it is 'ddydd Iau …'.
    lead: (activity, when, venue) => `Mae newid i ${activity} ar ${when.replace(/^Dydd /, 'ddydd ')} yn ${venue}.`,
    change: (to, from) => `nawr ${to} (yn lle ${from})`,
    label: (english) => WELSH_WORDS[english] ?? english,
    value: (english) => WELSH_WORDS[english] ?? english,
    reason: 'Rheswm',
    bookedFor: 'Wedi’i archebu ar gyfer',
    stands: 'Mae eich archeb yn dal yn ddilys. Os nad yw’r newid yn gyfleus i chi, gallwch ei chanslo yn Fy nghyfrif.',
    bookingsText: (url) => `Eich archebion: ${url}`,
    bookingsLink: 'Eich archebion yn Fy nghyfrif',
  },
};
