import { describe, expect, it } from 'vitest';
import { checkDateOfBirth } from './date-of-birth.ts';

// The code under test is given today's date; this one stands for any day (a NOW constant, scripts/stale-dates.ts).
const NOW = '2026-11-26';
const check = (day: string, month: string, year: string, whose = 'your') => checkDateOfBirth({ day, month, year }, NOW, whose);

describe('checkDateOfBirth (GOV.UK date input messages)', () => {
  it('answers the date as YYYY-MM-DD, padded and trimmed', () => {
    expect(check(' 3', '7 ', '2015')).toEqual({ ok: true, value: '2015-07-03' });
    expect(check('29', '2', '2016')).toEqual({ ok: true, value: '2016-02-29' });
  });
  it('names what is missing, marking only those parts', () => {
    expect(check('', '', '')).toEqual({ ok: false, message: 'Enter your date of birth', parts: ['day', 'month', 'year'] });
    expect(check('', '', '', "Leo's")).toMatchObject({ message: "Enter Leo's date of birth" });
    expect(check('', '4', '2010')).toEqual({ ok: false, message: 'Date of birth must include a day', parts: ['day'] });
    expect(check('1', '', '')).toEqual({ ok: false, message: 'Date of birth must include a month and year', parts: ['month', 'year'] });
  });
  it('refuses what is not a real date, a short year, today or later, and before 1900', () => {
    expect(check('31', '4', '2010')).toMatchObject({ message: 'Date of birth must be a real date' });
    expect(check('29', '2', '2015')).toMatchObject({ message: 'Date of birth must be a real date' });
    expect(check('1', '13', '2010')).toMatchObject({ message: 'Date of birth must be a real date' });
    expect(check('a', '1', '2010')).toEqual({ ok: false, message: 'Date of birth must be a real date', parts: ['day'] });
    expect(check('1', '1', '10')).toEqual({ ok: false, message: 'Year must include 4 numbers', parts: ['year'] });
    expect(check('26', '11', '2026')).toMatchObject({ message: 'Date of birth must be in the past' });
    expect(check('1', '1', '2030')).toMatchObject({ message: 'Date of birth must be in the past' });
    expect(check('31', '12', '1899')).toMatchObject({ message: 'Date of birth must be the same as or after 1 January 1900' });
    expect(check('1', '1', '1900')).toEqual({ ok: true, value: '1900-01-01' });
  });
});
