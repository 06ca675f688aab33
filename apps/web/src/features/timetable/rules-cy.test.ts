import { afterEach, describe, expect, it } from 'vitest';
import { setServerLanguage } from '../../lib/i18n-format.ts';
import { dateParts, formatLocalDateTime, localDateTime } from './rules.ts';

/** The timetable's dates follow the page's language (issue 27); no document here, as in a server render. */
afterEach(() => setServerLanguage(null));

describe('timetable dates in Welsh', () => {
  it('names days and months in Welsh on a Welsh page', () => {
    // fixed-date: a pure formatter: the date in, its text out (a Saturday in January)
    const day = '2027-01-09';
    expect(dateParts(day).long).toBe('Saturday 9 January 2027');
    setServerLanguage('cy');
    expect(dateParts(day).long).toBe('Dydd Sadwrn 9 Ionawr 2027');
    expect(formatLocalDateTime('2027-01-09 22:00')).toBe('Sad 9 Ion, 22:00'); // fixed-date: as above
  });

  it('keeps the machine format of a local date-time in any language', () => {
    setServerLanguage('cy');
    // fixed-date: a pure conversion
    expect(localDateTime('2027-01-09T22:00:00Z', 'Europe/London')).toBe('2027-01-09 22:00');
  });
});
