import { describe, expect, it } from 'vitest';
import { addDays, bookingWindow, datesBetween, isWithinWindow, prettyDate } from './window.ts';

describe('the rolling booking window', () => {
  it('opens today + W all day and today + W + 1 from the release time', () => {
    expect(bookingWindow({ today: '2026-11-22', windowDays: 7, afterRelease: false })).toEqual({ first: '2026-11-22', lastOpen: '2026-11-29', next: '2026-11-30' }); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(bookingWindow({ today: '2026-11-22', windowDays: 7, afterRelease: true })).toEqual({ first: '2026-11-22', lastOpen: '2026-11-30', next: '2026-12-01' }); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(bookingWindow({ today: '2026-11-22', windowDays: 5, afterRelease: false }).lastOpen).toBe('2026-11-27'); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
  });

  it('answers today … the next date to open, and nothing before or after', () => {
    const window = bookingWindow({ today: '2026-12-30', windowDays: 2, afterRelease: false }); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(isWithinWindow(window, '2026-12-29')).toBe(false); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(isWithinWindow(window, '2026-12-30')).toBe(true); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(isWithinWindow(window, '2027-01-02')).toBe(true); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(isWithinWindow(window, '2027-01-03')).toBe(false); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(datesBetween(window.first, window.next)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
  });

  it('counts calendar days across a clock change and a leap day', () => {
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29'); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29'); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31'); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
  });

  it('writes the pretty forms of a date', () => {
    expect(prettyDate('2026-11-23')).toEqual({ day_pretty: 'Mon', date_pretty: '23 Nov', full_date_pretty: 'Monday 23 November 2026', year: 2026 }); // fixed-date: pure date arithmetic: 'today' is given, the clock is not read
  });
});
