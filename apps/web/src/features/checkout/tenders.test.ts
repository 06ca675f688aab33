import { describe, expect, it } from 'vitest';
import {
  CREDIT_TENDERS,
  balanceDue,
  creditCap,
  setCreditTender,
  syncTenders,
  validPayments,
  type Payment,
} from './tenders.ts';

const general = (amount: number): Payment => ({ tenderType: CREDIT_TENDERS.general, amount });
const membership = (amount: number): Payment => ({ tenderType: CREDIT_TENDERS.membership, amount });
const cash = (amount: number): Payment => ({ tenderType: 'cash', amount });

describe('spec §4 payments in the basket', () => {
  it.each([
    ['adds a credit tender to an empty list', [], 'general', 500, [general(500)]],
    ['a new general tender replaces the old general one', [general(500)], 'general', 300, [general(300)]],
    ['a new membership tender replaces only the membership one', [general(500), membership(200)], 'membership', 700, [general(500), membership(700)]],
    ['a general tender leaves membership and cash alone', [membership(200), cash(100)], 'general', 100, [membership(200), cash(100), general(100)]],
    ['0 removes the tender of that kind', [general(500), membership(200)], 'general', 0, [membership(200)]],
    ['a negative amount removes it', [general(500)], 'general', -1, []],
    ['fractions of a penny are not a tender', [general(500)], 'general', 2.5, []],
  ] as const)('%s', (_name, before, kind, amount, after) => {
    expect(setCreditTender(before, kind, amount)).toEqual(after);
  });

  it('spec §5: non-positive payments are dropped', () => {
    expect(validPayments([cash(0), cash(-5), general(10)])).toEqual([general(10)]);
  });

  it("synced: the server's list wins, its non-positive lines dropped", () => {
    expect(syncTenders([cash(0), cash(300), general(100)])).toEqual([cash(300), general(100)]);
  });

  it('balance due and the credit cap never go below 0', () => {
    expect(balanceDue(1300, [general(500), membership(300)])).toBe(500);
    expect(balanceDue(1300, [general(2000)])).toBe(0);
    expect(creditCap({ totalAvailable: 5000, maxApplicable: 1300 }, 800)).toBe(800);
    expect(creditCap({ totalAvailable: 400, maxApplicable: 1300 }, 800)).toBe(400);
    expect(creditCap({ totalAvailable: 0, maxApplicable: 0 }, 800)).toBe(0);
  });
});
