import { describe, expect, it } from 'vitest';
import { priceBasis, ticketFit, ticketPrice } from './prices.ts';

const yoga = { price_pence: 750, member_price_pence: 450 };
const odd = { price_pence: 300, member_price_pence: 400 };

describe('ticketPrice', () => {
  it.each([
    ['standard', yoga, 750],
    ['member', yoga, 450],
    ['member', odd, 300],
    ['membership', yoga, 0],
    ['package', yoga, 0],
  ] as const)('%s pays %o → %i', (basis, option, pence) => expect(ticketPrice(basis, option)).toBe(pence));

  it('takes the cover before membership', () => {
    expect(priceBasis('package', true)).toBe('package');
    expect(priceBasis(null, true)).toBe('member');
    expect(priceBasis(undefined, false)).toBe('standard');
  });
});

describe('ticketFit', () => {
  const junior = { name: 'Junior', min_age: 0, max_age: 15 };
  const on = '2030-06-01'; // fixed-date: a pure function of its arguments
  it('refuses an adult on a junior ticket, naming the ticket', () => {
    expect(ticketFit({ first_name: 'Alex', date_of_birth: '1996-01-10' }, junior, on)).toEqual({ // fixed-date: a date of birth against the fixed `on`
      ok: false,
      needsDateOfBirth: false,
      reason: 'The Junior ticket is for ages 0 to 15; Alex is 34.',
    });
  });
  it('lets a child and a 15-year-old on their last day in', () => {
    expect(ticketFit({ first_name: 'Leo', date_of_birth: '2024-03-01' }, junior, on).ok).toBe(true); // fixed-date: a date of birth against the fixed `on`
    expect(ticketFit({ first_name: 'Sam', date_of_birth: '2014-06-02' }, junior, on).ok).toBe(true); // fixed-date: a date of birth against the fixed `on`
    expect(ticketFit({ first_name: 'Sam', date_of_birth: '2014-06-01' }, junior, on).ok).toBe(false); // fixed-date: a date of birth against the fixed `on`
  });
  it('asks for a date of birth when the ticket has a rule, and not otherwise', () => {
    expect(ticketFit({ first_name: 'Alex', date_of_birth: null }, junior, on)).toMatchObject({ ok: false, needsDateOfBirth: true, reason: expect.stringContaining("add Alex's date of birth") });
    expect(ticketFit({ first_name: 'Alex', date_of_birth: null }, { name: 'Adult', min_age: null, max_age: null }, on)).toEqual({ ok: true });
  });
});
