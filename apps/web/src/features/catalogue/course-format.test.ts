import { describe, expect, it } from 'vitest';
import { ageRange, dayName, formatCourseDate, pricePerSession, timeRange, todayIn } from './course-format.ts';

describe('course formatting', () => {
  it('formats a course date without shifting the day', () => {
    // fixed-date: a pure formatter: the date in, its text out
    expect(formatCourseDate('2027-01-09')).toBe('Sat 9 Jan 2027');
    expect(formatCourseDate('2027-03-28')).toBe('Sun 28 Mar 2027'); // fixed-date: as above
  });

  it.each([
    [0, 'Sunday'],
    [1, 'Monday'],
    [6, 'Saturday'],
  ])('day %i is %s', (day, name) => expect(dayName(day)).toBe(name));

  it('shows the session time range, past midnight too', () => {
    expect(timeRange('09:00', 30)).toBe('09:00–09:30');
    expect(timeRange('18:45', 75)).toBe('18:45–20:00');
    expect(timeRange('23:30', 60)).toBe('23:30–00:30');
  });

  it('describes ages', () => {
    expect(ageRange(4, 7)).toEqual({ key: 'ages', min: 4, max: 7 });
    expect(ageRange(50, null)).toEqual({ key: 'agesFrom', min: 50 });
    expect(ageRange(null, 16)).toEqual({ key: 'agesUpTo', max: 16 });
    expect(ageRange(null, null)).toBeNull();
  });

  it('spreads the price over the weeks', () => {
    expect(pricePerSession(6000, 10)).toBe(600);
    expect(pricePerSession(5000, 6)).toBe(833);
  });

  it('gives today in the venue time zone', () => {
    // 23:30 UTC on 31 March 2027 is already 1 April in London (BST).
    // fixed-date: `todayIn` is given its own now; nothing reads the clock
    expect(todayIn('Europe/London', new Date('2027-03-31T23:30:00Z'))).toBe('2027-04-01');
    expect(todayIn('Europe/London', new Date('2027-01-15T23:30:00Z'))).toBe('2027-01-15'); // fixed-date: as above
  });
});
