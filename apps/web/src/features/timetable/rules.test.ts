import { describe, expect, it, vi } from 'vitest';
import {
  actionOf,
  activeFilterCount,
  applyFilters,
  DEFAULT_FILTERS,
  familyOf,
  filteringCount,
  firstDayToOpen,
  formatLocalDateTime,
  hasSomethingLeft,
  nextSessionDay,
  isNumericId,
  localDateTime,
  locationsOf,
  minutesToClock,
  reloadsTimetable,
  throttle,
  versionFor,
  type Filters,
} from './rules.ts';

const item = (start: string, end: string, status: string | null, extra: Partial<{ instructors: { id: number; name: string }[]; tags: { id: number; name: string }[]; reason: string | null }> = {}) => ({
  startsAt: { format24Hour: start, format12Hour: '' },
  endsAt: { format24Hour: end, format12Hour: '' },
  actionToShow: { status, reason: extra.reason ?? null } as never,
  instructors: extra.instructors ?? [],
  tags: extra.tags ?? [],
});
const all: Filters = DEFAULT_FILTERS.classes;

describe('versionFor (spec §4 v1/v2 switch)', () => {
  it('uses v2 on and after the migration date, v1 before it and without one', () => {
    // fixed-date: versionFor compares the two dates it is given, not the clock
    expect(versionFor('2026-11-24', '2026-11-25')).toBe('v1');
    expect(versionFor('2026-11-25', '2026-11-25')).toBe('v2'); // fixed-date: as above
    expect(versionFor('2026-12-01', '2026-11-25')).toBe('v2'); // fixed-date: as above
    expect(versionFor('2026-12-01', null)).toBe('v1'); // fixed-date: as above
  });
});

describe('isNumericId (spec §5: a non-numeric waitlist id selects the newer service)', () => {
  it('tells numbers and digit strings from uuids', () => {
    expect(isNumericId(42)).toBe(true);
    expect(isNumericId('42')).toBe(true);
    expect(isNumericId('0b9e6c1e-6a1f-4c55-9a59-2d0c9d3a8f11')).toBe(false);
    expect(isNumericId('4a')).toBe(false);
    expect(isNumericId(null)).toBe(false);
  });
});

describe('familyOf', () => {
  it('prefers the v2 type and falls back to the v1 template type', () => {
    expect(familyOf({ v1Type: 'class_templates', v2Type: 'resources' })).toBe('resources');
    expect(familyOf({ v1Type: 'fast_ticket_templates', v2Type: null })).toBe('tickets');
    expect(familyOf({ v1Type: null, v2Type: 'ticketed' })).toBe('tickets');
    expect(familyOf({ v1Type: 'ad_hoc_templates', v2Type: null })).toBe('classes');
    expect(familyOf({ v1Type: null, v2Type: null })).toBeNull();
  });
});

describe('minutesToClock (spec §5: minutes above 1439 are capped)', () => {
  it('formats and caps', () => {
    expect(minutesToClock(0)).toBe('00:00');
    expect(minutesToClock(545)).toBe('09:05');
    expect(minutesToClock(1439)).toBe('23:59');
    expect(minutesToClock(1440)).toBe('23:59');
    expect(minutesToClock(5000)).toBe('23:59');
  });
});

describe('actionOf', () => {
  it('maps each status to its one action', () => {
    expect(actionOf(item('09:00', '10:00', 'BOOK') as never)).toEqual({ kind: 'book' });
    expect(actionOf(item('09:00', '10:00', 'JOIN_WAITLIST') as never)).toEqual({ kind: 'joinWaitlist' });
    expect(actionOf(item('09:00', '10:00', 'LEAVE_WAITLIST') as never)).toEqual({ kind: 'leaveWaitlist' });
    expect(actionOf(item('09:00', '10:00', 'CANCEL_RESERVATION') as never)).toEqual({ kind: 'removeFromBasket' });
    expect(actionOf(item('09:00', '10:00', 'CANCEL_BOOKING') as never)).toEqual({ kind: 'cancelBooking' });
  });
  it('gives the reason when there is no action', () => {
    expect(actionOf(item('09:00', '10:00', 'FULL') as never)).toEqual({ kind: 'none', reason: 'full' });
    expect(actionOf(item('09:00', '10:00', null, { reason: 'not_open_yet' }) as never)).toEqual({ kind: 'none', reason: 'notOpenYet' });
    expect(actionOf(item('09:00', '10:00', null, { reason: 'started' }) as never)).toEqual({ kind: 'none', reason: 'started' });
    expect(actionOf(item('09:00', '10:00', null, { reason: 'login_required' }) as never)).toEqual({ kind: 'book' });
  });
});

describe('applyFilters (spec §5 timetable filtering)', () => {
  const day = [
    item('07:00', '08:00', 'BOOK', { instructors: [{ id: 1, name: 'Ann' }], tags: [{ id: 10, name: 'Beginner' }] }),
    item('09:00', '10:00', 'JOIN_WAITLIST', { instructors: [{ id: 2, name: 'Bo' }] }),
    item('11:30', '12:15', 'CANCEL_RESERVATION', { instructors: [{ id: 1, name: 'Ann' }, { id: 2, name: 'Bo' }], tags: [{ id: 11, name: 'Low impact' }] }),
    item('18:00', '19:00', null, { reason: 'not_open_yet' }),
  ];
  const times = (filters: Filters) => applyFilters(day, filters).map((entry) => entry.startsAt.format24Hour);

  it('shows everything with the class defaults', () => {
    expect(times(all)).toEqual(['07:00', '09:00', '11:30', '18:00']);
  });
  it('keeps only items fully inside the time window', () => {
    expect(times({ ...all, startTime: 9 * 60, endTime: 12 * 60 })).toEqual(['09:00']);
    expect(times({ ...all, startTime: 9 * 60 })).toEqual(['09:00', '11:30', '18:00']);
    expect(times({ ...all, endTime: 12 * 60 + 15 })).toEqual(['07:00', '09:00', '11:30']);
  });
  it('keeps only the selected action statuses in "selected" mode, dropping items without one', () => {
    expect(times({ ...all, actionsMode: 'selected', statuses: ['BOOK', 'CANCEL_RESERVATION'] })).toEqual(['07:00', '11:30']);
    expect(times({ ...all, actionsMode: 'selected', statuses: [] })).toEqual([]);
  });
  it('matches any selected instructor, and any selected tag; empty selections do not filter', () => {
    expect(times({ ...all, instructors: [2] })).toEqual(['09:00', '11:30']);
    expect(times({ ...all, tags: [10, 11] })).toEqual(['07:00', '11:30']);
    expect(times({ ...all, instructors: [1], tags: [11] })).toEqual(['11:30']);
  });
  it('starts ad-hoc sessions on what can be booked or is already the customer’s', () => {
    expect(times(DEFAULT_FILTERS.adHoc)).toEqual(['07:00', '11:30']);
    expect(DEFAULT_FILTERS.fastTickets.actionsMode).toBe('all');
  });
  it('counts the filters that differ from the defaults', () => {
    expect(activeFilterCount(all, all)).toBe(0);
    expect(activeFilterCount({ ...all, startTime: 60, tags: [1] }, all)).toBe(2);
    expect(activeFilterCount(DEFAULT_FILTERS.adHoc, DEFAULT_FILTERS.adHoc)).toBe(0);
  });
});

describe('throttle (spec §9: 250 ms)', () => {
  it('drops calls within the window and accepts the next one after it', () => {
    let now = 1000;
    const fn = vi.fn();
    const throttled = throttle(fn, 250, () => now);
    expect(throttled('a')).toBe(true);
    now += 100;
    expect(throttled('b')).toBe(false);
    now += 149;
    expect(throttled('c')).toBe(false);
    now += 1;
    expect(throttled('d')).toBe(true);
    expect(fn.mock.calls).toEqual([['a'], ['d']]);
  });
});

describe('dates and times', () => {
  it('formats venue-local opening times', () => {
    // fixed-date: a pure formatter of the date it is given
    expect(formatLocalDateTime('2026-11-28 22:00')).toBe('Sat 28 Nov, 22:00');
  });
  it('reads an instant in the venue zone across the clock change', () => {
    expect(localDateTime('2027-03-29T08:00:00Z', 'Europe/London')).toBe('2027-03-29 09:00'); // fixed-date: the instant it is given, across the clock change
    expect(localDateTime('2027-03-22T09:00:00Z', 'Europe/London')).toBe('2027-03-22 09:00'); // fixed-date: as above
  });
});

describe('reloading and locations (spec §4, §3)', () => {
  it('reloads only ad-hoc (v1) or resource (v2) categories', () => {
    expect(reloadsTimetable({ v1Type: 'ad_hoc_templates', v2Type: 'resources' })).toBe(true);
    expect(reloadsTimetable({ v1Type: 'ad_hoc_templates', v2Type: null })).toBe(true);
    expect(reloadsTimetable({ v1Type: null, v2Type: 'resources' })).toBe(true);
    expect(reloadsTimetable({ v1Type: 'class_templates', v2Type: 'classes' })).toBe(false);
    expect(reloadsTimetable({ v1Type: 'fast_ticket_templates', v2Type: 'ticketed' })).toBe(false);
  });

  it('offers the day’s locations by name, and the chosen one when the day shows no other', () => {
    const at = (id: number, name: string) => ({ location: { id, name, slug: '', type: 'court' } });
    expect(locationsOf([at(22, 'Court 2'), at(21, 'Court 1'), at(22, 'Court 2'), { location: null }], null)).toEqual([
      { id: 21, name: 'Court 1' },
      { id: 22, name: 'Court 2' },
    ]);
    expect(locationsOf([], { id: 23, name: 'Court 3' })).toEqual([{ id: 23, name: 'Court 3' }]);
  });
});

describe('the day to open and the next session (issue 21)', () => {
  // fixed-date: pure date arithmetic on the entries given; the clock is the argument
  const [d0, d1, d2, d3] = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'] as const;
  const day = (raw: string, sessions: number, lastStart: string | null, extra: Partial<{ today: boolean; bookable: boolean }> = {}) => ({
    raw, today: false, bookable: true, sessions, lastStartsAt: lastStart === null ? null : `${raw}T${lastStart}:00Z`, ...extra,
  });
  const window = [day(d0, 3, '19:30', { today: true }), day(d1, 0, null), day(d2, 2, '18:00'), day(d3, 1, '09:00', { bookable: false })];
  const at = (time: string) => Date.parse(`${d0}T${time}:00Z`);

  it('opens today while a session is still to start, else the first day with something left', () => {
    expect(firstDayToOpen(window, at('08:00'))).toBe(d0);
    expect(firstDayToOpen(window, at('19:29'))).toBe(d0);
    expect(firstDayToOpen(window, at('19:30'))).toBe(d2);
    expect(hasSomethingLeft(window[0]!, at('21:30'))).toBe(false);
    expect(hasSomethingLeft(window[1]!, at('08:00'))).toBe(false);
  });

  it('falls back to a day that opens later, then to the first date', () => {
    expect(firstDayToOpen([window[0]!, window[1]!, window[3]!], at('21:30'))).toBe(d3);
    expect(firstDayToOpen([window[0]!, window[1]!], at('21:30'))).toBe(d0);
    expect(firstDayToOpen([], at('21:30'))).toBeNull();
  });

  it('finds the next day with a session after a date, skipping empty ones', () => {
    expect(nextSessionDay(window, d0)?.raw).toBe(d2);
    expect(nextSessionDay(window, d2)?.raw).toBe(d3);
    expect(nextSessionDay(window, d3)).toBeUndefined();
  });
});

describe("'Finished' and the filters count (issue 21)", () => {
  it("says 'Finished' for a started session once its end has passed, by the clock given", () => {
    const end = Date.UTC(2026, 10, 23, 10);
    const started = { actionToShow: { status: null, reason: 'started' } as never, spaces: 3, endsAtIso: new Date(end).toISOString() };
    expect(actionOf(started, end - 30 * 60_000)).toEqual({ kind: 'none', reason: 'started' });
    expect(actionOf(started, end)).toEqual({ kind: 'none', reason: 'finished' });
  });

  it('counts only the filters that hide something of the day', () => {
    const day = [item('09:00', '10:00', 'BOOK', { instructors: [{ id: 1, name: 'A' }] }), item('18:00', '19:00', 'JOIN_WAITLIST', { instructors: [{ id: 1, name: 'A' }] })];
    expect(filteringCount(day, all)).toBe(0);
    // Until 23:59 and every status chosen hide nothing; an instructor who teaches both neither.
    expect(filteringCount(day, { ...all, endTime: 1440, actionsMode: 'selected', statuses: ['BOOK', 'JOIN_WAITLIST'], instructors: [1] })).toBe(0);
    expect(filteringCount(day, { ...all, startTime: 12 * 60 })).toBe(1);
    expect(filteringCount(day, { ...all, startTime: 12 * 60, actionsMode: 'selected', statuses: ['BOOK'] })).toBe(2);
    // The ad-hoc default hides full and started sessions: counted only when the day has one.
    expect(filteringCount([day[0]!], DEFAULT_FILTERS.adHoc)).toBe(0);
    expect(filteringCount([day[0]!, item('12:00', '13:00', null, { reason: 'started' })], DEFAULT_FILTERS.adHoc)).toBe(1);
  });
});
