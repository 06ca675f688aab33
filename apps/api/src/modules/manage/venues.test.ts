import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { changeTenants } from '../../../test/tenant.ts';

/**
 * A venue's details, weekly opening hours and footer text in the operator console (issue 26,
 * docs/operator-tools.md "Venues"): managers only, validated, recorded, the footer stored
 * sanitised, and the bookings site's kept answers (the venues list) rebuilt at once.
 */
const ctx = useTestApp();
let manager: TestCustomer;
let staff: TestCustomer;
let customer: TestCustomer;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'PUT', url: string, who: TestCustomer | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

const VENUE = 'bury-leisure-centre';
const base = `/api/manage/venues/${VENUE}`;
const details = async () => (await call('GET', `${base}/details`, manager)).json().data as Json & { opening_hours: Json[]; footer_html: string };
const changes = (action: string) => ctx.db.selectFrom('operator_changes').selectAll().where('action', '=', action as never).orderBy('id').execute();
const publicVenue = async () =>
  ((await ctx.app.inject({ method: 'GET', url: '/api/activities/venues' })).json().data as { slug: string; name: string; phone: string | null }[]).find((v) => v.slug === VENUE)!;
const footer = async () => (await ctx.app.inject({ method: 'GET', url: `/api/activities/footer?venue=${VENUE}` })).body;

beforeAll(async () => {
  const fx = await createHoldsFixture(ctx.db);
  [manager, staff, customer] = (await createCustomers(ctx.db, fx.clientId, 3)) as [TestCustomer, TestCustomer, TestCustomer];
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [manager.userId, staff.userId]).execute();
  await ctx.db.updateTable('users').set({ operator_role: 'manager' }).where('id', '=', manager.userId).execute();
});

/** A valid body (the guard tests); the details tests start from the venue's own. */
const DETAILS = { name: 'Bury Leisure Centre', address_line1: 'Castle Buildings', address_line2: null, town: 'Bury', postcode: 'BL9 0EH', phone: '0161 496 0999', email: 'bury@activenorthwest.example', description: 'Pool, gym and studios.' };
const current = async () => {
  const { name, address_line1, address_line2, town, postcode, phone, email, description } = await details();
  return { name, address_line1, address_line2, town, postcode, phone, email, description };
};

describe('who may change a venue', () => {
  it('refuses a customer and a plain staff member (403) and a visitor (401) before the body is read, and 404s another operator\u2019s venue', async () => {
    const routes: [('GET' | 'PUT'), string, Json?][] = [
      ['GET', `${base}/details`],
      ['PUT', `${base}/details`, DETAILS],
      ['PUT', `${base}/opening-hours`, { days: [] }],
      ['PUT', `${base}/footer`, { html: '<p>Hi</p>' }],
    ];
    for (const [method, url, body] of routes) {
      for (const who of [customer, staff]) expect([url, (await call(method, url, who, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(method, url, staff, { hostile: 1 })).statusCode]).toEqual([url, 403]);
      expect([url, (await call(method, url, null, body)).statusCode]).toEqual([url, 401]);
    }
    await sql`WITH c AS (INSERT INTO clients (slug, name) VALUES ('other-operator-venues', 'Other') RETURNING id)
      INSERT INTO venues (client_id, slug, name, address_line1, town, postcode) SELECT id, 'their-venue', 'Theirs', '1 Road', 'Bolton', 'BL1 1AA' FROM c`.execute(ctx.db);
    expect((await call('GET', '/api/manage/venues/their-venue/details', manager)).statusCode).toBe(404);
    expect((await call('PUT', '/api/manage/venues/their-venue/details', manager, DETAILS)).statusCode).toBe(404);
    expect((await call('PUT', '/api/manage/venues/their-venue/footer', manager, { html: '<p>Mine now</p>' })).statusCode).toBe(404);
    expect((await ctx.db.selectFrom('venues').select('name').where('slug', '=', 'their-venue').executeTakeFirstOrThrow()).name).toBe('Theirs');
    expect(await changes('venue_details_changed')).toHaveLength(0);
  });
});

describe('venue details', () => {
  it('saves the details (the slug stays), records from and to, and the bookings site\u2019s kept venues list shows them at once', async () => {
    expect((await publicVenue()).name).toBe('Bury Leisure Centre'); // the list is now kept in memory
    const body = { ...(await current()), name: 'Bury Leisure & Wellbeing', phone: '0161 496 0123' };
    let response!: Awaited<ReturnType<typeof call>>;
    await changeTenants([ctx.app], async () => (response = await call('PUT', `${base}/details`, manager, body)));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ slug: VENUE, name: 'Bury Leisure & Wellbeing', phone: '0161 496 0123' });
    expect(await publicVenue()).toMatchObject({ name: 'Bury Leisure & Wellbeing', phone: '0161 496 0123' });
    const [change] = await changes('venue_details_changed');
    expect(change).toMatchObject({ actor_user_id: manager.userId, detail: { summary: 'name, phone', from: { name: 'Bury Leisure Centre' }, to: { name: 'Bury Leisure & Wellbeing', phone: '0161 496 0123' } } });
    const page = (await call('GET', `${base}/changes`, manager)).json().data[0];
    expect(page.summary).toBe('Venue details changed: name, phone');
  });

  it('answers 422 nothing_changed for the same details, and 422 naming each bad field', async () => {
    const same = await call('PUT', `${base}/details`, manager, await current());
    expect([same.statusCode, same.json().code]).toEqual([422, 'nothing_changed']);
    const bad = await call('PUT', `${base}/details`, manager, { ...DETAILS, name: ' ', postcode: 'nowhere', email: 'not-an-email', phone: 'call us' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'phone', 'postcode']);
    expect((await call('PUT', `${base}/details`, manager, { ...DETAILS, slug: 'new-slug' })).statusCode).toBe(422);
    expect((await ctx.db.selectFrom('venues').select('slug').where('slug', '=', VENUE).executeTakeFirst())?.slug).toBe(VENUE);
  });
});

describe('opening hours', () => {
  it('replaces the week (a day not listed is closed), the footer lists it, and it is recorded', async () => {
    expect((await details()).opening_hours).toContainEqual({ iso_day: 1, opens: '06:30', closes: '22:00' });
    const week = [1, 2, 3, 4, 5].map((iso_day) => ({ iso_day, opens: '07:00', closes: '21:30' })).concat([{ iso_day: 6, opens: '08:00', closes: '16:00' }]);
    const response = await call('PUT', `${base}/opening-hours`, manager, { days: week });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.opening_hours).toEqual(week);
    expect(await footer()).toContain('<li><strong>Monday to Friday:</strong> 07:00\u201321:30</li><li><strong>Saturday:</strong> 08:00\u201316:00</li><li><strong>Sunday:</strong> Closed</li>');
    const [change] = await changes('opening_hours_changed');
    expect(change!.detail).toMatchObject({ summary: 'Monday to Friday 07:00\u201321:30; Saturday 08:00\u201316:00; Sunday Closed' });
    const again = await call('PUT', `${base}/opening-hours`, manager, { days: week });
    expect([again.statusCode, again.json().code]).toEqual([422, 'nothing_changed']);
  });

  it('refuses a close before the open, a day twice, a bad time or day (422), and PostgreSQL refuses a close before the open too', async () => {
    const cases: [Json, string][] = [
      [{ days: [{ iso_day: 1, opens: '10:00', closes: '09:00' }] }, 'days.0.closes'],
      [{ days: [{ iso_day: 1, opens: '10:00', closes: '10:00' }] }, 'days.0.closes'],
      [{ days: [{ iso_day: 2, opens: '9:00', closes: '17:00' }] }, 'days.0.opens'],
      [{ days: [{ iso_day: 8, opens: '09:00', closes: '17:00' }] }, 'days.0.iso_day'],
      [{ days: [{ iso_day: 3, opens: '09:00', closes: '24:00' }] }, 'days.0.closes'],
      [{ days: [{ iso_day: 3, opens: '09:00', closes: '17:00' }, { iso_day: 3, opens: '18:00', closes: '19:00' }] }, 'days'],
    ];
    for (const [body, field] of cases) {
      const response = await call('PUT', `${base}/opening-hours`, manager, body);
      expect([field, response.statusCode]).toEqual([field, 422]);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const venue = await ctx.db.selectFrom('venues').select('id').where('slug', '=', VENUE).executeTakeFirstOrThrow();
    await expect(sql`UPDATE venue_opening_hours SET closes = '05:00' WHERE venue_id = ${venue.id} AND iso_day = 1`.execute(ctx.db)).rejects.toThrow(/venue_opening_hours_close_after_open/);
  });
});

describe('footer text', () => {
  it('stores the footer sanitised (never the unsafe parts), says so, and the bookings site shows it', async () => {
    const hostile = '<h2 onclick="steal()">Bury</h2><script>alert(1)</script><p>Parking is free after 6pm. <a href="javascript:alert(2)">x</a></p>';
    const response = await call('PUT', `${base}/footer`, manager, { html: hostile });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/were removed/);
    const stored = (await ctx.db.selectFrom('venues').select('footer_html').where('slug', '=', VENUE).executeTakeFirstOrThrow()).footer_html!;
    expect(stored).toContain('Parking is free after 6pm.');
    expect(stored).not.toMatch(/script|onclick|javascript:/i);
    expect(await footer()).toMatch(/^<h2>Bury<\/h2><p>Parking is free after 6pm\. <a rel="noopener noreferrer">x<\/a><\/p><h3>Opening hours<\/h3>/);
    const [change] = await changes('footer_changed');
    expect(change!.detail).toMatchObject({ removed: true });
  });

  it('says nothing was removed from safe HTML, and refuses the same text again', async () => {
    const safe = '<p>Open on bank holidays 09:00\u201316:00.<br>Call <a href="tel:+441614960101">0161 496 0101</a></p>';
    const response = await call('PUT', `${base}/footer`, manager, { html: safe });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('The footer text is saved.');
    const again = await call('PUT', `${base}/footer`, manager, { html: safe });
    expect([again.statusCode, again.json().code]).toEqual([422, 'nothing_changed']);
    expect((await call('PUT', `${base}/footer`, manager, { html: 'x'.repeat(20_001) })).statusCode).toBe(422);
  });
});
