import { describe, expect, it } from 'vitest';
import { birthdayYearsAgo } from './accounts.ts';
import { firstWeekdayFrom } from './seed.ts';
import { daysFromLoad } from './venue-profiles.ts';

// The demo data is dated from the day it is loaded (issue 19): these are its date rules, on a pinned clock.
const NOW = new Date('2026-11-23T12:00:00Z');
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

describe('demo data dates, relative to the day it is loaded', () => {
  it('counts days from venue-local today', () => {
    expect(daysFromLoad(0, NOW)).toBe('2026-11-23');
    expect(daysFromLoad(-448, NOW)).toBe('2025-09-01');
    expect(daysFromLoad(129, NOW)).toBe('2027-04-01');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(daysFromLoad(0, new Date('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
  });

  it.each([0, 1, 2, 3, 4, 5, 6])('starts a course on weekday %i, within a week of the offset', (weekday) => {
    for (const offset of [0, 2, 36, 41]) {
      const from = daysFromLoad(0, NOW);
      const starts = firstWeekdayFrom(from, offset, weekday);
      expect(new Date(`${starts}T12:00:00Z`).getUTCDay()).toBe(weekday);
      const after = dayNumber(starts) - dayNumber(from) - offset;
      expect(after).toBeGreaterThanOrEqual(0);
      expect(after).toBeLessThan(7);
    }
  });

  it('keeps a child the same age whatever the day', () => {
    expect(birthdayYearsAgo(9, 3, 22, NOW)).toBe('2017-03-22');
    expect(birthdayYearsAgo(6, 12, 9, NOW)).toBe('2019-12-09');
    expect(birthdayYearsAgo(6, 11, 23, NOW)).toBe('2020-11-23');
  });
});
