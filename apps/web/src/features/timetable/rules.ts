import type { BookableEntryDto } from '@app/contract/timetable/entry';
import type { Camelized } from '../../lib/api/camelized.ts';
import { formatDateTime, formatDateTimeParts } from '../../lib/i18n-format.ts';
import { wallDateTime } from '../../lib/wall-clock.ts';
import type { DayOfWindow } from '@app/contract/rules/first-day';

/**
 * The timetable's pure rules (spec §4, §5, §9): which endpoints serve a date, which action an
 * item offers, and the filters. No React, no I/O: unit-tested in rules.test.ts.
 */

/** One bookable entry as the screen uses it (class, ad-hoc session, fast-ticket time, court slot). */
export type Entry = Omit<Camelized<BookableEntryDto>, 'date'>;
export type EntryKind = Entry['kind'];

/** Spec §4 action statuses (the contract's list; copied so the screen's chunk carries no zod). */
export const ACTION_STATUSES = ['LEAVE_WAITLIST', 'CANCEL_RESERVATION', 'CANCEL_BOOKING', 'JOIN_WAITLIST', 'BOOK'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

/** Spec §4: the v2 endpoints serve dates on or after the venue's migration date. */
export const versionFor = (date: string, migrationDate: string | null | undefined): 'v1' | 'v2' =>
  migrationDate && date >= migrationDate ? 'v2' : 'v1';

/** Spec §5: a waitlist (or occurrence) id that is not numeric selects the newer service. */
export const isNumericId = (id: string | number | null | undefined): boolean =>
  typeof id === 'number' ? Number.isInteger(id) : typeof id === 'string' && /^\d+$/.test(id);

/** What the screen shows for an activity (category): the data it needs and how it is viewed. */
export type Family = 'classes' | 'tickets' | 'resources';

/** v2 type first (spec §3: classes, resources, ticketed), else the v1 template type. */
export const familyOf = (category: { v1Type: string | null; v2Type: string | null }): Family | null => {
  if (category.v2Type === 'resources') return 'resources';
  if (category.v2Type === 'ticketed' || category.v1Type === 'fast_ticket_templates') return 'tickets';
  if (category.v2Type === 'classes' || category.v1Type === 'class_templates' || category.v1Type === 'ad_hoc_templates') return 'classes';
  return null;
};

/** The views of the {type?} route segment. */
export const VIEW_TYPES = ['classes', 'ad-hoc', 'fast-tickets', 'by-time', 'by-court'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export const viewOfKind: Record<EntryKind, ViewType> = {
  class: 'classes',
  ad_hoc: 'ad-hoc',
  fast_ticket: 'fast-tickets',
  resource: 'by-time',
};

/** Minutes from midnight → 'HH:MM'; spec §5: minutes above 1439 are capped at 1439. */
export const minutesToClock = (minutes: number): string => {
  const capped = Math.min(1439, Math.max(0, Math.floor(minutes)));
  return `${String(Math.floor(capped / 60)).padStart(2, '0')}:${String(capped % 60).padStart(2, '0')}`;
};

/** 'HH:MM' → minutes from midnight. */
export const clockToMinutes = (clock: string): number => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};

/** What an item's one button does, or why it has none. */
export type ItemAction =
  | { kind: 'book' | 'joinWaitlist' | 'leaveWaitlist' | 'removeFromBasket' | 'cancelBooking' }
  | { kind: 'none'; reason: 'full' | 'notOpenYet' | 'started' | 'finished' | 'cancelled' };

/**
 * The server says when a session has started; after its end the screen says 'Finished' instead
 * of 'Started' (issue 21), by the browser's clock `now` (ms).
 */
export const actionOf = (entry: Pick<Entry, 'actionToShow' | 'spaces'> & { endsAtIso?: string }, now = Date.now()): ItemAction => {
  const { status, reason } = entry.actionToShow;
  switch (status) {
    case 'BOOK':
      return { kind: 'book' };
    case 'JOIN_WAITLIST':
      return { kind: 'joinWaitlist' };
    case 'LEAVE_WAITLIST':
      return { kind: 'leaveWaitlist' };
    case 'CANCEL_RESERVATION':
      return { kind: 'removeFromBasket' };
    case 'CANCEL_BOOKING':
      return { kind: 'cancelBooking' };
    case 'FULL':
      return { kind: 'none', reason: 'full' };
    default:
      // A visitor may book once logged in: Book asks them to log in first.
      if (reason === 'login_required') return { kind: 'book' };
      if (reason === 'not_open_yet') return { kind: 'none', reason: 'notOpenYet' };
      if (reason === 'started') return { kind: 'none', reason: Date.parse(entry.endsAtIso ?? '') <= now ? 'finished' : 'started' };
      if (reason === 'cancelled') return { kind: 'none', reason: 'cancelled' };
      return { kind: 'none', reason: 'full' };
  }
};

/** Spec §3 timetable filters: one set per kind of timetable. */
export type Filters = {
  /** Minutes from midnight, or null for no bound. */
  startTime: number | null;
  endTime: number | null;
  actionsMode: 'all' | 'selected';
  statuses: ActionStatus[];
  instructors: number[];
  tags: number[];
};
export type FilterSetName = 'classes' | 'adHoc' | 'fastTickets';

export const filterSetOf = (kind: EntryKind): FilterSetName =>
  kind === 'class' ? 'classes' : kind === 'ad_hoc' ? 'adHoc' : 'fastTickets';

const noBounds = { startTime: null, endTime: null, instructors: [], tags: [] };

/**
 * Spec §9 default filters: classes and fast tickets show all actions; ad-hoc sessions
 * (public swims and the like) start on what the customer can book or already has: full,
 * not-yet-open and started sessions are hidden until "all" is chosen (docs/timetable-screens.md).
 */
export const DEFAULT_FILTERS: Record<FilterSetName, Filters> = {
  classes: { ...noBounds, actionsMode: 'all', statuses: [] },
  adHoc: { ...noBounds, actionsMode: 'selected', statuses: ['BOOK', 'CANCEL_RESERVATION', 'CANCEL_BOOKING', 'LEAVE_WAITLIST'] },
  fastTickets: { ...noBounds, actionsMode: 'all', statuses: [] },
};

const anyIn = (selected: readonly number[], items: readonly { id: number }[]) =>
  selected.length === 0 || items.some((item) => selected.includes(item.id));

/**
 * Spec §5 timetable filtering: fully within the start/end window (when set); all actions, or
 * a status among the selected; any selected instructor among the item's (none selected = no
 * filter); the same for tags.
 */
export const matchesFilters = (entry: Pick<Entry, 'startsAt' | 'endsAt' | 'actionToShow' | 'instructors' | 'tags'>, filters: Filters): boolean => {
  const start = clockToMinutes(entry.startsAt.format24Hour);
  let end = clockToMinutes(entry.endsAt.format24Hour);
  if (end < start) end += 24 * 60;
  if (filters.startTime !== null && start < filters.startTime) return false;
  if (filters.endTime !== null && end > filters.endTime) return false;
  if (filters.actionsMode === 'selected') {
    const status = entry.actionToShow.status;
    if (!status || status === 'FULL' || !filters.statuses.includes(status)) return false;
  }
  return anyIn(filters.instructors, entry.instructors) && anyIn(filters.tags, entry.tags);
};

export const applyFilters = <T extends Parameters<typeof matchesFilters>[0]>(entries: readonly T[], filters: Filters): T[] =>
  entries.filter((entry) => matchesFilters(entry, filters));

/** How many filters differ from the set's default. */
export const activeFilterCount = (filters: Filters, defaults: Filters): number =>
  [
    filters.startTime !== defaults.startTime,
    filters.endTime !== defaults.endTime,
    filters.actionsMode !== defaults.actionsMode || [...filters.statuses].sort().join() !== [...defaults.statuses].sort().join(),
    filters.instructors.length > 0,
    filters.tags.length > 0,
  ].filter(Boolean).length;

/**
 * The "Filters (n)" count (issue 21): the filters that hide at least one of `entries` on their
 * own: the time window, Show, instructors, tags. A filter that hides nothing that day (Until
 * 23:59, every status chosen with nothing full or started, an instructor who teaches every
 * class) is not counted, so the count never says something is filtered when nothing is.
 */
export const filteringCount = (entries: readonly Parameters<typeof matchesFilters>[0][], filters: Filters): number => {
  const none: Filters = { startTime: null, endTime: null, actionsMode: 'all', statuses: [], instructors: [], tags: [] };
  const parts: Partial<Filters>[] = [
    { startTime: filters.startTime, endTime: filters.endTime },
    { actionsMode: filters.actionsMode, statuses: filters.statuses },
    { instructors: filters.instructors },
    { tags: filters.tags },
  ];
  return parts.filter((part) => entries.some((entry) => !matchesFilters(entry, { ...none, ...part }))).length;
};

/** The Show statuses a visitor can have (issue 21): no waitlist place, basket item or booking of their own to filter by. */
export const VISITOR_STATUSES: readonly ActionStatus[] = ['JOIN_WAITLIST', 'BOOK'];

/** The day a dateless timetable opens on, and whether a day still has something left (issue 21): shared with the server's render. */
export { firstDayToOpen, hasSomethingLeft, type DayOfWindow } from '@app/contract/rules/first-day';
/** The first date after `after` with any session (an empty day's 'Next session' link), or undefined. */
export const nextSessionDay = <D extends DayOfWindow>(dates: readonly D[], after: string): D | undefined =>
  dates.find((date) => date.raw > after && date.sessions > 0);

/** Distinct instructors (or tags) of the day, by name: the filter's choices. */
export const distinctNamed = (lists: readonly (readonly { id: number; name: string }[])[]): { id: number; name: string }[] => {
  const byId = new Map<number, string>();
  for (const list of lists) for (const item of list) byId.set(item.id, item.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
};

/** Spec §4: timetable data reloads (after a basket change, an order) only for ad-hoc (v1) or resource (v2) categories. */
export const reloadsTimetable = (category: { v1Type: string | null; v2Type: string | null }) => category.v1Type === 'ad_hoc_templates' || category.v2Type === 'resources';

/**
 * The locations a location choice offers: those of the day's entries, and the chosen one even
 * when the day (narrowed to it) shows no other. By name.
 */
export const locationsOf = (entries: readonly Pick<Entry, 'location'>[], chosen: { id: number; name: string } | null): { id: number; name: string }[] =>
  distinctNamed([entries.flatMap((entry) => (entry.location ? [{ id: entry.location.id, name: entry.location.name }] : [])), chosen ? [chosen] : []]);

/** Entries grouped by a key, in first-seen order. */
export const groupBy = <T>(items: readonly T[], keyOf: (item: T) => string): [string, T[]][] => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups];
};

/**
 * Spec §9: add and remove basket actions throttled by 250 ms. A call within `ms` of the last
 * accepted one is dropped (leading edge), so a double click sends one request.
 */
export const BASKET_THROTTLE_MS = 250;
export const throttle = <A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = Date.now) => {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: A): boolean => {
    const current = now();
    if (current - last < ms) return false;
    last = current;
    fn(...args);
    return true;
  };
};

/** A venue-local 'YYYY-MM-DD HH:MM' (first_bookable_at.local) → 'Sat 28 Nov, 22:00'. */
export const formatLocalDateTime = (local: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(local);
  if (!match) return local;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  const parts = formatDateTimeParts(date, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${match[4]}:${match[5]}`;
};

/** An ISO instant → the venue-local 'YYYY-MM-DD HH:MM' in `timeZone`. */
export const localDateTime = (iso: string, timeZone: string): string => wallDateTime(new Date(iso), timeZone);

/** 'YYYY-MM-DD' → { weekday: 'Mon', day: '23', month: 'Nov', long: 'Monday 23 November 2026' }. */
export const dateParts = (raw: string) => {
  const date = new Date(`${raw}T12:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) => formatDateTime(date, { ...options, timeZone: 'UTC' });
  return {
    weekday: format({ weekday: 'short' }),
    day: format({ day: 'numeric' }),
    month: format({ month: 'short' }),
    long: `${format({ weekday: 'long' })} ${format({ day: 'numeric' })} ${format({ month: 'long' })} ${format({ year: 'numeric' })}`,
    /** 'Friday 4 December' (issue 21's 'Next session: …'). */
    dayMonth: `${format({ weekday: 'long' })} ${format({ day: 'numeric' })} ${format({ month: 'long' })}`,
  };
};
