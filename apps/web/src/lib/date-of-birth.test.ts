import { describe, expect, it } from 'vitest';
import { checkDateOfBirth } from './date-of-birth.ts';

// The code under test is given today's date; this one stands for any day (a NOW constant, scripts/stale-dates.ts).
const NOW = '2026-11-26';
const check = (day: string, month: string, year: string) => checkDateOfBirth({ day, month, year }, NOW);

// The problems name GOV.UK's messages (common:dateOfBirth.errors.<problem>, one per language); TicketDateOfBirth.test.tsx reads them on screen.
describe('checkDateOfBirth (GOV.UK date input problems)', () => {
  it('answers the date as YYYY-MM-DD, padded and trimmed', () => {
    expect(check(' 3', '7 ', '2015')).toEqual({ ok: true, value: '2015-07-03' });
    expect(check('29', '2', '2016')).toEqual({ ok: true, value: '2016-02-29' });
  });
  it('names what is missing, marking only those parts', () => {
    expect(check('', '', '')).toEqual({ ok: false, problem: 'enter', parts: ['day', 'month', 'year'] });
    expect(check('', '4', '2010')).toEqual({ ok: false, problem: 'include_day', parts: ['day'] });
    expect(check('1', '', '')).toEqual({ ok: false, problem: 'include_month_year', parts: ['month', 'year'] });
    expect(check('', '', '2010')).toEqual({ ok: false, problem: 'include_day_month', parts: ['day', 'month'] });
  });
  it('refuses what is not a real date, a short year, today or later, and before 1900', () => {
    expect(check('31', '4', '2010')).toMatchObject({ problem: 'real' });
    expect(check('29', '2', '2015')).toMatchObject({ problem: 'real' });
    expect(check('1', '13', '2010')).toMatchObject({ problem: 'real' });
    expect(check('a', '1', '2010')).toEqual({ ok: false, problem: 'real', parts: ['day'] });
    expect(check('1', '1', '10')).toEqual({ ok: false, problem: 'yearDigits', parts: ['year'] });
    expect(check('26', '11', '2026')).toMatchObject({ problem: 'past' });
    expect(check('1', '1', '2030')).toMatchObject({ problem: 'past' });
    expect(check('31', '12', '1899')).toMatchObject({ problem: 'earliest' });
    expect(check('1', '1', '1900')).toEqual({ ok: true, value: '1900-01-01' });
  });
});
