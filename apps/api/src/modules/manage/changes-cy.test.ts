import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';

/**
 * The console's words the API composes, in the request's language (issue 27, docs/operator-tools.md
 * "In Welsh"): every kind of change on a venue's changes page, made through the console's own
 * routes, reads Welsh with the `lang=cy` cookie and as before in English; a row written before its
 * writer stored what the Welsh needs keeps its English words after the Welsh action; the timetable
 * import's report (its rows and its errors) is Welsh too.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let manager: TestCustomer;

type Json = Record<string, unknown>;
type Language = 'cy' | 'en-GB' | null;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Json, language: Language = null) =>
  ctx.app.inject({ method, url, headers: { ...manager.auth, ...(language ? { cookie: `lang=${language}` } : {}) }, ...(payload ? { payload } : {}) });
const ok = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: Json) => {
  const response = await call(method, url, payload);
  expect([url, response.statusCode < 300]).toEqual([url, true]);
  return response.json() as Json & { data: Json };
};

const VENUE = 'bury-leisure-centre';
const base = `/api/manage/venues/${VENUE}`;
const summaries = async (language: Language) => {
  const response = await call('GET', `${base}/changes`, undefined, language);
  expect(response.statusCode).toBe(200);
  return (response.json().data as { summary: string }[]).map((change) => change.summary);
};
const venueDate = async (daysAhead: number) =>
  (await sql<{ d: string; dow: number }>`SELECT to_char(d, 'YYYY-MM-DD') AS d, extract(isodow FROM d)::int AS dow FROM (SELECT (now() AT TIME ZONE 'Europe/London')::date + ${daysAhead}::int AS d) x`.execute(ctx.db)).rows[0]!;

const ENGLISH_DAYS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];
const WELSH_DAYS = ['dydd Llun', 'dydd Mawrth', 'dydd Mercher', 'dydd Iau', 'dydd Gwener', 'dydd Sadwrn', 'dydd Sul'];

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  [manager] = (await createCustomers(ctx.db, fx.clientId, 1)) as [TestCustomer];
  await ctx.db.updateTable('users').set({ role: 'staff', operator_role: 'manager' }).where('id', '=', manager.userId).execute();
});

describe("a venue's changes page", () => {
  let footerLength = 0;
  let tomorrow: { d: string; dow: number };
  let lastDate = '';

  beforeAll(async () => {
    // Two rows as the writers stored them before they kept the names and counts (English words only).
    const venue = await ctx.db.selectFrom('venues').select('id').where('slug', '=', VENUE).executeTakeFirstOrThrow();
    for (const [action, detail] of [
      ['footer_changed', { summary: '12 characters', removed: false }],
      ['category_changed', { summary: 'Climbing: short description', category_id: 1 }],
    ] as const) {
      await ctx.db
        .insertInto('operator_changes')
        .values({ client_id: fx.clientId, venue_id: venue.id, occurrence_id: null, actor_user_id: manager.userId, action, reason: null, detail: JSON.stringify(detail) as unknown as Json })
        .execute();
    }
    // The venue: its details, its week and its footer.
    const details = (await call('GET', `${base}/details`)).json().data as Json;
    const { name: _name, phone: _phone, opening_hours: _hours, footer_html: _footer, slug: _slug, ...rest } = details;
    const keep = Object.fromEntries(['address_line1', 'address_line2', 'town', 'postcode', 'email', 'description'].map((key) => [key, rest[key] ?? null]));
    await ok('PUT', `${base}/details`, { ...keep, name: 'Bury Leisure & Wellbeing', phone: '0161 496 0123' });
    const week = [1, 2, 3, 4, 5].map((iso_day) => ({ iso_day, opens: '07:00', closes: '21:30' })).concat([{ iso_day: 6, opens: '08:00', closes: '16:00' }]);
    await ok('PUT', `${base}/opening-hours`, { days: week });
    footerLength = ((await ok('PUT', `${base}/footer`, { html: '<p>Parcio am ddim.</p><script>alert(1)</script>' })).data.footer_html as string).length;
    // Categories: made, renamed, hidden with its activity, and the activity shown again.
    const made = (await ok('POST', `${base}/categories`, { name: 'Climbing', parent_id: null, kind: 'resources' })).data as unknown as { id: number; name: string }[];
    const climbing = made.find((c) => c.name === 'Climbing')!;
    const tree = (await ok('POST', `${base}/categories`, { name: 'Bouldering', parent_id: climbing.id })).data as unknown as { id: number; children: { id: number; name: string }[] }[];
    const bouldering = tree.find((c) => c.id === climbing.id)!.children.find((c) => c.name === 'Bouldering')!;
    await ok('PUT', `${base}/categories/${climbing.id}`, { name: 'Climbing Wall', short_description: null });
    await ok('PUT', `${base}/categories/${climbing.id}/offered`, { offered: false });
    await ok('PUT', `${base}/categories/${bouldering.id}/offered`, { offered: true });
    // A session: its capacity, its instructor and room, then cancelled.
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    const instructor = await ctx.db.insertInto('instructors').values({ client_id: fx.clientId, name: 'Jo Rivers' }).returning('id').executeTakeFirstOrThrow();
    await ok('PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, { capacity: 7 });
    await ok('PUT', `/api/manage/occurrences/${occurrence.id}/staffing`, { instructor_id: instructor.id, location_id: fx.courtIds[1]! });
    await ok('POST', `/api/manage/occurrences/${occurrence.id}/cancel`, { reason: 'Hall flooded' });
    // A weekly series: made, changed, ended.
    tomorrow = await venueDate(1);
    lastDate = (await venueDate(30)).d;
    const options = (await call('GET', `${base}/series-options`)).json() as { categories: { id: number; name: string }[] };
    const series = await ok('POST', `${base}/series`, {
      name: 'Ioga Nos Fawrth',
      category_id: options.categories.find((c) => c.name === 'Yoga')!.id,
      iso_day_of_week: tomorrow.dow,
      start_time: '18:15',
      duration_minutes: 45,
      instructor_id: null,
      location_id: null,
      capacity: 10,
      price_pence: 600,
      booking_window_days: 7,
      starts_on: tomorrow.d,
    });
    const templateId = series.data.template_id as number;
    const body = { iso_day_of_week: tomorrow.dow, start_time: '18:30', duration_minutes: 45, instructor_id: null, location_id: null, capacity: 12, price_pence: 600, member_price_pence: 600, booking_window_days: 7, tag_ids: [] };
    await ok('PUT', `/api/manage/series/${templateId}`, body);
    await ok('POST', `/api/manage/series/${templateId}/end`, { last_date: lastDate, reason: 'Studio closing' });
    // The operator's theme, and the maintenance switch on and off (shown on every venue's page).
    await ok('PATCH', '/api/staff/theme', { theme_app_body_font_style: 'lato' });
    await ok('PUT', '/api/staff/maintenance', { enabled: true });
    await ok('PUT', '/api/staff/maintenance', { enabled: false });
  });

  it('reads Welsh with the lang=cy cookie, composed from what each change stored; names typed by staff stay', async () => {
    expect(await summaries('cy')).toEqual([
      "Modd cynnal a chadw: wedi'i ddiffodd",
      "Modd cynnal a chadw: wedi'i droi ymlaen",
      "Thema wedi'i newid: pob canolfan: ffont y testun",
      `Cyfres wythnosol wedi dod i ben: Ioga Nos Fawrth, y sesiwn olaf ar ${lastDate} neu cyn hynny`,
      "Cyfres wythnosol wedi'i newid: Ioga Nos Fawrth: amser, nifer y lleoedd",
      `Cyfres wythnosol wedi'i chreu: Ioga Nos Fawrth, bob ${WELSH_DAYS[tomorrow.dow - 1]} am 18:15 o ${tomorrow.d} ymlaen`,
      "Sesiwn wedi'i chanslo: Spin Express (dim archebion wedi'u credydu)",
      "Ystafell wedi'i newid: Spin Express, y ganolfan → Court 2",
      "Hyfforddwr wedi'i newid: Spin Express, dim → Jo Rivers",
      "Nifer y lleoedd wedi'i newid: Spin Express, 5 → 7",
      "Categori wedi'i newid: Bouldering yn cael ei ddangos yma",
      "Categori wedi'i newid: Climbing Wall wedi'i guddio yma (gyda 1 o'i weithgareddau)",
      "Categori wedi'i newid: Climbing → Climbing Wall",
      "Categori wedi'i greu: Bouldering (un o weithgareddau Climbing)",
      "Categori wedi'i greu: Climbing (yn cael ei archebu fel slotiau)",
      `Testun y troedyn wedi'i newid: ${footerLength} nod, tynnwyd rhannau anniogel`,
      "Oriau agor wedi'u newid: Dydd Llun i ddydd Gwener 07:00–21:30; Dydd Sadwrn 08:00–16:00; Dydd Sul ar gau",
      "Manylion y ganolfan wedi'u newid: enw, ffôn",
      // Written before the names were stored: the English words, after the Welsh action.
      "Categori wedi'i newid: Climbing: short description",
      "Testun y troedyn wedi'i newid: 12 characters",
    ]);
  });

  it('reads as before in English, with the en-GB cookie and with none', async () => {
    const english = [
      'Maintenance mode: switched off',
      'Maintenance mode: switched on',
      'Theme changed: every venue: theme_app_body_font_style',
      `Weekly series ended: Ioga Nos Fawrth, last session on or before ${lastDate}`,
      'Weekly series changed: Ioga Nos Fawrth: time, capacity',
      `Weekly series created: Ioga Nos Fawrth, ${ENGLISH_DAYS[tomorrow.dow - 1]} at 18:15 from ${tomorrow.d}`,
      'Cancelled: Spin Express (0 bookings credited)',
      'Room changed: Spin Express, the venue → Court 2',
      'Instructor changed: Spin Express, none → Jo Rivers',
      'Capacity changed: Spin Express, 5 → 7',
      'Category changed: Bouldering shown here',
      'Category changed: Climbing Wall hidden here (with 1 of its activities)',
      'Category changed: Climbing → Climbing Wall',
      'Category created: Bouldering (an activity of Climbing)',
      'Category created: Climbing (booked as resources)',
      `Footer text changed: ${footerLength} characters, unsafe parts removed`,
      'Opening hours changed: Monday to Friday 07:00–21:30; Saturday 08:00–16:00; Sunday Closed',
      'Venue details changed: name, phone',
      'Category changed: Climbing: short description',
      'Footer text changed: 12 characters',
    ];
    expect(await summaries('en-GB')).toEqual(english);
    expect(await summaries(null)).toEqual(english);
  });

  it("refuses another operator's venue in Welsh too (404)", async () => {
    await sql`WITH c AS (INSERT INTO clients (slug, name) VALUES ('other-operator-changes-cy', 'Other') RETURNING id)
      INSERT INTO venues (client_id, slug, name, address_line1, town, postcode) SELECT id, 'their-changes-venue', 'Theirs', '1 Road', 'Bolton', 'BL1 1AA' FROM c`.execute(ctx.db);
    expect((await call('GET', '/api/manage/venues/their-changes-venue/changes', undefined, 'cy')).statusCode).toBe(404);
  });
});

describe('the timetable import report', () => {
  const HEADER = 'venue,activity,name,day,start_time,duration_minutes,capacity,price,booking_window_days';

  it("words each row and each error in Welsh with lang=cy, in English without; the venue's slug and the class's name stay", async () => {
    const csv = `${HEADER}\n${VENUE},yoga,Ioga Cynnar,Wed,06:10,30,10,5.00,7`;
    const welsh = await call('POST', '/api/manage/timetable-import', { csv, apply: false }, 'cy');
    expect(welsh.statusCode).toBe(200);
    const [row] = (welsh.json() as { rows: { line: number; summary: string }[] }).rows;
    expect(row!.summary).toMatch(/^bury-leisure-centre: Crëwyd Ioga Cynnar: \d+ sesiwn ar yr amserlen o \d{4}-\d{2}-\d{2}\.$/);
    const english = (await call('POST', '/api/manage/timetable-import', { csv, apply: false })).json() as { rows: { summary: string }[] };
    expect(english.rows[0]!.summary).toMatch(/^bury-leisure-centre: Ioga Cynnar created: \d+ sessions on the timetable from \d{4}-\d{2}-\d{2}\.$/);

    const bad = `${HEADER}\nnowhere,yoga,Ioga,Wed,06:10,30,10,5.00,7\n${VENUE},yoga,Ioga,Wed,06:10,30`;
    const refused = (await call('POST', '/api/manage/timetable-import', { csv: bad, apply: false }, 'cy')).json() as { errors: Json[] };
    expect(refused.errors).toEqual([
      { line: 2, column: 'venue', message: "Dim canolfan gyda'r slỳg 'nowhere'." },
      { line: 3, column: null, message: 'Roedd disgwyl 9 maes, cafwyd 6.' },
    ]);
  });
});
