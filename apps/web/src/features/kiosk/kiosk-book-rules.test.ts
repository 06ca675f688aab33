import { describe, expect, it } from 'vitest';
import { creditAvailable, creditPayment, dayLabel, formatPounds } from './kiosk-book-rules.ts';

const cart = (total: number, membership: [number, number], general: [number, number]) => ({
  total,
  credits: { membership: { totalAvailable: membership[0], maxApplicable: membership[1] }, general: { totalAvailable: general[0], maxApplicable: general[1] } },
});

describe('paying a kiosk basket with credit', () => {
  it('uses membership credit first, then general credit, to the penny', () => {
    expect(creditPayment(cart(750, [500, 750], [1000, 750]))).toEqual([
      { tenderType: 'membership-credit', amount: 500 },
      { tenderType: 'general-credit', amount: 250 },
    ]);
    expect(creditPayment(cart(750, [0, 0], [1000, 750]))).toEqual([{ tenderType: 'general-credit', amount: 750 }]);
  });

  it('is null when the credit (or what the server allows of it) does not cover the basket', () => {
    expect(creditPayment(cart(750, [0, 0], [749, 750]))).toBeNull();
    expect(creditPayment(cart(750, [1000, 0], [1000, 500]))).toBeNull();
    expect(creditAvailable(cart(750, [1000, 0], [1000, 500]))).toBe(500);
  });

  it('needs no lines for a basket of 0 (covered by a membership)', () => {
    expect(creditPayment(cart(0, [0, 0], [0, 0]))).toEqual([]);
  });

  it('shows pounds and pence', () => {
    expect(formatPounds(750)).toBe('£7.50');
    expect(formatPounds(5)).toBe('£0.05');
  });
});

describe('the day of a basket item', () => {
  it('is written out from its venue-local date, and anything else is shown as it is', () => {
    const now = new Date();
    const iso = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(dayLabel(iso)).toBe(now.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' }));
    expect(dayLabel('soon')).toBe('soon');
  });
});
