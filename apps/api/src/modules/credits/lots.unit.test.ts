import { describe, expect, it } from 'vitest';
import { remainingLots, type LedgerEntry } from './lots.ts';

const day = (n: number) => new Date(Date.UTC(2027, 0, n));
let nextId = 1;
const entry = (kind: LedgerEntry['kind'], amount: number, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: nextId++,
  kind,
  amount,
  cart_id: null,
  expires_at: null,
  expires_entry_id: null,
  ...extra,
});

describe('remainingLots: which credit is left, grant by grant', () => {
  it('spends the credit that expires first, keeping credit without expiry for last', () => {
    const topUp = entry('top_up', 5000);
    const refund = entry('refund', 550, { expires_at: day(10) });
    const lots = remainingLots([topUp, refund, entry('spend', -600)]);
    expect(lots).toEqual([{ id: topUp.id, remaining: 4950, expiresAt: null }]);
  });

  it('never spends a grant before it existed', () => {
    const topUp = entry('top_up', 5000);
    const spend = entry('spend', -5000);
    const refund = entry('refund', 550, { expires_at: day(10) });
    expect(remainingLots([topUp, spend, refund])).toEqual([{ id: refund.id, remaining: 550, expiresAt: day(10) }]);
  });

  it('gives a released reservation back to the grants it took from', () => {
    const refund = entry('refund', 550, { expires_at: day(10) });
    const topUp = entry('top_up', 1000);
    const entries = [refund, topUp, entry('reservation', -700, { cart_id: 7 }), entry('release', 700, { cart_id: 7 })];
    expect(remainingLots(entries).map((l) => [l.id, l.remaining])).toEqual([
      [refund.id, 550],
      [topUp.id, 1000],
    ]);
  });

  it('closes a grant with its expiry row', () => {
    const refund = entry('refund', 550, { expires_at: day(10) });
    const spend = entry('spend', -200);
    const expiry = entry('expiry', -350, { expires_entry_id: refund.id });
    expect(remainingLots([refund, spend, expiry])).toEqual([]);
  });

  it('orders what is left by expiry, soonest first', () => {
    const late = entry('refund', 100, { expires_at: day(20) });
    const early = entry('refund', 200, { expires_at: day(5) });
    const never = entry('top_up', 300);
    expect(remainingLots([never, late, early]).map((l) => l.id)).toEqual([early.id, late.id, never.id]);
  });
});
