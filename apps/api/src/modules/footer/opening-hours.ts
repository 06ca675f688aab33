/** A venue's opening hours as the footer lists them (docs/operator-tools.md "Venues"). */

export type OpeningHoursRow = { iso_day: number; opens: string; closes: string };

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const hoursOf = (row: OpeningHoursRow | undefined) => (row ? `${row.opens.slice(0, 5)}\u2013${row.closes.slice(0, 5)}` : 'Closed');

/**
 * The week as lines, consecutive days with the same hours joined ('Monday to Friday',
 * '06:30–22:00'; a day with no row is 'Closed'). Empty when the venue has no hours at all.
 */
export const openingHoursLines = (rows: readonly OpeningHoursRow[]): [days: string, hours: string][] => {
  if (rows.length === 0) return [];
  const byDay = new Map(rows.map((row) => [row.iso_day, row]));
  const lines: { first: number; last: number; hours: string }[] = [];
  for (let day = 1; day <= 7; day += 1) {
    const hours = hoursOf(byDay.get(day));
    const previous = lines.at(-1);
    if (previous && previous.hours === hours) previous.last = day;
    else lines.push({ first: day, last: day, hours });
  }
  return lines.map(({ first, last, hours }) => {
    const days = first === last ? DAYS[first - 1]! : last === first + 1 ? `${DAYS[first - 1]} and ${DAYS[last - 1]}` : `${DAYS[first - 1]} to ${DAYS[last - 1]}`;
    return [days, hours];
  });
};

/** The footer's 'Opening hours' section ('' when the venue has none). Day names and times only: nothing to escape. */
export const openingHoursHtml = (rows: readonly OpeningHoursRow[]): string => {
  const lines = openingHoursLines(rows);
  if (lines.length === 0) return '';
  return `<h3>Opening hours</h3><ul>${lines.map(([days, hours]) => `<li><strong>${days}:</strong> ${hours}</li>`).join('')}</ul>`;
};
