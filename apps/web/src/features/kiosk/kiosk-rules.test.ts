import { describe, expect, it } from 'vitest';
import { joinUrl, localDate, secondsLeft, todaysBookingsHere } from './kiosk-rules.ts';

const at = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d;
};
const booking = (id: number, date: Date, slug: string, status = 'booked') => ({ id, status, date: localDate(date), venue: { slug } });

describe("today's bookings at the kiosk's centre", () => {
  const list = [booking(1, at(0), 'bury'), booking(2, at(1), 'bury'), booking(3, at(0), 'ramsbottom'), booking(4, at(0), 'bury', 'cancelled'), booking(5, at(0), 'bury')];
  it('keeps booked ones of today at the centre, in order', () => expect(todaysBookingsHere(list, { centre: 'bury', today: at(0) }).map((b) => b.id)).toEqual([1, 5]));
  it('any centre when the kiosk names none', () => expect(todaysBookingsHere(list, { centre: null, today: at(0) }).map((b) => b.id)).toEqual([1, 3, 5]));
  it("tomorrow's are tomorrow's", () => expect(todaysBookingsHere(list, { centre: 'bury', today: at(1) }).map((b) => b.id)).toEqual([2]));
});

describe('the join link', () => {
  it('names the centre', () => expect(joinUrl('bury-leisure-centre')).toBe('/?kiosk=true&centre=bury-leisure-centre'));
  it('without a centre is the kiosk home of the membership app', () => expect(joinUrl(null)).toBe('/?kiosk=true'));
});

describe("the 'Still there?' countdown", () => {
  const idleAt = 1_000_000;
  it('shows 15 at the start of the warning', () => expect(secondsLeft(idleAt, idleAt - 15_000)).toBe(15));
  it('rounds up part of a second', () => expect(secondsLeft(idleAt, idleAt - 14_001)).toBe(15));
  it('counts down', () => expect(secondsLeft(idleAt, idleAt - 1_000)).toBe(1));
  it('never goes below 0', () => expect(secondsLeft(idleAt, idleAt + 5_000)).toBe(0));
});
