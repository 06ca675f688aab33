import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { filterVenuesByName } from '@app/contract/rules/venue-search';
import { TRICKY_VENUE_NAMES, TRICKY_VENUE_SEARCHES } from '@app/contract/rules/venue-search.fixtures';
import { useTestApp } from '../../../test/app.ts';

const ctx = useTestApp();

type Venue = { slug: string; name: string; lat: number | null; lng: number | null; distance?: number };

const getVenues = async (query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/activities/venues${query}` });
  return { response, body: response.json<{ data: Venue[] }>() };
};

describe('GET /api/activities/venues', () => {
  it('lists every demo venue by name with the Venue fields of spec §3 and no database-only columns', async () => {
    const { response, body } = await getVenues();
    expect(response.statusCode).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(16);
    const names = body.data.map((v) => v.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const bury = body.data.find((v) => v.slug === 'bury-leisure-centre');
    expect(bury).toMatchObject({
      name: 'Bury Leisure Centre',
      address_line1: 'Knowsley Street',
      town: 'Bury',
      postcode: 'BL9 0SW',
      lat: 53.5933,
      lng: -2.2966,
      activities_v2_enabled: true,
      display_venue_selection_button: true,
      // The seed dates the v2 switch from the day it is loaded: the answer is the stored date.
      migration_date: (await ctx.db.selectFrom('venues').select(sql<string>`to_char(migration_date, 'YYYY-MM-DD')`.as('d')).where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow()).d,
    });
    expect(bury).not.toHaveProperty('client_id');
    expect(bury).not.toHaveProperty('footer_html');
  });

  it('filters by a case-insensitive substring of the name (spec §5)', async () => {
    const { body } = await getVenues('?search=LEISURE%20cen');
    expect(body.data.length).toBeGreaterThan(2);
    expect(body.data.every((v) => v.name.toLowerCase().includes('leisure cen'))).toBe(true);
    const { body: radcliffe } = await getVenues('?search=adcli');
    expect(radcliffe.data.map((v) => v.slug)).toEqual(['radcliffe-leisure-centre']);
  });

  it('treats % and _ in a search as ordinary characters', async () => {
    const { response, body } = await getVenues('?search=%25');
    expect(response.statusCode).toBe(200);
    expect(body.data).toEqual([]);
    expect((await getVenues('?search=_')).body.data).toEqual([]);
  });

  it('lists the venues within the radius of a point, nearest first, with distances in miles to one decimal', async () => {
    const { body } = await getVenues('?lat=53.6&lng=-2.3&radius=5');
    const slugs = body.data.map((v) => v.slug);
    expect(slugs[0]).toBe('bury-leisure-centre');
    expect(slugs).toEqual(
      expect.arrayContaining(['radcliffe-leisure-centre', 'whitefield-sports-centre', 'ramsbottom-pool', 'heywood-sports-village']),
    );
    expect(slugs).not.toContain('manchester-city-centre-pool-and-gym');
    const distances = body.data.map((v) => v.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const d of distances) {
      expect(d).toBeLessThanOrEqual(5);
      expect(Math.round(d * 10) / 10).toBe(d);
    }
  });

  it('uses the default radius of 5 miles when none is given (spec §9)', async () => {
    const { body: withDefault } = await getVenues('?lat=53.6&lng=-2.3');
    const { body: withFive } = await getVenues('?lat=53.6&lng=-2.3&radius=5');
    expect(withDefault.data).toEqual(withFive.data);
  });

  it('answers fewer venues for a smaller radius and more for a larger one, each within its radius', async () => {
    const slugsWithin = async (radius: number) => {
      const { response, body } = await getVenues(`?lat=53.6&lng=-2.3&radius=${radius}`);
      expect(response.statusCode).toBe(200);
      for (const venue of body.data) expect(venue.distance!).toBeLessThanOrEqual(radius);
      return body.data.map((v) => v.slug);
    };
    const [one, five, twenty] = [await slugsWithin(1), await slugsWithin(5), await slugsWithin(20)];
    expect(one.length).toBeGreaterThan(0);
    expect(one.length).toBeLessThan(five.length);
    expect(five.length).toBeLessThan(twenty.length);
    expect(five).toEqual(expect.arrayContaining(one));
    expect(twenty).toEqual(expect.arrayContaining(five));
    // Manchester city centre is about 9 miles from the point: outside 5, inside 20.
    expect(five).not.toContain('manchester-city-centre-pool-and-gym');
    expect(twenty).toContain('manchester-city-centre-pool-and-gym');
  });

  it.each([
    ['?lat=abc&lng=-2', 'lat'],
    ['?lat=&lng=-2', 'lat'],
    ['?lat=91&lng=-2', 'lat'],
    ['?lat=53&lng=-181', 'lng'],
    ['?lat=53', 'lng'],
    ['?radius=5', 'radius'],
    ['?lat=53&lng=-2&radius=0', 'radius'],
    ['?lat=53&lng=-2&radius=-1', 'radius'],
    [`?search=${'x'.repeat(101)}`, 'search'],
  ])('answers 422 naming the field for %s', async (query, field) => {
    const { response } = await getVenues(query);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors).join(' ')).toContain(field);
  });
});

describe('GET /api/activities/venues/{id}', () => {
  it('finds a venue by slug or by numeric id', async () => {
    const bySlug = await ctx.app.inject({ method: 'GET', url: '/api/activities/venues/radcliffe-leisure-centre' });
    expect(bySlug.statusCode).toBe(200);
    const venue = bySlug.json<{ data: { id: number; slug: string } }>().data;
    const byId = await ctx.app.inject({ method: 'GET', url: `/api/activities/venues/${venue.id}` });
    expect(byId.json<{ data: { slug: string } }>().data.slug).toBe('radcliffe-leisure-centre');
  });

  it('answers 404 for an unknown slug or id', async () => {
    for (const id of ['no-such-venue', '999999', '99999999999999999999']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/activities/venues/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "We couldn't find that venue.", code: 'venue_not_found' });
    }
  });

  it('answers 422 for an id that is neither a number nor a slug', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/activities/venues/Bad%20Slug!' });
    expect(response.statusCode).toBe(422);
  });
});

describe('GET /api/activities/venues/online-joining/{id}', () => {
  it('returns a venue that takes online joining', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/activities/venues/online-joining/bury-leisure-centre' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { online_joining_enabled: boolean } }>().data.online_joining_enabled).toBe(true);
  });

  it('answers 404 for a venue without online joining and for an unknown venue', async () => {
    await ctx.db.updateTable('venues').set({ online_joining_enabled: false }).where('slug', '=', 'heywood-sports-village').execute();
    for (const id of ['heywood-sports-village', 'no-such-venue']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/activities/venues/online-joining/${id}` });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('tenancy', () => {
  it('never shows another client’s venues', async () => {
    const other = await ctx.db
      .insertInto('clients')
      .values({ slug: 'other-operator', name: 'Other Operator' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('venues')
      .values({ client_id: other.id, slug: 'other-pool', name: 'Other Pool', address_line1: '1 Road', town: 'Leeds', postcode: 'LS1 1AA', lat: 53.8, lng: -1.55 })
      .execute();
    const { body } = await getVenues('?search=other');
    expect(body.data).toEqual([]);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/activities/venues/other-pool' });
    expect(response.statusCode).toBe(404);
  });
});

describe('name search agrees with the browser (one implementation, spec §5)', () => {
  it.each(TRICKY_VENUE_SEARCHES)('?search=%j finds %j, as the home screen’s filter does over the same list', async (term, found) => {
    const client = await ctx.db.selectFrom('venues').select('client_id').where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
    for (const [index, name] of TRICKY_VENUE_NAMES.entries()) {
      await ctx.db
        .insertInto('venues')
        .values({ client_id: client.client_id, slug: `tricky-${index}`, name, address_line1: '1 Road', town: 'Bury', postcode: 'BL9 0SW', lat: null, lng: null })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    const { body: all } = await getVenues();
    const { response, body } = await getVenues(`?search=${encodeURIComponent(term)}`);
    expect(response.statusCode).toBe(200);
    const names = body.data.map((v) => v.name);
    expect(names).toEqual(filterVenuesByName(all.data, term).map((v) => v.name));
    expect(names.filter((name) => (TRICKY_VENUE_NAMES as readonly string[]).includes(name)).sort()).toEqual([...found].sort());
  });
});
