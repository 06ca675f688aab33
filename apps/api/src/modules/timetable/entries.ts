import type { ActionToShowDto, BookableEntryDto, PriceDto } from '@app/contract/timetable/entry';
import type { TicketDto } from '@app/contract/timetable/tickets';
import type { RowPrice } from '../pricing/service.ts';
import type { OccurrenceRow, TicketRow } from './repository.ts';

/**
 * Occurrence rows → wire entries (pure). v1 endpoints serve the numeric ids, v2 ones the uuids,
 * over the same rows (spec §4, DESIGN.md §3).
 */
export type IdVersion = 'v1' | 'v2';

export const toPrice = (pence: number, symbol: string): PriceDto => {
  const amount = (pence / 100).toFixed(2);
  return { raw: pence, formatted: `${symbol}${amount}`, formatted_amount: amount, is_estimated: false, benefit_applied: false, package_applied: false };
};

export const toTicket = (row: TicketRow, symbol: string): TicketDto => ({
  id: row.id,
  name: row.name,
  price: toPrice(row.price_pence, symbol),
  member_price: toPrice(row.member_price_pence, symbol),
  pricing_option: { id: row.id },
  activity_id: row.activity_id,
  min_age: row.min_age,
  max_age: row.max_age,
});

/** A row's price without a viewer's (the visitor's): the standard price, and nothing a membership makes cheaper known. */
const standardOf = (row: OccurrenceRow): RowPrice => ({ basis: 'standard', pence: row.price_pence ?? 0, standard_pence: row.price_pence ?? 0, members_from_pence: null });

/** Places left now: capacity minus bookings and live holds/offers, never below 0. */
export const spacesOf = (row: Pick<OccurrenceRow, 'capacity' | 'taken' | 'cancelled_at'>) =>
  row.cancelled_at ? 0 : Math.max(0, row.capacity - row.taken);

/**
 * What the viewer can do (docs/timetable.md "Actions"), first match wins: cancelled → none;
 * their booking → CANCEL_BOOKING (none once started); started → none; on the waitlist
 * (waiting or offered) → LEAVE_WAITLIST; their live hold or offer → CANCEL_RESERVATION;
 * not released for them yet → none, 'not_open_yet'; no space → JOIN_WAITLIST for a class,
 * FULL otherwise; else BOOK.
 */
export const actionFor = (row: OccurrenceRow): ActionToShowDto => {
  if (row.cancelled_at) return { status: null, reason: 'cancelled' };
  if (row.viewer_claim_kind === 'booking') return row.has_started ? { status: null, reason: 'started' } : { status: 'CANCEL_BOOKING', reason: null };
  if (row.has_started) return { status: null, reason: 'started' };
  if (row.viewer_waitlist_status) return { status: 'LEAVE_WAITLIST', reason: null };
  if (row.viewer_claim_kind) return { status: 'CANCEL_RESERVATION', reason: null };
  if (!row.is_released) return { status: null, reason: 'not_open_yet' };
  if (spacesOf(row) === 0) return row.kind === 'class' ? { status: 'JOIN_WAITLIST', reason: 'full' } : { status: 'FULL', reason: 'full' };
  return { status: 'BOOK', reason: null };
};

const bookingOf = (row: OccurrenceRow): BookableEntryDto['booking'] => {
  if (row.viewer_claim_kind === 'booking') return { id: row.viewer_booking_id ?? row.viewer_claim_id!, type: 'booking' };
  if (row.viewer_claim_kind) return { id: row.viewer_cart_item_id ?? row.viewer_claim_id!, type: 'reservation' };
  return null;
};

const compact = (time: string) => time.replace(':', '');

/** One start time of one activity: '<activity id>-<date>-<HHMM>-<HHMM>' (spec §3 Time compositeKey). */
export const compositeKeyOf = (row: Pick<OccurrenceRow, 'activity_id' | 'local_date' | 'start_24' | 'end_24'>) =>
  `${row.activity_id}-${row.local_date}-${compact(row.start_24)}-${compact(row.end_24)}`;

export const toEntry = (row: OccurrenceRow, version: IdVersion, priced: RowPrice = standardOf(row)): BookableEntryDto => {
  const spaces = spacesOf(row);
  const price = toPrice(priced.pence, row.currency_symbol);
  return {
    id: version === 'v1' ? row.id : row.uuid,
    occurrence_id: row.id,
    composite_key: compositeKeyOf(row),
    cart_type: 'purchasableOccurrence',
    pricing_option_id: row.pricing_option_id ?? 0,
    name: row.name,
    description: row.description,
    date: row.local_date,
    timestamp: Math.floor(row.starts_at.getTime() / 1000),
    duration: row.duration,
    starts_at: { format_12_hour: row.start_12, format_24_hour: row.start_24 },
    ends_at: { format_12_hour: row.end_12, format_24_hour: row.end_24 },
    starts_at_iso: row.starts_at.toISOString(),
    ends_at_iso: row.ends_at.toISOString(),
    instructors: row.instructor_id !== null && row.instructor_name !== null ? [{ id: row.instructor_id, name: row.instructor_name }] : [],
    tags: row.tags,
    location:
      row.location_id !== null
        ? { id: row.location_id, name: row.location_name ?? '', slug: row.location_slug ?? '', type: row.location_type ?? '' }
        : null,
    // The viewer's price by the basket's rules (pricing.rowPrices; docs/first-booking.md "Prices and choices").
    price: { ...price, benefit_applied: priced.basis === 'membership', package_applied: priced.basis === 'package' },
    price_basis: priced.basis,
    standard_price: toPrice(priced.standard_pence, row.currency_symbol),
    members_from: priced.members_from_pence === null ? null : toPrice(priced.members_from_pence, row.currency_symbol),
    spaces,
    spaces_remaining: spaces,
    capacity: row.capacity,
    bookings_count: row.booked,
    waitlist_count: row.waiting,
    waitlist_id: row.viewer_waitlist_id === null ? null : version === 'v1' ? row.viewer_waitlist_id : row.viewer_waitlist_uuid,
    booking: bookingOf(row),
    action_to_show: actionFor(row),
    first_bookable_at: { iso: row.first_bookable_at.toISOString(), local: row.first_bookable_local },
    last_bookable_at: { iso: row.starts_at.toISOString(), local: row.last_bookable_local },
    category_slug: row.category_slug,
    venue_slug: row.venue_slug,
    allows_anonymous_bookings: row.allows_anonymous_bookings,
    restrictions: { pre_waiver: false, pre_induction: false, criteria: [] },
    restriction_ids: [],
    kind: row.kind,
  };
};

/**
 * Fast-ticket and resource rows → one entry per start time (composite key). A resource time
 * stands for its courts: the entry is the viewer's own court if they hold or booked one, else
 * the first free court (so adding it books a free court), else the first; `spaces_remaining`
 * counts free courts.
 */
export const toTimes = (rows: readonly OccurrenceRow[], version: IdVersion, prices?: ReadonlyMap<number, RowPrice>) => {
  const groups = new Map<string, OccurrenceRow[]>();
  for (const row of rows) {
    const key = compositeKeyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups.values()].map((group) => {
    const chosen =
      group.find((r) => r.viewer_claim_kind !== null) ??
      group.find((r) => spacesOf(r) > 0 && r.cancelled_at === null) ??
      group[0]!;
    const entry = toEntry(chosen, version, prices?.get(chosen.id));
    if (chosen.kind !== 'resource') return { ...entry, locations_count: 1 };
    const free = group.filter((r) => spacesOf(r) > 0).length;
    return {
      ...entry,
      spaces: free,
      spaces_remaining: free,
      capacity: group.length,
      bookings_count: group.reduce((sum, r) => sum + r.booked, 0),
      locations_count: group.length,
    };
  });
};
