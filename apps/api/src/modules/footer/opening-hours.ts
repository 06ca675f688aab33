import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';

/**
 * A venue's opening hours as the footer lists them (docs/operator-tools.md "Venues"), in English
 * or Welsh (issue 27): 'Monday to Friday: 06:30–22:00', 'Dydd Llun i ddydd Gwener: 06:30–22:00'
 * ('i' softly mutates the second day; 'a' does not mutate 'dydd').
 */

export type OpeningHoursRow = { iso_day: number; opens: string; closes: string };

const WORDS: Readonly<Record<Language, { days: readonly string[]; closed: string; heading: string; to: (a: string, b: string) => string; and: (a: string, b: string) => string }>> = {
  'en-GB': {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    closed: 'Closed',
    heading: 'Opening hours',
    to: (a, b) => `${a} to ${b}`,
    and: (a, b) => `${a} and ${b}`,
  },
  cy: {
    days: ['Dydd Llun', 'Dydd Mawrth', 'Dydd Mercher', 'Dydd Iau', 'Dydd Gwener', 'Dydd Sadwrn', 'Dydd Sul'],
    closed: 'Ar gau',
    heading: 'Oriau agor',
    to: (a, b) => `${a} i ${b.replace(/^Dydd /, 'ddydd ')}`,
    and: (a, b) => `${a} a ${b.replace(/^Dydd /, 'dydd ')}`,
  },
};

/**
 * The week as lines, consecutive days with the same hours joined ('Monday to Friday',
 * '06:30–22:00'; a day with no row is 'Closed'). Empty when the venue has no hours at all.
 */
export const openingHoursLines = (rows: readonly OpeningHoursRow[], language: Language = DEFAULT_LANGUAGE): [days: string, hours: string][] => {
  if (rows.length === 0) return [];
  const words = WORDS[language];
  const hoursOf = (row: OpeningHoursRow | undefined) => (row ? `${row.opens.slice(0, 5)}\u2013${row.closes.slice(0, 5)}` : words.closed);
  const byDay = new Map(rows.map((row) => [row.iso_day, row]));
  const lines: { first: number; last: number; hours: string }[] = [];
  for (let day = 1; day <= 7; day += 1) {
    const hours = hoursOf(byDay.get(day));
    const previous = lines.at(-1);
    if (previous && previous.hours === hours) previous.last = day;
    else lines.push({ first: day, last: day, hours });
  }
  return lines.map(({ first, last, hours }) => {
    const [from, to] = [words.days[first - 1]!, words.days[last - 1]!];
    const days = first === last ? from : last === first + 1 ? words.and(from, to) : words.to(from, to);
    return [days, hours];
  });
};

/** The footer's 'Opening hours' section ('' when the venue has none). Day names and times only: nothing to escape. */
export const openingHoursHtml = (rows: readonly OpeningHoursRow[], language: Language = DEFAULT_LANGUAGE): string => {
  const lines = openingHoursLines(rows, language);
  if (lines.length === 0) return '';
  return `<h3>${WORDS[language].heading}</h3><ul>${lines.map(([days, hours]) => `<li><strong>${days}:</strong> ${hours}</li>`).join('')}</ul>`;
};
