import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiryInput, luhnValid, parseExpiry, validateCard } from './card.ts';

describe('card form checks', () => {
  it.each([
    ['4242424242424242', true],
    ['4000000000003220', true],
    ['4000000000000002', true],
    ['4000000000000119', true],
    ['4242424242424241', false],
    ['1234', false],
    ['', false],
  ])('Luhn %s → %s', (digits, valid) => expect(luhnValid(digits)).toBe(valid));

  it('formats the number in fours', () => {
    expect(formatCardNumber('4242-4242 42424242')).toBe('4242 4242 4242 4242');
  });

  it.each([
    ['12/30', { month: 12, year: 2030 }],
    ['1230', { month: 12, year: 2030 }],
    ['1/2031', { month: 1, year: 2031 }],
    ['13/30', null],
    ['ab', null],
  ])('expiry %s', (input, output) => expect(parseExpiry(input)).toEqual(output));

  it('adds the slash after the month, and lets it be deleted', () => {
    expect(formatExpiryInput('12', '1')).toBe('12/');
    expect(formatExpiryInput('12', '12/')).toBe('12');
    expect(formatExpiryInput('1230', '')).toBe('12/30');
  });

  it('reports each field in form order, with expired cards refused', () => {
    const now = new Date(2026, 10, 22);
    expect(validateCard({ number: '', expiry: '', securityCode: '', name: '' }, now)).toEqual({
      number: 'required',
      expiry: 'required',
      securityCode: 'required',
      name: 'required',
    });
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '10/26', securityCode: '12', name: 'A' }, now)).toEqual({
      number: 'number',
      expiry: 'expired',
      securityCode: 'securityCode',
    });
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '11/26', securityCode: '123', name: 'Alex Morgan' }, now)).toEqual({});
  });
});
