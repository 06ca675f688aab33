import { describe, expect, it } from 'vitest';
import { COURSE_FINISHED_MESSAGE, COURSE_STARTED_MESSAGE, ageFit, ageOn, courseOffer, proRataPrice } from './courses.ts';

const DAY = 24 * 60 * 60_000;
const now = new Date();
/** Weekly session starts, the first `firstInDays` from now. */
const weekly = (firstInDays: number, weeks: number) => Array.from({ length: weeks }, (_, i) => new Date(now.getTime() + (firstInDays + 7 * i) * DAY));

describe('ageOn', () => {
  it.each([
    // fixed-date: pure arithmetic on given dates, nothing compared with today.
    ['2018-05-10', '2026-05-09', 7],
    ['2018-05-10', '2026-05-10', 8], // fixed-date: as above
    ['2016-02-29', '2026-02-28', 9], // fixed-date: a 29 February birthday turns on 1 March
    ['2016-02-29', '2026-03-01', 10], // fixed-date: as above
  ])('born %s is, on %s, %i', (born, on, age) => {
    expect(ageOn(born, on)).toBe(age);
  });
});

describe('ageFit', () => {
  const course = { min_age: 6, max_age: 11, starts_on: '2030-09-07' }; // fixed-date: relative to the dates of birth below
  it('fits inside the range, measured on the first session', () => {
    expect(ageFit({ first_name: 'Sam', date_of_birth: '2024-09-07' }, course)).toEqual({ ok: true }); // fixed-date: 6 on that day
  });
  it('says why not: too young, too old, no date of birth', () => {
    expect(ageFit({ first_name: 'Sam', date_of_birth: '2024-09-08' }, course)).toEqual({ ok: false, reason: 'Sam will be 5 when the course starts; it is for ages 6 to 11.' }); // fixed-date: a day short of 6
    expect(ageFit({ first_name: 'Sam', date_of_birth: '2018-09-07' }, course)).toEqual({ ok: false, reason: 'Sam will be 12 when the course starts; it is for ages 6 to 11.' }); // fixed-date: 12 on that day
    expect(ageFit({ first_name: 'Sam', date_of_birth: null }, course)).toEqual({ ok: false, reason: 'Sam has no date of birth on the account; this course is for ages 6 to 11.' });
  });
  it('lets anyone join a course without an age range', () => {
    expect(ageFit({ first_name: 'Sam', date_of_birth: null }, { ...course, min_age: null, max_age: null })).toEqual({ ok: true });
  });
});

describe('courseOffer and the pro-rata price', () => {
  it('charges the whole price before the first session', () => {
    expect(courseOffer({ price: 4800, late_joining: true }, weekly(3, 6), now)).toEqual({ bookable: true, price: 4800, proRata: false, remaining: 6, total: 6 });
  });
  it('once started, with late joining: price × remaining ÷ total, half a penny up', () => {
    expect(courseOffer({ price: 4999, late_joining: true }, weekly(-15, 6), now)).toEqual({ bookable: true, price: 2500, proRata: true, remaining: 3, total: 6 });
    expect(proRataPrice(1000, 1, 3)).toBe(333);
    expect(proRataPrice(1000, 2, 3)).toBe(667);
    expect(proRataPrice(5, 1, 2)).toBe(3);
  });
  it('once started without late joining, or finished: not bookable, with the reason', () => {
    expect(courseOffer({ price: 4800, late_joining: false }, weekly(-15, 6), now)).toMatchObject({ bookable: false, reason: COURSE_STARTED_MESSAGE });
    expect(courseOffer({ price: 4800, late_joining: true }, weekly(-50, 6), now)).toMatchObject({ bookable: false, reason: COURSE_FINISHED_MESSAGE });
  });
});
