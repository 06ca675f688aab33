import { describe, expect, it } from 'vitest';
import { createVisitorDayCache } from './visitor-cache.ts';

const T0 = Date.UTC(2026, 10, 22, 10, 0, 5); // 10:00:05, 55 s before the next minute
const HOUR = 3_600_000;

describe('visitor day cache', () => {
  it('keeps an answer until a note names its day, and only that day', () => {
    const cache = createVisitorDayCache();
    cache.set('a', 'day-1', cache.stamp('day-1'), '{"a":1}', T0 + HOUR, T0);
    cache.set('b', 'day-2', cache.stamp('day-2'), '{"b":1}', T0 + HOUR, T0);
    expect(cache.get('a', T0 + 1)).toBe('{"a":1}');
    cache.changed('day-1');
    expect(cache.get('a', T0 + 1)).toBeUndefined();
    expect(cache.get('b', T0 + 1)).toBe('{"b":1}');
  });

  it('does not keep a build that a note overtook (read before the change, stored after it)', () => {
    const cache = createVisitorDayCache();
    const stamp = cache.stamp('day-1');
    cache.changed('day-1'); // the change committed while the build was reading
    expect(cache.set('a', 'day-1', stamp, 'stale', T0 + HOUR, T0)).toBe(false);
    expect(cache.get('a', T0)).toBeUndefined();
    // A build stamped after the note is kept.
    expect(cache.set('a', 'day-1', cache.stamp('day-1'), 'fresh', T0 + HOUR, T0)).toBe(true);
    expect(cache.get('a', T0)).toBe('fresh');
  });

  it('drops everything, and builds in flight, on a reset (notes may have been missed)', () => {
    const cache = createVisitorDayCache();
    cache.set('a', 'day-1', cache.stamp('day-1'), 'x', T0 + HOUR, T0);
    const inFlight = cache.stamp('day-2');
    cache.reset();
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.set('b', 'day-2', inFlight, 'y', T0 + HOUR, T0)).toBe(false);
  });

  it('serves an answer no later than the first instant it changes with time, and never past the 15-minute backstop', () => {
    const cache = createVisitorDayCache();
    cache.set('hold-expires', 'day-1', cache.stamp('day-1'), 'x', T0 + 20_000, T0);
    expect(cache.get('hold-expires', T0 + 19_999)).toBe('x');
    expect(cache.get('hold-expires', T0 + 20_000)).toBeUndefined();
    cache.set('quiet-day', 'day-2', cache.stamp('day-2'), 'y', Number.POSITIVE_INFINITY, T0);
    expect(cache.get('quiet-day', T0 + 15 * 60_000 - 1)).toBe('y');
    expect(cache.get('quiet-day', T0 + 15 * 60_000)).toBeUndefined();
  });

  it('keeps at most maxEntries answers, the oldest going first', () => {
    const cache = createVisitorDayCache(2);
    for (const key of ['a', 'b', 'c']) cache.set(key, `day-${key}`, cache.stamp(`day-${key}`), key, T0 + HOUR, T0);
    expect(cache.size()).toBe(2);
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('c', T0)).toBe('c');
  });
});
