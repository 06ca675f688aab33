import type { OpenactiveFeed } from '../../db/schema.ts';
import { activityConcept } from './activity-list.ts';
import type { ActivityRow, CourseRow, LocationRow, OccurrenceRow, PriceRow, ScheduleRow, VenueRow } from './repository.ts';

/**
 * OpenActive Modelling Opportunity Data 2.0 (docs/openactive.md "Mapping"): JSON-LD for one
 * item of each feed, from the rows the repository reads. Pure: `origin` is the operator's site
 * (scheme and host of the request), every `@id` a URL under it.
 */

export const OPENACTIVE_CONTEXT = 'https://openactive.io/';
export const LICENSE = 'https://creativecommons.org/licenses/by/4.0/';

/** The RPDE `kind` of each feed's items and the dataset's `additionalType` of each feed. */
export const FEED_KINDS: Readonly<Record<OpenactiveFeed, { kind: string; type: string; name: string }>> = {
  'session-series': { kind: 'SessionSeries', type: 'https://openactive.io/SessionSeries', name: 'Session series' },
  'scheduled-sessions': { kind: 'ScheduledSession', type: 'https://openactive.io/ScheduledSession', name: 'Scheduled sessions' },
  'facility-uses': { kind: 'FacilityUse', type: 'https://openactive.io/FacilityUse', name: 'Facility uses' },
  'individual-facility-uses': { kind: 'IndividualFacilityUse', type: 'https://openactive.io/IndividualFacilityUse', name: 'Individual facility uses' },
  'facility-use-slots': { kind: 'FacilityUse/Slot', type: 'https://openactive.io/Slot', name: 'Facility use slots' },
  'course-instances': { kind: 'CourseInstance', type: 'https://openactive.io/CourseInstance', name: 'Course instances' },
};

/** The `@id` of an item of a feed (its parent's is how a child names it). */
export const itemId = (origin: string, feed: OpenactiveFeed, id: number) => `${origin}/openactive/${feed}/${id}`;

/** Minutes as an ISO 8601 duration: 60 → PT1H, 45 → PT45M, 90 → PT1H30M. */
export const isoDuration = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest || !hours ? `${rest}M` : ''}`;
};

const pounds = (pence: number) => Math.round(pence) / 100;
/** An instant as ISO 8601 in UTC to the second ('…T09:00:00Z'): the validator refuses fractions of a second. */
const iso = (at: Date | string) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
const minutesBetween = (from: Date | string, to: Date | string) => Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000);

const organization = (origin: string, row: Pick<VenueRow, 'client_name'>) => ({
  '@type': 'Organization',
  '@id': `${origin}/openactive#organizer`,
  name: row.client_name,
  url: `${origin}/`,
});

export const place = (origin: string, row: VenueRow) => ({
  '@type': 'Place',
  '@id': `${origin}/openactive/places/${row.venue_id}`,
  identifier: row.venue_slug,
  name: row.venue_name,
  url: `${origin}/location/${row.venue_slug}`,
  ...(row.phone ? { telephone: row.phone } : {}),
  address: {
    '@type': 'PostalAddress',
    streetAddress: [row.address_line1, row.address_line2].filter(Boolean).join(', '),
    addressLocality: row.town,
    // Venues keep no county or region yet: the town stands in (docs/openactive.md "Gaps").
    addressRegion: row.town,
    postalCode: row.postcode,
    addressCountry: 'GB',
  },
  ...(row.lat !== null && row.lng !== null ? { geo: { '@type': 'GeoCoordinates', latitude: Number(row.lat), longitude: Number(row.lng) } } : {}),
});

const activity = (slug: string, parentSlug: string | null) => {
  const found = activityConcept(slug, parentSlug);
  return [{ '@type': 'Concept', '@id': found.id, prefLabel: found.prefLabel, inScheme: 'https://openactive.io/activity-list' }];
};

const ageRange = (min: number | null, max: number | null) =>
  min === null && max === null ? {} : { ageRange: { '@type': 'QuantitativeValue', ...(min === null ? {} : { minValue: min }), ...(max === null ? {} : { maxValue: max }) } };

/** The non-member prices, each an Offer in GBP; the booking window as validFromBeforeStartDate. */
const offers = (base: string, prices: readonly PriceRow[], bookingWindowDays: number | null) =>
  prices.map((p) => ({
    '@type': 'Offer',
    '@id': `${base}#offer-${p.id}`,
    identifier: p.id,
    name: p.name,
    price: pounds(p.price_pence),
    priceCurrency: 'GBP',
    ...ageRange(p.min_age, p.max_age),
    ...(bookingWindowDays === null ? {} : { validFromBeforeStartDate: `P${bookingWindowDays}D` }),
  }));

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A weekly time as a PartialSchedule (the sessions themselves are in their own feed). */
const weekly = (s: ScheduleRow, timezone: string) => ({
  '@type': 'PartialSchedule',
  repeatFrequency: 'P1W',
  byDay: [`https://schema.org/${DAYS[s.iso_day % 7]}`],
  startTime: s.start_time,
  endTime: endTime(s.start_time, s.duration_minutes),
  duration: isoDuration(s.duration_minutes),
  scheduleTimezone: timezone,
  ...(s.valid_from ? { startDate: s.valid_from } : {}),
  ...(s.valid_until ? { endDate: s.valid_until } : {}),
});

/** 'HH:MM' plus minutes, on the clock ('23:30' + 60 → '00:30'). */
const endTime = (start: string, minutes: number) => {
  const [h, m] = start.split(':').map(Number);
  const total = (h! * 60 + m! + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

export const sessionSeries = (origin: string, row: ActivityRow) => {
  const id = itemId(origin, 'session-series', row.id);
  return {
    '@context': OPENACTIVE_CONTEXT,
    '@type': 'SessionSeries',
    '@id': id,
    identifier: row.id,
    name: row.name,
    ...(row.description ? { description: row.description } : {}),
    url: `${origin}/location/${row.venue_slug}/${row.category_slug}`,
    activity: activity(row.category_slug, row.parent_slug),
    location: place(origin, row),
    organizer: organization(origin, row),
    offers: offers(id, row.prices, row.booking_window_days),
    eventSchedule: row.schedules.map((s) => weekly(s, row.timezone)),
  };
};

export const facilityUse = (origin: string, row: ActivityRow) => {
  const id = itemId(origin, 'facility-uses', row.id);
  return {
    '@context': OPENACTIVE_CONTEXT,
    '@type': 'FacilityUse',
    '@id': id,
    identifier: row.id,
    name: row.name,
    ...(row.description ? { description: row.description } : {}),
    url: `${origin}/location/${row.venue_slug}/${row.category_slug}`,
    activity: activity(row.category_slug, row.parent_slug),
    location: place(origin, row),
    provider: organization(origin, row),
    offers: offers(id, row.prices, row.booking_window_days),
  };
};

/**
 * A court, standalone (its own feed): its facility use named by `@id` in `aggregateFacilityUse`,
 * which the model wants as an object, so the facility use's required fields come along.
 */
export const individualFacilityUse = (origin: string, row: LocationRow) => {
  const common = {
    url: `${origin}/location/${row.venue_slug}/${row.category_slug}`,
    activity: activity(row.category_slug, row.parent_slug),
    location: place(origin, row),
    provider: organization(origin, row),
  };
  return {
    '@context': OPENACTIVE_CONTEXT,
    '@type': 'IndividualFacilityUse',
    '@id': itemId(origin, 'individual-facility-uses', row.id),
    identifier: row.id,
    name: `${row.activity_name}: ${row.name}`,
    ...common,
    aggregateFacilityUse: { '@type': 'FacilityUse', '@id': itemId(origin, 'facility-uses', row.activity_id), name: row.activity_name, ...common },
  };
};

const timing = (row: OccurrenceRow) => ({
  startDate: iso(row.starts_at),
  endDate: iso(row.ends_at),
  duration: isoDuration(minutesBetween(row.starts_at, row.ends_at)),
});

export const scheduledSession = (origin: string, row: OccurrenceRow) => ({
  '@context': OPENACTIVE_CONTEXT,
  '@type': 'ScheduledSession',
  '@id': itemId(origin, 'scheduled-sessions', row.id),
  identifier: row.uuid,
  superEvent: itemId(origin, 'session-series', row.activity_id),
  url: `${origin}/location/${row.venue_slug}/${row.category_slug}/${row.local_date}`,
  ...timing(row),
  maximumAttendeeCapacity: row.capacity,
  // A cancelled session has no places to offer (as a cancelled slot's remainingUses), whatever its claims.
  remainingAttendeeCapacity: row.cancelled ? 0 : Math.max(0, row.capacity - row.taken),
  eventStatus: row.cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
});

/** A court's hour: the court (an individual facility use) when it has one, else the facility use. */
export const slot = (origin: string, row: OccurrenceRow) => {
  const id = itemId(origin, 'facility-use-slots', row.id);
  return {
    '@context': OPENACTIVE_CONTEXT,
    '@type': 'Slot',
    '@id': id,
    identifier: row.uuid,
    facilityUse: row.location_id === null ? itemId(origin, 'facility-uses', row.activity_id) : itemId(origin, 'individual-facility-uses', row.location_id),
    url: `${origin}/location/${row.venue_slug}/${row.category_slug}/${row.local_date}`,
    ...timing(row),
    maximumUses: row.capacity,
    remainingUses: row.cancelled ? 0 : Math.max(0, row.capacity - row.taken),
    offers: offers(id, row.prices, null),
  };
};


/** A course (weekly sessions booked as one) with its schedule. */
export const courseInstance = (origin: string, row: CourseRow) => {
  const id = itemId(origin, 'course-instances', row.id);
  return {
    '@context': OPENACTIVE_CONTEXT,
    '@type': 'CourseInstance',
    '@id': id,
    identifier: row.id,
    name: row.name,
    ...(row.description ? { description: row.description } : {}),
    url: `${origin}/courses/location/${row.venue_slug}/${row.category_slug}/${row.slug}`,
    activity: activity(row.category_slug, row.parent_slug),
    location: place(origin, row),
    organizer: organization(origin, row),
    offers: [{ '@type': 'Offer', '@id': `${id}#offer`, name: 'Whole course', price: pounds(row.price_pence), priceCurrency: 'GBP' }],
    // A course's dates are dates (venue-local), its duration the days from the first session to the last.
    startDate: row.starts_on,
    endDate: row.ends_on,
    duration: `P${7 * (row.weeks - 1)}D`,
    eventSchedule: [
      {
        '@type': 'PartialSchedule',
        repeatFrequency: 'P1W',
        byDay: [`https://schema.org/${DAYS[row.day_of_week % 7]}`],
        startTime: row.start_time,
        endTime: endTime(row.start_time, row.duration_minutes),
        duration: isoDuration(row.duration_minutes),
        scheduleTimezone: row.timezone,
        startDate: row.starts_on,
        endDate: row.ends_on,
      },
    ],
    maximumAttendeeCapacity: row.capacity,
    remainingAttendeeCapacity: Math.max(0, row.capacity - row.taken),
    eventStatus: 'https://schema.org/EventScheduled',
    ...ageRange(row.min_age, row.max_age),
  };
};
