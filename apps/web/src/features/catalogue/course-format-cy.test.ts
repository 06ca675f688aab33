import { afterEach, describe, expect, it } from 'vitest';
import { setServerLanguage } from '../../lib/i18n-format.ts';
import { dayName, formatCourseDate } from './course-format.ts';

/** The course dates follow the page's language (issue 27); no document here, as in a server render. */
afterEach(() => setServerLanguage(null));

describe('course dates in Welsh', () => {
  it('names days and months in Welsh on a Welsh page, in English otherwise', () => {
    // fixed-date: a pure formatter: the date in, its text out (a Saturday in January)
    const day = '2027-01-09';
    expect(formatCourseDate(day)).toBe('Sat 9 Jan 2027');
    setServerLanguage('cy');
    expect(formatCourseDate(day)).toBe('Sad 9 Ion 2027');
    expect(dayName(6)).toBe('Dydd Sadwrn');
  });
});
