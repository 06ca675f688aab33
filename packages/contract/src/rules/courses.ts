/**
 * Booking a course as a whole (issue 20, docs/courses.md): who may join, whether it can still be
 * joined, and at what price. Pure and zod-free: the API decides with it and the course screen
 * shows the same answers before the customer asks.
 */

export const COURSE_STARTED_MESSAGE = 'This course has already started.';
export const COURSE_FINISHED_MESSAGE = 'This course has finished.';
export const COURSE_FULL_MESSAGE = 'Sorry, this course is full.';
export const COURSE_CANCEL_STARTED_MESSAGE =
  'This course has started, so it can no longer be cancelled online. Please contact the venue.';

/** A person's age in whole years on `on` ('YYYY-MM-DD' both; a 29 February birthday turns on 1 March). */
export const ageOn = (dateOfBirth: string, on: string): number => {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

export const ageRangeText = (minAge: number | null, maxAge: number | null): string | null => {
  if (minAge !== null && maxAge !== null) return `ages ${minAge} to ${maxAge}`;
  if (minAge !== null) return `ages ${minAge} and over`;
  if (maxAge !== null) return `ages up to ${maxAge}`;
  return null;
};

export type AgeFit = { ok: true } | { ok: false; reason: string };

/**
 * Whether a person fits the course's age range, measured on the course's first session
 * (`startsOn`): a child who has a birthday during the term keeps the place they booked. A
 * course with an age range needs the person's date of birth.
 */
export const ageFit = (
  person: { first_name: string; date_of_birth: string | null },
  course: { min_age: number | null; max_age: number | null; starts_on: string },
): AgeFit => {
  const range = ageRangeText(course.min_age, course.max_age);
  if (range === null) return { ok: true };
  if (person.date_of_birth === null) return { ok: false, reason: `${person.first_name} has no date of birth on the account; this course is for ${range}.` };
  const age = ageOn(person.date_of_birth, course.starts_on);
  if (course.min_age !== null && age < course.min_age) return { ok: false, reason: `${person.first_name} will be ${age} when the course starts; it is for ${range}.` };
  if (course.max_age !== null && age > course.max_age) return { ok: false, reason: `${person.first_name} will be ${age} when the course starts; it is for ${range}.` };
  return { ok: true };
};

/**
 * The whole course at `price`, or — once it has started and the operator allows late joining —
 * the sessions still to come: price × remaining ÷ total, rounded to the nearest penny (half a
 * penny up). Not bookable once started without late joining, or with nothing left.
 */
export type CourseOffer =
  | { bookable: true; price: number; proRata: boolean; remaining: number; total: number }
  | { bookable: false; reason: string; remaining: number; total: number };

export const courseOffer = (
  course: { price: number; late_joining: boolean },
  sessionStarts: readonly (Date | string)[],
  now: Date = new Date(),
): CourseOffer => {
  const total = sessionStarts.length;
  const remaining = sessionStarts.filter((start) => new Date(start).getTime() > now.getTime()).length;
  if (remaining === 0) return { bookable: false, reason: COURSE_FINISHED_MESSAGE, remaining, total };
  if (remaining === total) return { bookable: true, price: course.price, proRata: false, remaining, total };
  if (!course.late_joining) return { bookable: false, reason: COURSE_STARTED_MESSAGE, remaining, total };
  return { bookable: true, price: proRataPrice(course.price, remaining, total), proRata: true, remaining, total };
};

/** price × remaining ÷ total in whole pence, half a penny rounded up (integers only: no float drift). */
export const proRataPrice = (price: number, remaining: number, total: number): number =>
  Math.floor((2 * price * remaining + total) / (2 * total));

/** The course cancellation rule in one line, as the confirmation email states it (docs/courses.md). */
export const COURSE_CANCELLATION_POLICY =
  'a course can be cancelled in My account before its first session for its whole price as account credit; once it has started, ask the venue.';
