import { describe, expect, it } from 'vitest';
import { discountPence, normaliseDiscountCode, DISCOUNT_CODE_PATTERN } from './discount.ts';

const percent = (p: number, activity_ids: number[] = []) => ({ percent_off: p, amount_off_pence: null, activity_ids });
const fixed = (pence: number, activity_ids: number[] = []) => ({ percent_off: null, amount_off_pence: pence, activity_ids });

describe('discountPence', () => {
  it('takes a percent of every paid line, rounded down to the penny', () => {
    expect(discountPence(percent(10), [{ activity_id: 1, price_pence: 650 }, { activity_id: 2, price_pence: 455 }])).toBe(110); // 110.5 → 110
  });

  it('applies a restricted code only to its activities (never to a course line)', () => {
    const lines = [
      { activity_id: 1, price_pence: 1000 },
      { activity_id: 2, price_pence: 500 },
      { activity_id: null, price_pence: 6000 },
    ];
    expect(discountPence(percent(50, [2]), lines)).toBe(250);
    expect(discountPence(percent(50), lines)).toBe(3750);
  });

  it('never takes more than the lines cost: a fixed amount stops at zero', () => {
    expect(discountPence(fixed(2000), [{ activity_id: 1, price_pence: 650 }])).toBe(650);
    expect(discountPence(fixed(500), [{ activity_id: 1, price_pence: 650 }])).toBe(500);
    expect(discountPence(percent(100), [{ activity_id: 1, price_pence: 650 }])).toBe(650);
  });

  it('is 0 when nothing it applies to costs anything (covered items are free)', () => {
    expect(discountPence(fixed(500), [{ activity_id: 1, price_pence: 0 }])).toBe(0);
    expect(discountPence(percent(10, [9]), [{ activity_id: 1, price_pence: 650 }])).toBe(0);
    expect(discountPence(percent(10), [])).toBe(0);
  });
});

describe('normaliseDiscountCode', () => {
  it('trims and upper-cases what was typed; other scripts never match a stored code', () => {
    expect(normaliseDiscountCode('  welcome10 ')).toBe('WELCOME10');
    expect(normaliseDiscountCode('ＷＥＬＣＯＭＥ１０')).toBe('WELCOME10'); // full-width letters
    expect(DISCOUNT_CODE_PATTERN.test(normaliseDiscountCode('wélcome10'))).toBe(false);
    expect(DISCOUNT_CODE_PATTERN.test(normaliseDiscountCode('🎉'))).toBe(false);
    expect(DISCOUNT_CODE_PATTERN.test('A'.repeat(41))).toBe(false);
  });
});
