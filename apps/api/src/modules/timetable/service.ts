import type { DateEntryDto } from '@app/contract/timetable/dates';
import { DATE_OUTSIDE_WINDOW_MESSAGE, type BookableEntryDto } from '@app/contract/timetable/entry';
import type { SlotEntryDto, SlotsQuery } from '@app/contract/timetable/slots';
import type { OccurrenceDetailDto, TicketDto } from '@app/contract/timetable/tickets';
import type { TimeEntryDto } from '@app/contract/timetable/times';
import type { Db } from '../../db/connect.ts';
import { forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { availabilityScope } from '../../lib/availability-scope.ts';
import { actingPerson } from '../account/service.ts';
import type { AuthSession } from '../auth/service.ts';
import { ACTIVITY_NOT_FOUND } from '../catalogue/service.ts';
import { rowPrices } from '../pricing/service.ts';
import { getVenue } from '../venues/service.ts';
import { toEntry, toTicket, toTimes, compositeKeyOf, type IdVersion } from './entries.ts';
import * as repo from './repository.ts';
import { bookingWindow, datesBetween, isWithinWindow, prettyDate } from './window.ts';
import { createContextCache, venueClock } from './context-cache.ts';

export const OCCURRENCE_NOT_FOUND = "We couldn't find that session.";

/** How far ahead the scheduled job keeps occurrences materialised (venue-local days). */
export const MATERIALISE_DAYS_AHEAD = 21;

/** The client of a request and its catalogue version (read by the tenant lookup). */
export type Tenant = { clientId: number; catalogueVersion: number };

/** Who is looking: the logged-in account and the membership user whose actions are shown. */
export type Viewer = { isLoggedIn: boolean; membershipUserId: number | null };

/**
 * The viewer of a timetable: a visitor, or the logged-in customer acting for themselves or for
 * `selected_user_id`, which must be one of their own membership users (else 403, DESIGN.md §7).
 */
export const viewerFor = async (db: Db, clientId: number, auth: AuthSession | null, selectedUserId?: number): Promise<Viewer> => {
  if (!auth) {
    if (selectedUserId !== undefined) throw forbidden();
    return { isLoggedIn: false, membershipUserId: null };
  }
  const member = await actingPerson(db, { clientId, accountUserId: auth.userId }, selectedUserId);
  return { isLoggedIn: true, membershipUserId: member?.id ?? null };
};

const checkedContext = async (db: Db, clientId: number, venue: string, category: string, context: repo.DayContextRow | undefined) => {
  if (!context) {
    await getVenue(db, clientId, venue);
    throw notFound('venue_not_found');
  }
  if (context.category_id === null || context.booking_window_days === null || context.visitor_window_days === null) {
    throw notFound('activity_not_found', ACTIVITY_NOT_FOUND);
  }
  return { ...context, category_id: context.category_id, booking_window_days: context.booking_window_days, visitor_window_days: context.visitor_window_days };
};

/** The venue and sub-activity of a path with the venue's clock now, or 404 (venue first, through the venues service). */
const dayContext = async (db: Db, clientId: number, venue: string, category: string) =>
  checkedContext(db, clientId, venue, category, await repo.findDayContext(db, clientId, venue, category));

const contexts = createContextCache<Awaited<ReturnType<typeof dayContext>>>();

/**
 * The same from memory while the client's catalogue version holds (context-cache.ts), with the
 * venue's today and release from its clock: a day request then costs the tenant lookup and one
 * query. Unknown venues and activities are looked up every time (errors are never kept).
 */
const cachedDayContext = async (db: Db, tenant: Tenant, venue: string, category: string) => {
  const key = `${tenant.clientId}:${venue}:${category}`;
  let context = contexts.get(key, tenant.catalogueVersion);
  if (!context) {
    context = await dayContext(db, tenant.clientId, venue, category);
    contexts.set(key, tenant.catalogueVersion, context);
  }
  const clock = venueClock(context.timezone);
  return { ...context, today: clock.today, after_release: context.release_time !== null && clock.time >= context.release_time };
};

type DayContext = Awaited<ReturnType<typeof dayContext>>;

const windowFor = (context: DayContext, viewer: Viewer) =>
  bookingWindow({
    today: context.today,
    windowDays: viewer.isLoggedIn ? context.booking_window_days : context.visitor_window_days,
    afterRelease: context.after_release === true,
  });

const assertDateInWindow = (context: DayContext, viewer: Viewer, date: string) => {
  if (!isWithinWindow(windowFor(context, viewer), date)) {
    throw unprocessable('date_outside_window', DATE_OUTSIDE_WINDOW_MESSAGE, { date: [DATE_OUTSIDE_WINDOW_MESSAGE] });
  }
};

/**
 * GET …/activity-category/{category}/dates: today … the last open date, then the next one with
 * when it opens; each with its number of sessions and when the last one starts (issue 21).
 */
export const listDates = async (db: Db, clientId: number, venue: string, category: string, viewer: Viewer): Promise<DateEntryDto[]> => {
  const context = await dayContext(db, clientId, venue, category);
  const window = windowFor(context, viewer);
  const sessions = new Map(
    (await repo.findDaySessions(db, clientId, context.venue_id, context.category_id, window.first, window.next)).map((row) => [row.local_date, row]),
  );
  // A day whose release is scheduled (or moved by staff: docs/release.md) opens then.
  const release = await repo.findDayRelease(db, context.venue_id, window.next);
  const nextOpensAt = release ?? context.next_release_at;
  return datesBetween(window.first, window.next).map((date) => {
    const isOpen = date <= window.lastOpen;
    const day = sessions.get(date);
    return {
      raw: date,
      ...prettyDate(date),
      today: date === context.today,
      bookable: isOpen,
      opens_at: isOpen ? null : (nextOpensAt?.toISOString() ?? null),
      sessions: day?.sessions ?? 0,
      last_starts_at: day ? day.last_starts_at.toISOString() : null,
    };
  });
};

const CLASS_KINDS = ['class', 'ad_hoc'] as const;
const TIME_KINDS = ['fast_ticket', 'resource'] as const;

const dayRows = async (db: Db, tenant: Tenant, venue: string, activity: string, date: string, viewer: Viewer, kinds: typeof CLASS_KINDS | typeof TIME_KINDS) => {
  const context = await cachedDayContext(db, tenant, venue, activity);
  assertDateInWindow(context, viewer, date);
  return repo.findOccurrences(
    db,
    { by: 'day', clientId: tenant.clientId, venueId: context.venue_id, categoryId: context.category_id, date, kinds },
    viewer.membershipUserId,
    viewer.isLoggedIn,
  );
};

/** What each row costs the person viewed (pricing.rowPrices: the basket's rules), by occurrence id. */
const pricesOf = (db: Db, clientId: number, rows: readonly repo.OccurrenceRow[], viewer: Viewer) =>
  rowPrices(db, clientId, viewer.membershipUserId, rows.map((row) => ({ occurrence_id: row.id, category_id: row.category_id, price_pence: row.price_pence, member_price_pence: row.member_price_pence })));

type Prices = Awaited<ReturnType<typeof pricesOf>>;

/** A v1 timetable entry: numeric ids plus the old service's capitalised keys (wire notes). */
const v1Entry = (row: repo.OccurrenceRow, prices: Prices) => {
  const entry = toEntry(row, 'v1', prices.get(row.id));
  return { ...entry, Name: entry.name, Spaces: entry.spaces, Activity_Id: row.activity_id };
};

/** v1 timetable: numeric ids plus the old service's capitalised keys (wire notes). */
export const timetableV1 = async (db: Db, tenant: Tenant, venue: string, activity: string, date: string, viewer: Viewer) => {
  const rows = await dayRows(db, tenant, venue, activity, date, viewer, CLASS_KINDS);
  const prices = await pricesOf(db, tenant.clientId, rows, viewer);
  return rows.map((row) => v1Entry(row, prices));
};

/** v2 timetable: the same entries with uuid ids. */
export const timetableV2 = async (db: Db, tenant: Tenant, venue: string, activity: string, date: string, viewer: Viewer): Promise<BookableEntryDto[]> => {
  const rows = await dayRows(db, tenant, venue, activity, date, viewer, CLASS_KINDS);
  const prices = await pricesOf(db, tenant.clientId, rows, viewer);
  return rows.map((row) => toEntry(row, 'v2', prices.get(row.id)));
};

/** Fast-ticket and resource times of a day, one entry per start time. */
export const times = async (db: Db, tenant: Tenant, venue: string, activity: string, date: string, viewer: Viewer, version: IdVersion): Promise<TimeEntryDto[]> => {
  const rows = await dayRows(db, tenant, venue, activity, date, viewer, TIME_KINDS);
  return toTimes(rows, version, await pricesOf(db, tenant.clientId, rows, viewer));
};

const VISITOR: Viewer = { isLoggedIn: false, membershipUserId: null };

/**
 * The availability scope of a visitor's day (visitor-cache.ts), after the same checks as the
 * day itself (404 venue or activity, 422 outside the visitor's window). From memory while the
 * catalogue version holds.
 */
export const visitorDayScope = async (db: Db, tenant: Tenant, venue: string, activity: string, date: string) => {
  const context = await cachedDayContext(db, tenant, venue, activity);
  assertDateInWindow(context, VISITOR, date);
  return availabilityScope({ clientId: tenant.clientId, venueId: context.venue_id, categoryId: context.category_id, date });
};

/**
 * A visitor's timetable (classes) or times of a day, with the first instant (epoch ms) it would
 * read differently with time alone: a hold expiring, a session opening or starting.
 */
export const visitorDay = async (db: Db, tenant: Tenant, venue: string, activity: string, date: string, kind: 'timetable' | 'times', version: IdVersion) => {
  const rows = await dayRows(db, tenant, venue, activity, date, VISITOR, kind === 'timetable' ? CLASS_KINDS : TIME_KINDS);
  // Not personal: the standard price and 'Members from' (every visitor shares this answer).
  const prices = await pricesOf(db, tenant.clientId, rows, VISITOR);
  const data = kind === 'times' ? toTimes(rows, version, prices) : version === 'v1' ? rows.map((row) => v1Entry(row, prices)) : rows.map((row) => toEntry(row, 'v2', prices.get(row.id)));
  const validUntil = rows.reduce((min, row) => (row.changes_at ? Math.min(min, new Date(row.changes_at).getTime()) : min), Number.POSITIVE_INFINITY);
  return { data, validUntil };
};

/** The concrete courts (or fast-ticket sessions) of a day, narrowed by location, time key or time range. */
export const slots = async (
  db: Db,
  tenant: Tenant,
  venue: string,
  activity: string,
  query: SlotsQuery,
  viewer: Viewer,
  version: IdVersion,
): Promise<SlotEntryDto[]> => {
  const rows = await dayRows(db, tenant, venue, activity, query.date, viewer, TIME_KINDS);
  const prices = await pricesOf(db, tenant.clientId, rows, viewer);
  return rows
    .filter(
      (row) =>
        (query.location_id === undefined || row.location_id === query.location_id) &&
        (query.composite_key === undefined || compositeKeyOf(row) === query.composite_key) &&
        (query.start_time === undefined || row.start_24 >= query.start_time) &&
        (query.end_time === undefined || (row.end_24 <= query.end_time && row.end_24 > row.start_24)),
    )
    .map((row) => {
      const entry = toEntry(row, version, prices.get(row.id));
      return { ...entry, date: { raw: row.local_date, pretty: prettyDate(row.local_date).full_date_pretty } };
    });
};

/** Ticket types of a sub-activity (or one activity by id) at a venue. */
export const tickets = async (db: Db, clientId: number, venue: string, category: string, activityIdentifier: string): Promise<TicketDto[]> => {
  const context = await dayContext(db, clientId, venue, category);
  const rows = await repo.findTickets(db, clientId, context.venue_id, context.category_id, activityIdentifier);
  if (rows.length === 0) throw notFound('activity_not_found', ACTIVITY_NOT_FOUND);
  return rows.map((row) => toTicket(row, context.currency_symbol));
};

/** One occurrence with its ticket types: by numeric id (v1 ids) or uuid (v2 ids). */
export const occurrence = async (db: Db, clientId: number, id: number | string, viewer: Viewer): Promise<OccurrenceDetailDto> => {
  const isNumeric = typeof id === 'number' || /^\d+$/.test(id);
  const [row] = await repo.findOccurrences(
    db,
    isNumeric ? { by: 'id', clientId, id: Number(id) } : { by: 'uuid', clientId, uuid: id },
    viewer.membershipUserId,
    viewer.isLoggedIn,
  );
  if (!row) throw notFound('occurrence_not_found', OCCURRENCE_NOT_FOUND);
  const [ticketRows, prices] = await Promise.all([repo.findTicketsOfActivity(db, clientId, row.activity_id), pricesOf(db, clientId, [row], viewer)]);
  return { ...toEntry(row, isNumeric ? 'v1' : 'v2', prices.get(row.id)), tickets: ticketRows.map((t) => toTicket(t, row.currency_symbol)) };
};

/**
 * The booking window for the basket (docs/holds.md "Not here yet"): of `occurrenceIds`, those
 * not yet open for a logged-in customer. Empty when every one may be booked now.
 */
export const notYetBookable = async (db: Db, clientId: number, occurrenceIds: readonly number[]): Promise<number[]> =>
  repo.findUnreleased(db, clientId, occurrenceIds);

/** When a venue's date opens online (the booking window's rule; docs/release.md uses it as the day's release). */
export const dayOpensAt = (db: Db, clientId: number, venueId: number, date: string): Promise<Date | null> =>
  repo.findDayOpensAt(db, clientId, venueId, date);

/** The venue and sub-activity ids the live stream of a path listens to, or 404. */
export const liveScope = async (db: Db, clientId: number, venue: string, activity: string) => {
  const context = await dayContext(db, clientId, venue, activity);
  return { venueId: context.venue_id, categoryId: context.category_id };
};

/**
 * Materialises every template into occurrences for venue-local today − 1 … today + `daysAhead`
 * (the scheduled job and the seed). Idempotent; returns how many occurrences were created.
 */
export const materialiseOccurrences = async (db: Db, { daysAhead = MATERIALISE_DAYS_AHEAD, clientId = null }: { daysAhead?: number; clientId?: number | null } = {}) =>
  repo.materialiseTemplates(db, { fromOffset: -1, toOffset: daysAhead }, { clientId });

/** The same for explicit venue-local dates, optionally of one activity (back-filling; clock-change tests). */
export const materialiseOccurrencesBetween = async (db: Db, from: string, to: string, { activityId = null }: { activityId?: number | null } = {}) =>
  repo.materialiseTemplates(db, { from, to }, { activityId });
