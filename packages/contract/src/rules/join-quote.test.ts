import { describe, expect, it } from 'vitest';
import {
  ageBandRefusal,
  bankHolidays,
  cancelPlan,
  joinQuote,
  londonDate,
  longDate,
  settlementDay,
  startDateRefusal,
  withinMinimumTerm,
  workingDaysBefore,
  type QuotePlan,
} from './join-quote.ts';

/** The rule is given its clock (`today`, `now`): every date here is an input, never the machine's. */
const NOW = new Date('2027-03-31T23:30:00Z');

const monthly = (monthlyPence: number, joiningFeePence = 2500, minimumTermMonths: 0 | 12 = 0): QuotePlan => ({ monthlyPence, joiningFeePence, billing: 'monthly', annualPence: null, minimumTermMonths });

describe('joinQuote: monthly plans (Direct Debits on the 1st; pro-rata round(monthly × (D − d + 1) / D); after the 20th the next month is paid today)', () => {
  it.each([
    // today,       start,        monthly, fee,  pro-rata, days/D,  next month, today total, first DD
    ['ordinary day', '2027-01-10', '2027-01-10', 3200, 2500, 2271, [22, 31], null, 4771, '2027-02-01'],
    ['the 20th still reaches next month', '2027-01-10', '2027-01-20', 3200, 2500, 1239, [12, 31], null, 3739, '2027-02-01'],
    ['the 21st pays next month today', '2027-01-10', '2027-01-21', 3200, 2500, 1135, [11, 31], 3200, 6835, '2027-03-01'],
    ['month end (31st): one day', '2027-01-10', '2027-01-31', 3200, 2500, 103, [1, 31], 3200, 5803, '2027-03-01'],
    ['February, common year (28 days)', '2027-02-10', '2027-02-15', 3200, 2500, 1600, [14, 28], null, 4100, '2027-03-01'],
    ['February, leap year (29 days)', '2028-02-10', '2028-02-15', 3200, 2500, 1655, [15, 29], null, 4155, '2028-03-01'],
    ['leap day start', '2028-02-10', '2028-02-29', 3200, 2500, 110, [1, 29], 3200, 5810, '2028-04-01'],
    ['over the year end', '2027-12-10', '2027-12-25', 3200, 2500, 723, [7, 31], 3200, 6423, '2028-02-01'],
    ['the 1st: a full month, no joining fee', '2027-03-20', '2027-04-01', 3000, 0, 3000, [30, 30], null, 3000, '2027-05-01'],
    ['half a penny rounds up', '2027-04-10', '2027-04-30', 4515, 0, 151, [1, 30], 4515, 4666, '2027-06-01'],
  ] as const)('%s', (_name, today, start, price, fee, proRata, [days, D], next, total, first) => {
    const q = joinQuote(monthly(price, fee), start, today);
    expect(q.proRata).toMatchObject({ amount: proRata, days, daysInMonth: D, from: start });
    expect(q.nextMonth?.amount ?? null).toBe(next);
    expect(q.todayTotal).toBe(total);
    expect(q.firstCollection).toEqual({ date: first, amount: price });
    expect(q.mandateRequired).toBe(true);
  });

  it('names the days the pro-rata and the next month cover', () => {
    const q = joinQuote(monthly(3200), '2027-01-21', '2027-01-10');
    expect(q.proRata).toMatchObject({ from: '2027-01-21', to: '2027-01-31' });
    expect(q.nextMonth).toEqual({ amount: 3200, from: '2027-02-01', to: '2027-02-28' });
  });

  it('cooling-off ends 14 days after the day the contract is made (today), not the start date', () => {
    expect(joinQuote(monthly(3200), '2027-02-05', '2027-01-10').coolingOffEndsOn).toBe('2027-01-24');
  });

  it.each([
    ['2027-03-31', '2028-03-30'],
    ['2027-04-01', '2028-03-31'],
    // fixed-date: a leap-day start ends its 12 months on 28 February, not 1 March
    ['2028-02-29', '2029-02-28'],
    ['2028-03-01', '2029-02-28'],
  ])('a 12-month minimum term starting %s ends %s', (start, end) => {
    expect(joinQuote(monthly(3200, 0, 12), start, start).minimumTermEndsOn).toBe(end);
    expect(joinQuote(monthly(3200, 0, 0), start, start).minimumTermEndsOn).toBeNull();
  });
});

describe('joinQuote: annual upfront (one card payment, no mandate)', () => {
  it('charges the joining fee and the year today, no Direct Debit', () => {
    const q = joinQuote({ monthlyPence: 2500, joiningFeePence: 1000, billing: 'annual', annualPence: 27000, minimumTermMonths: 12 }, '2027-06-15', '2027-06-01');
    expect(q).toMatchObject({ todayTotal: 28000, firstCollection: null, mandateRequired: false, proRata: null, nextMonth: null });
    expect(q.annual).toEqual({ amount: 27000, from: '2027-06-15', to: '2028-06-14' });
    expect(q.minimumTermEndsOn).toBe('2028-06-14');
  });
});

describe('start date: today up to 30 days ahead (London dates)', () => {
  it.each([
    ['2027-01-10', '2027-01-10', null],
    ['2027-01-10', '2027-02-09', null],
    ['2027-01-10', '2027-01-09', 'start_date_in_past'],
    ['2027-01-10', '2027-02-10', 'start_date_too_far'],
    ['2028-02-10', '2028-03-11', null],
    ['2028-02-10', '2028-03-12', 'start_date_too_far'],
    ['2027-01-10', '2027-02-30', 'validation_failed'],
  ])('today %s, start %s → %s', (today, start, code) => {
    const refusal = startDateRefusal(start, today);
    expect(refusal?.code ?? null).toBe(code);
    if (refusal) expect(refusal.field).toBe('start_date');
  });

  it('takes today in Europe/London: 23:30 UTC on 31 March in BST is already 1 April', () => {
    expect(londonDate(NOW)).toBe('2027-04-01');
    expect(startDateRefusal('2027-03-31', londonDate(NOW))?.code).toBe('start_date_in_past');
    expect(londonDate(new Date('2027-01-31T23:30:00Z'))).toBe('2027-01-31');
    expect(londonDate(new Date('2027-10-30T23:30:00Z'))).toBe('2027-10-31');
    expect(londonDate(new Date('2027-10-31T23:30:00Z'))).toBe('2027-10-31');
  });
});

describe('age bands on the start date', () => {
  it.each([
    ['adult', '2009-01-11', '2027-01-10', 'age_out_of_band'],
    ['adult', '2009-01-11', '2027-01-11', null],
    ['junior', '2011-01-11', '2027-01-10', null],
    ['junior', '2011-01-10', '2027-01-10', 'age_out_of_band'],
    ['junior', '2012-02-29', '2028-02-28', null],
    ['junior', '2012-02-29', '2028-02-29', 'age_out_of_band'],
    ['concession', '1967-03-01', '2027-02-28', 'age_out_of_band'],
    ['concession', '1967-03-01', '2027-03-01', null],
    ['adult', '2027-01-11', '2027-01-10', 'date_of_birth_invalid'],
  ] as const)('%s born %s starting %s → %s', (band, dob, start, code) => {
    const refusal = ageBandRefusal(band, dob, start);
    expect(refusal?.code ?? null).toBe(code);
    if (refusal) expect(refusal.field).toBe('date_of_birth');
  });
});

describe('cancelling', () => {
  it('within cooling-off (up to and including its last day) ends today with a full refund', () => {
    expect(cancelPlan({ billing: 'monthly', today: '2027-01-24', coolingOffEndsOn: '2027-01-24', firstCollection: '2027-02-01', paidTo: '2027-01-31' })).toEqual({ kind: 'cooling_off', endsOn: '2027-01-24', lastCollection: null });
  });
  it('after it: the next collection is the last, ending the day before the 1st after it', () => {
    expect(cancelPlan({ billing: 'monthly', today: '2027-02-10', coolingOffEndsOn: '2027-01-24', firstCollection: '2027-02-01', paidTo: '2027-02-28' })).toEqual({ kind: 'notice', endsOn: '2027-03-31', lastCollection: '2027-03-01' });
    expect(cancelPlan({ billing: 'monthly', today: '2027-03-01', coolingOffEndsOn: '2027-01-24', firstCollection: '2027-02-01', paidTo: '2027-03-31' })).toEqual({ kind: 'notice', endsOn: '2027-04-30', lastCollection: '2027-04-01' });
  });
  it('never before the first Direct Debit of a late joiner', () => {
    expect(cancelPlan({ billing: 'monthly', today: '2027-01-25', coolingOffEndsOn: '2027-01-24', firstCollection: '2027-03-01', paidTo: '2027-02-28' })).toEqual({ kind: 'notice', endsOn: '2027-03-31', lastCollection: '2027-03-01' });
  });
  it('annual upfront ends with its paid year', () => {
    expect(cancelPlan({ billing: 'annual', today: '2027-08-01', coolingOffEndsOn: '2027-06-15', firstCollection: null, paidTo: '2028-06-14' })).toEqual({ kind: 'annual_end', endsOn: '2028-06-14', lastCollection: null });
  });
  it('a 12-month term binds up to and including its last day', () => {
    expect(withinMinimumTerm('2028-03-30', '2028-03-30')).toBe(true);
    expect(withinMinimumTerm('2028-03-30', '2028-03-31')).toBe(false);
    expect(withinMinimumTerm(null, '2028-03-31')).toBe(false);
  });
});

describe('working days for collections (created 3 working days ahead, settled on the day)', () => {
  it('counts back over a weekend', () => {
    expect(workingDaysBefore('2027-03-01', 3)).toBe('2027-02-24');
  });
  it('counts back over Easter (Good Friday and Easter Monday 2027)', () => {
    expect(bankHolidays(2027).has('2027-03-26')).toBe(true);
    expect(bankHolidays(2027).has('2027-03-29')).toBe(true);
    expect(workingDaysBefore('2027-04-01', 3)).toBe('2027-03-25');
  });
  it('moves a collection on a weekend or bank holiday to the next working day', () => {
    expect(settlementDay('2028-01-01')).toBe('2028-01-04');
    expect(settlementDay('2027-02-01')).toBe('2027-02-01');
    expect(bankHolidays(2027)).toEqual(new Set(['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28']));
  });
  it('writes dates out', () => {
    expect(longDate('2027-01-01')).toBe('1 January 2027');
  });
});
