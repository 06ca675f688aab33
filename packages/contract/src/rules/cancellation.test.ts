import { describe, expect, it } from 'vitest';
import { LATE_CANCELLATION_FEE_PENCE, addMonths, cancellationOutcome } from './cancellation.ts';

const NOW = new Date('2026-11-22T10:00:00Z');
const hoursLater = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

describe('cancellationOutcome (at least 4 hours before: credit for 12 months; later: a fee)', () => {
  it('gives the price back as credit exactly 4 hours ahead, valid 12 months', () => {
    expect(cancellationOutcome(hoursLater(4), 650, NOW)).toEqual({ kind: 'credit', amount: 650, expiresAt: new Date('2027-11-22T10:00:00Z') });
  });
  it('charges the late-cancellation fee a minute under 4 hours', () => {
    expect(cancellationOutcome(new Date(hoursLater(4).getTime() - 60_000), 650, NOW)).toEqual({ kind: 'fee', amount: LATE_CANCELLATION_FEE_PENCE });
    expect(LATE_CANCELLATION_FEE_PENCE).toBe(200);
  });
  it('refuses once started', () => {
    expect(cancellationOutcome(NOW, 650, NOW)).toEqual({ kind: 'started' });
  });
  it('adds calendar months without spilling into the next month', () => {
    expect(addMonths(new Date('2027-01-31T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T12:00:00Z'), 12).toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });
});
