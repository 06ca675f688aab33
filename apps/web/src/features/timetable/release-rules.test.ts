import { describe, expect, it } from 'vitest';
import { announceBucket, countdownParts, jitterMs, nextLookMs, shortHex } from './release-rules.ts';

const S = 1000;
const M = 60 * S;

describe('the release countdown (issue 25)', () => {
  it('splits what is left into hours, minutes and seconds, rounding a part second up and never below 0', () => {
    expect(countdownParts(9 * M + 12 * S)).toEqual({ hours: 0, minutes: 9, seconds: 12, total: 552 });
    expect(countdownParts(9 * M + 11 * S + 1)).toMatchObject({ minutes: 9, seconds: 12 });
    expect(countdownParts(2 * 3600 * S + 5 * M)).toMatchObject({ hours: 2, minutes: 5, seconds: 0 });
    expect(countdownParts(-5 * S)).toEqual({ hours: 0, minutes: 0, seconds: 0, total: 0 });
  });

  it('is read out at 60, 30, 10, 5 and 1 minutes left and at the release, not every second', () => {
    expect(announceBucket(2 * 3600 * S)).toBeNull();
    expect(announceBucket(60 * M)).toBe(60);
    expect(announceBucket(45 * M)).toBe(60);
    expect(announceBucket(9 * M + 12 * S)).toBe(10);
    expect(announceBucket(9 * M + 11 * S)).toBe(10);
    expect(announceBucket(4 * M)).toBe(5);
    expect(announceBucket(30 * S)).toBe(1);
    expect(announceBucket(0)).toBe(0);
    // Between two milestones the bucket does not change, so nothing new is said.
    // Each second of the last 10 minutes: 4 things said in 601 ticks.
    const buckets = new Set(Array.from({ length: 601 }, (_, second) => announceBucket(10 * M - second * S)));
    expect([...buckets]).toEqual([10, 5, 1, 0]);
  });

  it('shortens a hash to its first 8 and last 4 characters', () => {
    expect(shortHex('0123456789abcdef'.repeat(4))).toBe('01234567…cdef');
    expect(shortHex('abc')).toBe('abc');
  });
});

describe('looking again at a release (no request storm at the instant)', () => {
  const at = Date.now() + 5 * M;
  it('before the instant: once, just after it, with jitter (at most every 30 minutes)', () => {
    expect(nextLookMs(at, false, at - 5 * M, 0)).toBe(5 * M + S);
    expect(nextLookMs(at, false, at - 5 * M, 2500)).toBe(5 * M + S + 2500);
    expect(nextLookMs(at, false, at - 10 * 3600 * S, 0)).toBe(30 * M);
  });
  it('after it: every 3 s for 2 minutes, every 30 s up to half an hour, then not again; never once settled', () => {
    expect(nextLookMs(at, false, at + S, 0)).toBe(3 * S);
    expect(nextLookMs(at, false, at + 3 * M, 700)).toBe(30 * S + 700);
    expect(nextLookMs(at, false, at + 31 * M, 0)).toBe(false);
    expect(nextLookMs(at, true, at - M, 0)).toBe(false);
    expect(nextLookMs(at, true, at + S, 0)).toBe(false);
  });
  it('jitter is 0 to 3 seconds', () => {
    expect(jitterMs(() => 0)).toBe(0);
    expect(jitterMs(() => 0.999)).toBe(2997);
  });
});
