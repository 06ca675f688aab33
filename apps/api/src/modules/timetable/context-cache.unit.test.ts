import { describe, expect, it } from 'vitest';
import { createContextCache, venueClock } from './context-cache.ts';

describe('the venue clock', () => {
  it('reads the venue-local date and time, on both sides of a clock change', () => {
    expect(venueClock('Europe/London', new Date('2026-11-22T23:30:00Z'))).toEqual({ today: '2026-11-22', time: '23:30:00' }); // fixed-date: the instant is given, the clock is not read
    expect(venueClock('Europe/London', new Date('2027-03-28T00:59:59Z'))).toEqual({ today: '2027-03-28', time: '00:59:59' }); // fixed-date: the instant is given, the clock is not read
    expect(venueClock('Europe/London', new Date('2027-03-28T01:00:00Z'))).toEqual({ today: '2027-03-28', time: '02:00:00' }); // fixed-date: the instant is given, the clock is not read
    expect(venueClock('Europe/London', new Date('2027-06-30T23:30:00Z'))).toEqual({ today: '2027-07-01', time: '00:30:00' }); // fixed-date: the instant is given, the clock is not read
  });
});

describe('the context cache', () => {
  it('answers only for the version an entry was stamped with, and forgets the oldest entry', () => {
    const cache = createContextCache<string>(2);
    cache.set('a', 1, 'A');
    expect(cache.get('a', 1)).toBe('A');
    expect(cache.get('a', 2)).toBeUndefined();
    cache.set('b', 1, 'B');
    cache.set('c', 1, 'C');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe('C');
  });
});
