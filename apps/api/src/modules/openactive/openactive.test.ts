import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
// @ts-expect-error -- the validators ship CommonJS without types
import { FeedPageChecker } from '@openactive/rpde-validator';
// @ts-expect-error -- the validators ship CommonJS without types
import { validate } from '@openactive/data-model-validator';
import { OPENACTIVE_FEEDS, type OpenactiveFeedName, type RpdeItem, type RpdePage } from '@app/contract/openactive/feeds';
import { useTestApp } from '../../../test/app.ts';
import { ACTIVITY_CONCEPTS } from './activity-list.ts';
import { createCustomer, insertClaim } from '../../../test/fixtures/timetable.ts';

/**
 * OpenActive feeds (issue 26; docs/openactive.md), on a second operator of its own (its host
 * `openactive-test.example`) so a whole harvest is small: three items a page, so every feed has
 * several pages. Every page is checked by the RPDE validator in process and every item by the
 * data model validator (no network: loadRemoteJson false).
 */
const ctx = useTestApp({ OPENACTIVE_PAGE_SIZE: '3' });

const HOST = 'openactive-test.example';
const ORIGIN = `http://${HOST}`;

type Harvested = { pages: number; items: Map<number, RpdeItem>; failures: unknown[]; lastUrl: string };

const get = (url: string, host = HOST) => {
  const { pathname, search } = new URL(url, `http://${host}`);
  return ctx.app.inject({ method: 'GET', url: `${pathname}${search}`, headers: { host } });
};

const checker = new FeedPageChecker();

/** Walks a feed from `start` to its last page, validating each page; the latest state of each item. */
const harvest = async (feed: OpenactiveFeedName, { host = HOST, start }: { host?: string; start?: string } = {}): Promise<Harvested> => {
  let url = start ?? `http://${host}/openactive/feeds/${feed}`;
  const items = new Map<number, RpdeItem>();
  const failures: unknown[] = [];
  for (let pageIndex = 0; pageIndex < 200; pageIndex++) {
    const response = await get(url, host);
    expect(response.statusCode).toBe(200);
    const json = response.json<RpdePage>();
    failures.push(
      ...checker.validateRpdePage({
        url,
        json,
        pageIndex,
        contentType: response.headers['content-type'],
        cacheControl: response.headers['cache-control'],
        status: response.statusCode,
        isInitialHarvestComplete: false,
        isOrdersFeed: false,
      }),
    );
    for (const item of json.items) items.set(item.id, item);
    if (json.items.length === 0) {
      expect(json.next).toBe(url);
      return { pages: pageIndex + 1, items, failures, lastUrl: url };
    }
    url = json.next;
  }
  throw new Error(`${feed}: no last page within 200 pages`);
};

/**
 * The data model validator's failures for one item (warnings and notices are advice). Offline, its
 * activity list rule cannot load the list and says so as failures; that rule's part is done by
 * `activityFailures` against the static map instead (checked against the published list when written).
 */
const modelFailures = async (data: Record<string, unknown>) => [
  ...((await validate(data, { loadRemoteJson: false, version: '2.0' })) as { severity: string; message: string; path: string; rule: string }[])
    .filter((e) => e.severity === 'failure' && e.rule !== 'ActivityInActivityListRule')
    .map((e) => `${e.path}: ${e.message.split('\n')[0]}`),
  ...activityFailures(data),
];

const KNOWN = new Map(Object.values(ACTIVITY_CONCEPTS).map((c) => [c.id, c.prefLabel]));
const activityFailures = (data: Record<string, unknown>) =>
  ((data.activity ?? []) as { '@id': string; prefLabel: string; inScheme: string }[])
    .filter((a) => KNOWN.get(a['@id']) !== a.prefLabel || a.inScheme !== 'https://openactive.io/activity-list')
    .map((a) => `$.activity: ${a['@id']} (${a.prefLabel}) is not in the activity list map`);

const live = (h: Harvested) => [...h.items.values()].filter((i) => i.state === 'updated').map((i) => i.data as Record<string, unknown>);

type Made = { clientId: number; seriesId: number; courtsId: number; courseId: number; sessions: number[]; slots: number[]; courts: number[] };
let made: Made;

beforeAll(async () => {
  const db = ctx.db;
  const client = await db.insertInto('clients').values({ slug: 'openactive-test', name: 'Openactive Test Leisure' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('client_domains').values({ client_id: client.id, host: HOST }).execute();
  const venue = await db
    .insertInto('venues')
    .values({ client_id: client.id, slug: 'riverside', name: 'Riverside Leisure Centre', address_line1: '1 River Road', town: 'Bury', postcode: 'BL9 0AA', lat: 53.59, lng: -2.29, phone: '0161 000 0000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = async (slug: string, name: string, parentId: number | null) =>
    (await db.insertInto('activity_categories').values({ client_id: client.id, parent_id: parentId, slug, name }).returning('id').executeTakeFirstOrThrow()).id;
  const fitness = await category('fitness-classes', 'Fitness classes', null);
  const yoga = await category('yoga', 'Yoga', fitness);
  const rackets = await category('racket-sports', 'Racket sports', null);
  const badminton = await category('badminton', 'Badminton', rackets);
  const lessons = await category('swimming-lessons', 'Swimming lessons', null);
  await db.insertInto('category_locations').values([yoga, badminton, lessons].map((category_id) => ({ category_id, venue_id: venue.id }))).execute();
  const activity = async (kind: 'class' | 'resource', categoryId: number, name: string) =>
    (await db.insertInto('activities').values({ client_id: client.id, venue_id: venue.id, category_id: categoryId, kind, name, description: `${name} at Riverside.`, booking_window_days: 7 }).returning('id').executeTakeFirstOrThrow()).id;
  const seriesId = await activity('class', yoga, 'Vinyasa Flow');
  const courtsId = await activity('resource', badminton, 'Badminton Court');
  await db
    .insertInto('pricing_options')
    .values([
      { client_id: client.id, activity_id: seriesId, name: 'Adult', price_pence: 750, member_price_pence: 450, sort_order: 0 },
      { client_id: client.id, activity_id: seriesId, name: 'Junior', price_pence: 450, member_price_pence: 300, sort_order: 1, min_age: 0, max_age: 15 },
      { client_id: client.id, activity_id: courtsId, name: 'Court hire', price_pence: 1000, member_price_pence: 750, sort_order: 0 },
    ])
    .execute();
  await sql`INSERT INTO activity_templates (client_id, activity_id, iso_day_of_week, start_time, duration_minutes, capacity, valid_from)
            VALUES (${client.id}, ${seriesId}, 1, '09:00', 60, 12, (now() AT TIME ZONE 'Europe/London')::date - 7)`.execute(db);
  const courts = (
    await db
      .insertInto('locations')
      .values([1, 2].map((n) => ({ client_id: client.id, venue_id: venue.id, slug: `badminton-court-${n}`, name: `Court ${n}`, type: 'court' as const, sort_order: n })))
      .returning('id')
      .execute()
  ).map((r) => r.id);
  const occurrence = async (activityId: number, categoryId: number, days: number, hour: number, capacity: number, locationId: number | null) =>
    (
      await sql<{ id: number }>`
        INSERT INTO occurrences (client_id, venue_id, category_id, activity_id, location_id, local_date, starts_at, ends_at, capacity)
        SELECT ${client.id}, v.id, ${categoryId}, ${activityId}, ${locationId}::int, d.day,
               (d.day + make_time(${hour}, 0, 0)) AT TIME ZONE v.timezone, (d.day + make_time(${hour}, 0, 0)) AT TIME ZONE v.timezone + interval '1 hour', ${capacity}
          FROM venues v CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE v.timezone)::date + ${days}::int AS day) d
         WHERE v.id = ${venue.id}
        RETURNING id`.execute(db)
    ).rows[0]!.id;
  const sessions = [await occurrence(seriesId, yoga, 1, 9, 12, null), await occurrence(seriesId, yoga, 2, 9, 12, null), await occurrence(seriesId, yoga, 3, 18, 12, null)];
  const slots = [];
  for (const court of courts) for (const hour of [10, 11]) slots.push(await occurrence(courtsId, badminton, 1, hour, 1, court));
  const course = await sql<{ id: number }>`
    INSERT INTO courses (client_id, venue_id, category_id, slug, name, short_description, starts_on, weeks, day_of_week, start_time, duration_minutes, price_pence, capacity, min_age, max_age)
    SELECT ${client.id}, v.id, ${lessons}, 'stage-1', 'Swimming Stage 1', 'Water confidence for beginners.', (now() AT TIME ZONE v.timezone)::date + 7, 8,
           extract(dow FROM (now() AT TIME ZONE v.timezone)::date + 7)::int, '17:00', 45, 6400, 10, 5, 8
      FROM venues v WHERE v.id = ${venue.id} RETURNING id`.execute(db);
  made = { clientId: client.id, seriesId, courtsId, courseId: course.rows[0]!.id, sessions, slots, courts };
});

describe('the dataset site', () => {
  it('is an HTML page with the Dataset as JSON-LD, one DataDownload per feed with its additionalType', async () => {
    const response = await get('/openactive');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<html lang="en-GB">');
    expect(response.body).toContain('<h1>Openactive Test Leisure Sessions and Facilities</h1>');
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(response.body);
    const dataset = JSON.parse(script![1]!) as Record<string, unknown> & { '@type': string; distribution: { '@type': string; additionalType: string; contentUrl: string }[] };
    expect(dataset['@type']).toBe('Dataset');
    expect(dataset.distribution.map((d) => [d['@type'], d.additionalType, d.contentUrl])).toEqual([
      ['DataDownload', 'https://openactive.io/SessionSeries', `${ORIGIN}/openactive/feeds/session-series`],
      ['DataDownload', 'https://openactive.io/ScheduledSession', `${ORIGIN}/openactive/feeds/scheduled-sessions`],
      ['DataDownload', 'https://openactive.io/FacilityUse', `${ORIGIN}/openactive/feeds/facility-uses`],
      ['DataDownload', 'https://openactive.io/IndividualFacilityUse', `${ORIGIN}/openactive/feeds/individual-facility-uses`],
      ['DataDownload', 'https://openactive.io/Slot', `${ORIGIN}/openactive/feeds/facility-use-slots`],
      ['DataDownload', 'https://openactive.io/CourseInstance', `${ORIGIN}/openactive/feeds/course-instances`],
    ]);
    for (const feed of OPENACTIVE_FEEDS) expect(response.body).toContain(`href="${ORIGIN}/openactive/feeds/${feed}"`);
    expect(await modelFailures(dataset)).toEqual([]);
  });
});

describe('the feeds', () => {
  it('pass the RPDE validator on every page and the data model validator on every item, with 0 failures', async () => {
    for (const feed of OPENACTIVE_FEEDS) {
      const harvested = await harvest(feed);
      expect({ feed, failures: harvested.failures }).toEqual({ feed, failures: [] });
      expect(harvested.items.size).toBeGreaterThan(0);
      for (const data of live(harvested)) expect({ id: data['@id'], failures: await modelFailures(data) }).toEqual({ id: data['@id'], failures: [] });
    }
  });

  it('carry what the operator has, in the 2.0 model: series with activity, place, organizer and GBP offers; sessions with capacity', async () => {
    const series = live(await harvest('session-series'));
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({
      '@type': 'SessionSeries',
      '@id': `${ORIGIN}/openactive/session-series/${made.seriesId}`,
      name: 'Vinyasa Flow',
      activity: [{ '@id': 'https://openactive.io/activity-list#bf1a5e00-cdcf-465d-8c5a-6f57040b7f7e', prefLabel: 'Yoga' }],
      location: { '@type': 'Place', name: 'Riverside Leisure Centre', address: { postalCode: 'BL9 0AA' }, geo: { latitude: 53.59, longitude: -2.29 } },
      organizer: { '@type': 'Organization', name: 'Openactive Test Leisure' },
      offers: [
        { '@type': 'Offer', name: 'Adult', price: 7.5, priceCurrency: 'GBP', validFromBeforeStartDate: 'P7D' },
        { '@type': 'Offer', name: 'Junior', price: 4.5, priceCurrency: 'GBP', ageRange: { minValue: 0, maxValue: 15 } },
      ],
      eventSchedule: [{ '@type': 'PartialSchedule', repeatFrequency: 'P1W', byDay: ['https://schema.org/Monday'], startTime: '09:00', endTime: '10:00', duration: 'PT1H' }],
    });
    const sessions = live(await harvest('scheduled-sessions'));
    expect(sessions.map((s) => s['@id']).sort()).toEqual(made.sessions.map((id) => `${ORIGIN}/openactive/scheduled-sessions/${id}`).sort());
    expect(sessions[0]).toMatchObject({ duration: 'PT1H', maximumAttendeeCapacity: 12, remainingAttendeeCapacity: 12, eventStatus: 'https://schema.org/EventScheduled' });
    const courses = live(await harvest('course-instances'));
    expect(courses).toMatchObject([{ '@type': 'CourseInstance', name: 'Swimming Stage 1', offers: [{ price: 64, priceCurrency: 'GBP' }], eventSchedule: [{ duration: 'PT45M', startTime: '17:00' }] }]);
  });

  it('name every parent by an @id its own feed carries (sessions → series, slots → courts → facility uses)', async () => {
    const ids = async (feed: OpenactiveFeedName) => new Set(live(await harvest(feed)).map((d) => d['@id']));
    const [series, facilityUses, courts] = [await ids('session-series'), await ids('facility-uses'), await ids('individual-facility-uses')];
    const sessions = live(await harvest('scheduled-sessions'));
    const slots = live(await harvest('facility-use-slots'));
    const individual = live(await harvest('individual-facility-uses'));
    expect(sessions.length).toBe(3);
    expect(slots.length).toBe(4);
    expect(individual.length).toBe(2);
    for (const session of sessions) expect(series).toContain(session.superEvent);
    for (const slot of slots) expect(courts).toContain(slot.facilityUse);
    for (const court of individual) expect(facilityUses).toContain((court.aggregateFacilityUse as { '@id': string })['@id']);
  });

  it("show only the host's operator: the demo's feed has none of these items and this one none of the demo's", async () => {
    const mine = await harvest('scheduled-sessions');
    expect([...mine.items.keys()].sort()).toEqual([...made.sessions].sort());
    const demo = await get('/openactive/feeds/scheduled-sessions', 'localhost');
    const demoIds = demo.json<RpdePage>().items.map((i) => i.id);
    expect(demoIds.length).toBe(3);
    expect(demoIds.filter((id) => made.sessions.includes(id))).toEqual([]);
    const demoSeries = await get('/openactive/feeds/session-series', 'localhost');
    expect(demoSeries.json<RpdePage>().items.map((i) => i.id)).not.toContain(made.seriesId);
  });
});

describe("the demo operator's feeds", () => {
  it('map every sub-activity with activities or courses to an activity list concept of its own or its parent (never the fallback)', async () => {
    const { rows } = await sql<{ slug: string; parent: string | null }>`
      SELECT DISTINCT c.slug, p.slug AS parent
        FROM activity_categories c LEFT JOIN activity_categories p ON p.id = c.parent_id
       WHERE c.client_id = (SELECT id FROM clients WHERE slug = 'active-north-west') AND c.slug NOT LIKE 'fixture-%'
         AND (EXISTS (SELECT 1 FROM activities a WHERE a.category_id = c.id) OR EXISTS (SELECT 1 FROM courses co WHERE co.category_id = c.id))`.execute(ctx.db);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => !(r.slug in ACTIVITY_CONCEPTS) && !(r.parent !== null && r.parent in ACTIVITY_CONCEPTS))).toEqual([]);
  });

  it('pass both validators on their first pages too (templates, courts, courses of the seed)', async () => {
    for (const feed of OPENACTIVE_FEEDS) {
      let url = `http://localhost/openactive/feeds/${feed}`;
      for (let pageIndex = 0; pageIndex < 2; pageIndex++) {
        const response = await get(url, 'localhost');
        const json = response.json<RpdePage>();
        const failures = checker.validateRpdePage({ url, json, pageIndex, contentType: response.headers['content-type'], cacheControl: response.headers['cache-control'], status: response.statusCode });
        expect({ url, failures }).toEqual({ url, failures: [] });
        expect(json.items.length).toBe(3);
        for (const item of json.items) if (item.data) expect({ id: item.id, failures: await modelFailures(item.data) }).toEqual({ id: item.id, failures: [] });
        url = json.next;
      }
    }
  });
});

describe('paging', () => {
  it.each([
    ['afterTimestamp without afterId', '?afterTimestamp=1'],
    ['afterId without afterTimestamp', '?afterId=1'],
    ['a word', '?afterTimestamp=abc&afterId=1'],
    ['a negative number', '?afterTimestamp=-1&afterId=1'],
    ['a fraction', '?afterTimestamp=1.5&afterId=1'],
    ['a value given twice', '?afterTimestamp=1&afterTimestamp=2&afterId=1'],
    ['a number past 2^53', '?afterTimestamp=99999999999999999&afterId=1'],
  ])('refuses %s with 400', async (_name, query) => {
    const response = await get(`/openactive/feeds/scheduled-sessions${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid_rpde_parameters', message: 'afterTimestamp and afterId must be given together, each once, as whole numbers.' });
  });

  it('writes no forged host into its publicly cached pages: a Host that is no host name makes its URLs localhost ones', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/openactive/feeds/session-series', headers: { host: 'evil.example"><script>x</script>' } });
    expect(response.statusCode).toBe(200);
    const { next } = response.json() as { next: string };
    expect(next.startsWith('http://localhost/openactive/feeds/session-series')).toBe(true);
  });

  it('answers 404 for a feed that does not exist', async () => {
    const response = await get('/openactive/feeds/events');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'feed_not_found' });
  });

  it('serves full pages for an hour and the last page (items [], next its own URL) for 8 seconds, with the licence on each', async () => {
    const first = await get('/openactive/feeds/facility-use-slots');
    const page = first.json<RpdePage>();
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(page.items).toHaveLength(3);
    expect(page.license).toBe('https://creativecommons.org/licenses/by/4.0/');
    const last = page.items.at(-1)!;
    expect(page.next).toBe(`${ORIGIN}/openactive/feeds/facility-use-slots?afterTimestamp=${last.modified}&afterId=${last.id}`);
    const { lastUrl } = await harvest('facility-use-slots');
    const end = await get(lastUrl);
    expect(end.headers['cache-control']).toBe('public, max-age=8');
    expect(end.json()).toEqual({ next: lastUrl, items: [], license: 'https://creativecommons.org/licenses/by/4.0/' });
  });

  it('keeps (modified, id) order and each modified an integer', async () => {
    const all: RpdeItem[] = [];
    let url = `${ORIGIN}/openactive/feeds/facility-use-slots`;
    for (;;) {
      const page = (await get(url)).json<RpdePage>();
      if (!page.items.length) break;
      all.push(...page.items);
      url = page.next;
    }
    expect(all.every((i) => Number.isInteger(i.modified))).toBe(true);
    const keys = all.map((i) => [i.modified, i.id] as const);
    expect([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual(keys);
  });
});

describe('changes', () => {
  /** After a harvest to the end, the items a harvester sees next (from the old last page). */
  const changesSince = async (feed: OpenactiveFeedName, lastUrl: string) => harvest(feed, { start: lastUrl });

  it("a session's capacity change and a booking show up after the last page with a higher modified", async () => {
    const before = await harvest('scheduled-sessions');
    const old = before.items.get(made.sessions[0]!)!;
    await ctx.db.updateTable('occurrences').set({ capacity: 15 }).where('id', '=', made.sessions[0]!).execute();
    const afterCapacity = await changesSince('scheduled-sessions', before.lastUrl);
    expect(afterCapacity.failures).toEqual([]);
    const changed = afterCapacity.items.get(made.sessions[0]!)!;
    expect(changed.modified).toBeGreaterThan(old.modified);
    expect(changed.data).toMatchObject({ maximumAttendeeCapacity: 15, remainingAttendeeCapacity: 15 });

    const customer = await createCustomer(ctx.db, { family: 0 });
    await insertClaim(ctx.db, made.sessions[0]!, customer, { kind: 'booking' });
    const afterBooking = await changesSince('scheduled-sessions', afterCapacity.lastUrl);
    const booked = afterBooking.items.get(made.sessions[0]!)!;
    expect(booked.modified).toBeGreaterThan(changed.modified);
    expect(booked.data).toMatchObject({ maximumAttendeeCapacity: 15, remainingAttendeeCapacity: 14 });

    // The booking's cancellation (the bookings row first, its claim in a later statement).
    const booking = await ctx.db.selectFrom('bookings').select(['id', 'claim_id']).where('occurrence_id', '=', made.sessions[0]!).executeTakeFirstOrThrow();
    await ctx.db.updateTable('bookings').set({ status: 'cancelled', cancelled_at: new Date() }).where('id', '=', booking.id).execute();
    const afterCancel = await changesSince('scheduled-sessions', afterBooking.lastUrl);
    expect(afterCancel.items.get(made.sessions[0]!)!.modified).toBeGreaterThan(booked.modified);
    await ctx.db.updateTable('place_claims').set({ status: 'released', released_at: new Date() }).where('id', '=', booking.claim_id).execute();
    const afterRelease = await changesSince('scheduled-sessions', afterCancel.lastUrl);
    expect(afterRelease.items.get(made.sessions[0]!)!.data).toMatchObject({ remainingAttendeeCapacity: 15 });
  });

  it('a hold on a court uses its slot up, and its release frees it again', async () => {
    const before = await harvest('facility-use-slots');
    const customer = await createCustomer(ctx.db, { family: 0 });
    const { claimId } = await insertClaim(ctx.db, made.slots[0]!, customer, { kind: 'hold', locationId: made.courts[0]! });
    const held = await changesSince('facility-use-slots', before.lastUrl);
    expect(held.items.get(made.slots[0]!)!.data).toMatchObject({ maximumUses: 1, remainingUses: 0 });
    await ctx.db.updateTable('place_claims').set({ status: 'released', released_at: new Date() }).where('id', '=', claimId).execute();
    const freed = await changesSince('facility-use-slots', held.lastUrl);
    expect(freed.items.get(made.slots[0]!)!.data).toMatchObject({ remainingUses: 1 });
  });

  it('a cancelled occurrence shows eventStatus EventCancelled', async () => {
    const before = await harvest('scheduled-sessions');
    await ctx.db.updateTable('occurrences').set({ cancelled_at: new Date() }).where('id', '=', made.sessions[1]!).execute();
    const after = await changesSince('scheduled-sessions', before.lastUrl);
    expect(after.items.get(made.sessions[1]!)).toMatchObject({ state: 'updated', data: { eventStatus: 'https://schema.org/EventCancelled' } });
  });

  it('a new price shows up on the series; a deleted occurrence is a deleted item without data', async () => {
    const series = await harvest('session-series');
    await ctx.db.updateTable('pricing_options').set({ price_pence: 800 }).where('activity_id', '=', made.seriesId).where('name', '=', 'Adult').execute();
    const repriced = await changesSince('session-series', series.lastUrl);
    expect(repriced.items.get(made.seriesId)!.data).toMatchObject({ offers: [{ name: 'Adult', price: 8 }, { name: 'Junior' }] });

    const sessions = await harvest('scheduled-sessions');
    await ctx.db.deleteFrom('occurrences').where('id', '=', made.sessions[2]!).execute();
    const gone = await changesSince('scheduled-sessions', sessions.lastUrl);
    expect(gone.failures).toEqual([]);
    const item = gone.items.get(made.sessions[2]!)!;
    expect(item.state).toBe('deleted');
    expect(item).not.toHaveProperty('data');
  });
});
