import { describe, expect, it } from 'vitest';
import { formatPence, parsePounds, penceToField } from './money.ts';

describe('till money', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10.50', 1050],
    ['£7.50', 750],
    [' 0.01 ', 1],
    ['0', 0],
  ])('reads %j as %i pence', (text, pence) => expect(parsePounds(text)).toBe(pence));

  it.each(['', 'ten', '10.005', '-5', '1,000', '10.', '.5', '1234567'])('refuses %j', (text) => expect(parsePounds(text)).toBeNull());

  it('shows pence with the symbol, a shortfall with a minus sign', () => {
    expect(formatPence(250, '£')).toBe('£2.50');
    expect(formatPence(-1, '£')).toBe('−£0.01');
    expect(formatPence(10_750, '€')).toBe('€107.50');
    expect(penceToField(750)).toBe('7.50');
  });
});
