import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, liveClaims, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { addCredit } from '../credits/service.ts';

/**
 * The operator console's API (issue 26, docs/operator-tools.md): who may use it, cancelling an
 * occurrence (credit, emails, holds, waitlist, the OpenActive item), capacity never below the
 * places taken (in PostgreSQL, raced), instructor and room changes emailed, the audit trail.
 */

const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let manager: TestCustomer;
let staff: TestCustomer;
let termIds: number[];
let next = 2;
const fresh = () => customers[next++]!;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestCustomer | null, payload?: Json) =>
  ctx.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

const addToCart = (who: TestCustomer, occurrenceId: number, forChild = false) =>
  call('POST', '/api/activities/cart/add', who, {
    items: [{ id: occurrenceId, type: 'purchasableOccurrence', purchased_for_user_id: forChild ? who.childId : null, pricing_option_id: fx.classOptions.adult }],
    selected_user_id: null,
  });

/** Books `who` (and their child with `withChild`) onto the occurrence through the basket and a credit-only checkout. */
const book = async (who: TestCustomer, occurrenceId: number, withChild = false) => {
  expect((await addToCart(who, occurrenceId)).statusCode).toBe(200);
  if (withChild) expect((await addToCart(who, occurrenceId, true)).statusCode).toBe(200);
  const cart = (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
  await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', cart.total, 'Test credit');
  const done = await call('POST', '/api/checkout/complete', who, { completed_waivers: [], payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], source: 'activity-booking', terms: termIds, selected_user_id: null });
  expect(done.statusCode).toBe(200);
  return done.json().data.booking_ids as number[];
};

const balance = async (who: TestCustomer) => (await call('GET', '/api/auth/user', who)).json().data.credit.balance as number;
const emailsTo = async (who: TestCustomer, kind: string) =>
  (await ctx.db.selectFrom('outbox_emails').select(['subject', 'text_body']).where('to_address', '=', who.email).where('kind', '=', kind).execute());
const changesOf = (occurrenceId: number) => ctx.db.selectFrom('operator_changes').selectAll().where('occurrence_id', '=', occurrenceId).orderBy('id').execute();

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 40);
  [manager, staff] = customers as [TestCustomer, TestCustomer];
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [manager.userId, staff.userId]).execute();
  await ctx.db.updateTable('users').set({ operator_role: 'manager' }).where('id', '=', manager.userId).execute();
  termIds = (await call('GET', '/api/terms', customers[2]!)).json().data.map((t: { id: number }) => t.id);
});

describe('who may use the console', () => {
  it('refuses a customer and a plain staff member (403) and a visitor (401) on every route, before the body is read', async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class' });
    const routes: [('GET' | 'POST' | 'PUT'), string, Json?][] = [
      ['GET', '/api/manage/venues'],
      ['GET', '/api/manage/venues/bury-leisure-centre/occurrences?date=2026-01-01'], // fixed-date: refused before the date is read
      ['POST', `/api/manage/occurrences/${occurrence.id}/cancel`, { reason: 'Instructor ill' }],
      ['PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, { capacity: 20 }],
      ['PUT', `/api/manage/occurrences/${occurrence.id}/staffing`, { location_id: null }],
      ['GET', '/api/manage/venues/bury-leisure-centre/changes'],
    ];
    for (const [method, url, body] of routes) {
      for (const who of [fresh(), staff]) {
        const response = await call(method, url, who, body);
        expect([url, response.statusCode, response.json().message]).toEqual([url, 403, 'Unauthorised.']);
      }
      expect((await call(method, url, staff, { hostile: 'x'.repeat(3000) })).statusCode).toBe(403);
      expect((await call(method, url, null, body)).statusCode).toBe(401);
    }
    expect((await ctx.db.selectFrom('occurrences').select(['capacity', 'cancelled_at']).where('id', '=', occurrence.id).executeTakeFirstOrThrow())).toEqual({ capacity: 10, cancelled_at: null });
  });

  it("answers 404 for another operator's venue and occurrence, and never lists them", async () => {
    const other = await sql<{ occurrence: number }>`
      WITH c AS (INSERT INTO clients (slug, name) VALUES ('other-operator-manage', 'Other Operator') RETURNING id),
           v AS (INSERT INTO venues (client_id, slug, name, address_line1, town, postcode) SELECT id, 'other-manage-venue', 'Other', '1 Road', 'Bolton', 'BL1 1AA' FROM c RETURNING id, client_id),
           cat AS (INSERT INTO activity_categories (client_id, slug, name, v1_type, v2_type) SELECT id, 'other-manage-cat', 'Other', 'class_templates', 'classes' FROM c RETURNING id, client_id),
           a AS (INSERT INTO activities (client_id, venue_id, category_id, kind, name) SELECT v.client_id, v.id, cat.id, 'class', 'Their class' FROM v, cat RETURNING id, venue_id, category_id, client_id)
      INSERT INTO occurrences (client_id, venue_id, category_id, activity_id, local_date, starts_at, ends_at, capacity)
      SELECT client_id, venue_id, category_id, id, (now() + interval '1 day')::date, now() + interval '1 day', now() + interval '25 hours', 10 FROM a
      RETURNING id AS occurrence`.execute(ctx.db);
    const theirs = other.rows[0]!.occurrence;
    expect((await call('POST', `/api/manage/occurrences/${theirs}/cancel`, manager, { reason: 'Not mine' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/manage/occurrences/${theirs}/capacity`, manager, { capacity: 3 })).statusCode).toBe(404);
    expect((await call('GET', '/api/manage/venues/other-manage-venue/changes', manager)).statusCode).toBe(404);
    expect((await call('GET', '/api/manage/venues', manager)).json().data.some((v: { slug: string }) => v.slug === 'other-manage-venue')).toBe(false);
    expect((await ctx.db.selectFrom('occurrences').select('cancelled_at').where('id', '=', theirs).executeTakeFirstOrThrow()).cancelled_at).toBeNull();
  });

  it('refuses bad input with 422 naming the field', async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class' });
    const bad: [('GET' | 'POST' | 'PUT'), string, Json | undefined, string][] = [
      ['POST', `/api/manage/occurrences/${occurrence.id}/cancel`, { reason: 'x' }, 'reason'],
      ['POST', `/api/manage/occurrences/${occurrence.id}/cancel`, { reason: 'Pool closed', extra: 1 }, ''],
      ['PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, { capacity: 0 }, 'capacity'],
      ['PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, { capacity: 2.5 }, 'capacity'],
      ['PUT', `/api/manage/occurrences/${occurrence.id}/staffing`, {}, 'instructor_id'],
      ['GET', '/api/manage/venues/bury-leisure-centre/occurrences?date=2026-02-30', undefined, 'date'], // fixed-date: not a real date
    ];
    for (const [method, url, body, field] of bad) {
      const response = await call(method, url, manager, body);
      expect([url, response.statusCode]).toEqual([url, 422]);
      if (field) expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
    expect((await call('POST', '/api/manage/occurrences/999999999/cancel', manager, { reason: 'Pool closed' })).statusCode).toBe(404);
  });
});

describe('cancelling an occurrence', () => {
  it('cancels every booking with its price back as credit and an email, releases holds, closes the waitlist, records the change and shows EventCancelled on the feed', async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 4, startsInMinutes: 60 });
    const [alex, blair, casey, drew] = [fresh(), fresh(), fresh(), fresh()];
    const before = { alex: await balance(alex), blair: await balance(blair) };
    const alexBookings = await book(alex, occurrence.id);
    const blairBookings = await book(blair, occurrence.id, true);
    expect(alexBookings).toHaveLength(1);
    expect(blairBookings).toHaveLength(2);
    expect((await addToCart(casey, occurrence.id)).statusCode).toBe(200);
    expect((await call('POST', '/api/activities/waitlist/add', drew, { item: { id: occurrence.id, type: 'purchasableOccurrence' }, selected_user_id: null })).statusCode).toBe(200);
    const feedBefore = await ctx.db.selectFrom('openactive_items').select('modified').where('feed', '=', 'scheduled-sessions').where('item_id', '=', occurrence.id).executeTakeFirstOrThrow();

    const response = await call('POST', `/api/manage/occurrences/${occurrence.id}/cancel`, manager, { reason: 'Instructor unwell' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ cancelled_bookings: 3, emailed_accounts: 2, credit_pence: 3 * 650, released_holds: 1, closed_waitlist_entries: 1, data: { booked: 0, held: 0, waiting: 0 } });
    expect(response.json().data.cancelled_at).not.toBeNull();

    // Credit back in full, though the session is within the late-cancellation hours (the venue cancelled).
    expect(await balance(alex)).toBe(before.alex + 650);
    expect(await balance(blair)).toBe(before.blair + 1300);
    const bookings = await ctx.db.selectFrom('bookings').select(['status', 'cancellation_source']).where('occurrence_id', '=', occurrence.id).execute();
    expect(bookings).toEqual(Array(3).fill({ status: 'cancelled', cancellation_source: 'operator' }));
    expect(await ctx.db.selectFrom('late_cancellation_fees').select('id').where('booking_id', 'in', [...alexBookings, ...blairBookings]).execute()).toEqual([]);
    const [alexMail] = await emailsTo(alex, 'booking-cancelled');
    expect(alexMail?.text_body).toContain('Instructor unwell');
    expect(alexMail?.text_body).toContain('Credit given: £6.50');
    expect(await emailsTo(blair, 'booking-cancelled')).toHaveLength(1);
    expect(await emailsTo(casey, 'booking-cancelled')).toHaveLength(0);
    expect(await liveClaims(ctx.db, occurrence.id)).toBe(0);
    expect((await ctx.db.selectFrom('waitlist_entries').select('status').where('occurrence_id', '=', occurrence.id).execute()).map((w) => w.status)).toEqual(['lapsed']);

    const [change] = await changesOf(occurrence.id);
    expect(change).toMatchObject({ action: 'occurrence_cancelled', actor_user_id: manager.userId, reason: 'Instructor unwell', venue_id: fx.venueId });
    expect(change!.detail).toMatchObject({ bookings_cancelled: 3, credit_pence: 1950, holds_released: 1, waitlist_closed: 1 });

    const feed = await ctx.app.inject({ method: 'GET', url: `/openactive/feeds/scheduled-sessions?afterTimestamp=${Number(feedBefore.modified)}&afterId=${occurrence.id}` });
    expect(feed.statusCode).toBe(200);
    const item = (feed.json().items as { id: number | string; data?: { eventStatus: string; remainingAttendeeCapacity: number } }[]).find((i) => String(i.id) === String(occurrence.id));
    expect(item?.data).toMatchObject({ eventStatus: 'https://schema.org/EventCancelled', remainingAttendeeCapacity: 0 });

    // Once cancelled: no second cancellation, no change, no new hold, no waitlist.
    expect((await call('POST', `/api/manage/occurrences/${occurrence.id}/cancel`, manager, { reason: 'Again' })).statusCode).toBe(409);
    expect((await call('PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, manager, { capacity: 8 })).statusCode).toBe(409);
    const late = await addToCart(fresh(), occurrence.id);
    expect([late.statusCode, late.json().code]).toEqual([400, 'occurrence_cancelled']);
  });

  it('refuses an occurrence that has started (400), changing nothing', async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', startsInMinutes: -5 });
    const response = await call('POST', `/api/manage/occurrences/${occurrence.id}/cancel`, manager, { reason: 'Too late' });
    expect([response.statusCode, response.json().code]).toEqual([400, 'occurrence_started']);
    expect(await changesOf(occurrence.id)).toEqual([]);
  });

  it('two managers cancelling at once: one cancels and credits once, the other is told it is cancelled', async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 3 });
    const who = fresh();
    const start = await balance(who);
    await book(who, occurrence.id);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/api/manage/occurrences/${occurrence.id}/cancel`, manager, { reason: 'Pool closed' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balance(who)).toBe(start + 650);
    expect(await changesOf(occurrence.id)).toHaveLength(1);
  });
});

describe('changing capacity', () => {
  it('raises and lowers it, never below the places booked or held (409), and records each change', async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    await book(fresh(), occurrence.id, true);
    expect((await addToCart(fresh(), occurrence.id)).statusCode).toBe(200);
    const below = await call('PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, manager, { capacity: 2 });
    expect([below.statusCode, below.json().code, below.json().message]).toEqual([409, 'capacity_below_taken', 'The capacity cannot be lower than the 3 places already booked or held.']);
    const down = await call('PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, manager, { capacity: 3, reason: 'Studio B is smaller' });
    expect([down.statusCode, down.json().data.capacity]).toEqual([200, 3]);
    expect((await call('PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, manager, { capacity: 12 })).json().data.capacity).toBe(12);
    expect((await call('PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, manager, { capacity: 12 })).statusCode).toBe(422);
    expect((await changesOf(occurrence.id)).map((c) => [c.action, c.detail])).toEqual([
      ['capacity_changed', expect.objectContaining({ from: 5, to: 3 })],
      ['capacity_changed', expect.objectContaining({ from: 3, to: 12 })],
    ]);
  });

  it('is enforced by PostgreSQL whoever writes it', async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 4 });
    await book(fresh(), occurrence.id, true);
    await expect(sql`UPDATE occurrences SET capacity = 1 WHERE id = ${occurrence.id}`.execute(ctx.db)).rejects.toMatchObject({ code: '23514', constraint: 'occurrences_capacity_floor' });
    await sql`UPDATE occurrences SET capacity = 2 WHERE id = ${occurrence.id}`.execute(ctx.db);
  });

  it('races holds for the last place against a lowering: never more places taken than the capacity', async () => {
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 3 });
      await book(fresh(), occurrence.id, true);
      // One place left: two customers try to hold it while the manager lowers the capacity to the two booked.
      const [a, b] = [fresh(), fresh()];
      const [holdA, lower, holdB] = await Promise.all([
        addToCart(a, occurrence.id),
        call('PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, manager, { capacity: 2 }),
        addToCart(b, occurrence.id),
      ]);
      const won = [holdA, lower, holdB].filter((r) => r.statusCode === 200).length;
      expect(won).toBe(1);
      if (lower.statusCode !== 200) expect(lower.statusCode).toBe(409);
      const { capacity } = await ctx.db.selectFrom('occurrences').select('capacity').where('id', '=', occurrence.id).executeTakeFirstOrThrow();
      expect(await liveClaims(ctx.db, occurrence.id)).toBeLessThanOrEqual(capacity);
    }
  });
});

describe('changing instructor or room', () => {
  it('emails each booked account what changed, records each change, and refuses names of another operator or venue', async () => {
    const [ours, theirs] = await Promise.all([
      ctx.db.insertInto('instructors').values({ client_id: fx.clientId, name: 'Jo Rivers' }).returning('id').executeTakeFirstOrThrow(),
      sql<{ id: number }>`INSERT INTO instructors (client_id, name) SELECT id, 'Not Ours' FROM clients WHERE slug = 'other-operator-manage' RETURNING id`.execute(ctx.db),
    ]);
    const otherVenueRoom = await sql<{ id: number }>`SELECT l.id FROM locations l JOIN venues v ON v.id = l.venue_id WHERE v.slug = 'radcliffe-leisure-centre' LIMIT 1`.execute(ctx.db);
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 6 });
    const [alex, blair] = [fresh(), fresh()];
    await book(alex, occurrence.id, true);
    await book(blair, occurrence.id);

    const changed = await call('PUT', `/api/manage/occurrences/${occurrence.id}/staffing`, manager, { instructor_id: ours.id, location_id: fx.courtIds[1]!, reason: 'Cover' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ emailed_accounts: 2, data: { instructor: { id: ours.id, name: 'Jo Rivers' }, location: { id: fx.courtIds[1], name: 'Court 2' } } });
    const [mail] = await emailsTo(alex, 'occurrence-changed');
    expect(mail?.text_body).toContain('Instructor: now Jo Rivers (was none)');
    expect(mail?.text_body).toContain('Room: now Court 2 (was the venue)');
    expect(mail?.text_body).toContain('Casey');
    expect(await emailsTo(blair, 'occurrence-changed')).toHaveLength(1);
    expect((await changesOf(occurrence.id)).map((c) => c.action)).toEqual(['instructor_changed', 'location_changed']);

    const refused: Json[] = [{ instructor_id: theirs.rows[0]!.id }, { location_id: otherVenueRoom.rows[0]?.id ?? 999_999 }, { instructor_id: ours.id }];
    for (const body of refused) expect((await call('PUT', `/api/manage/occurrences/${occurrence.id}/staffing`, manager, body)).statusCode).toBe(422);
    expect(await changesOf(occurrence.id)).toHaveLength(2);
  });
});

describe('the audit trail', () => {
  it("lists a venue's changes newest first with who made them, and refuses to be rewritten", async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    await call('PUT', `/api/manage/occurrences/${occurrence.id}/capacity`, manager, { capacity: 7 });
    await call('POST', `/api/manage/occurrences/${occurrence.id}/cancel`, manager, { reason: 'Hall flooded' });
    const page = (await call('GET', '/api/manage/venues/bury-leisure-centre/changes', manager)).json();
    expect(page.data.slice(0, 2)).toMatchObject([
      { action: 'occurrence_cancelled', occurrence_id: occurrence.id, reason: 'Hall flooded', by: { id: manager.userId, name: 'Casey0 Tester' } },
      { action: 'capacity_changed', occurrence_id: occurrence.id, summary: 'Capacity changed: Spin Express, 5 → 7' },
    ]);
    expect(page.meta.total).toBeGreaterThanOrEqual(2);
    await expect(sql`UPDATE operator_changes SET reason = 'edited' WHERE occurrence_id = ${occurrence.id}`.execute(ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM operator_changes WHERE occurrence_id = ${occurrence.id}`.execute(ctx.db)).rejects.toThrow(/append-only/);
  });

  it("lists a venue's occurrences of a day with places booked and held", async () => {
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    await book(fresh(), occurrence.id);
    const { local_date } = await sql<{ local_date: string }>`SELECT to_char(local_date, 'YYYY-MM-DD') AS local_date FROM occurrences WHERE id = ${occurrence.id}`.execute(ctx.db).then((r) => r.rows[0]!);
    const day = (await call('GET', `/api/manage/venues/bury-leisure-centre/occurrences?date=${local_date}`, manager)).json();
    expect(day.data.find((o: { id: number }) => o.id === occurrence.id)).toMatchObject({ activity_name: 'Spin Express', capacity: 5, booked: 1, held: 0, cancelled_at: null, started: false });
    expect(day.locations.length).toBeGreaterThan(0);
  });
});

describe('the no-show policy', () => {
  const url = '/api/manage/settings/no-show-policy';

  it('is shown and changed by a manager only, validated, and each change recorded with from and to', async () => {
    expect((await call('GET', url, staff)).statusCode).toBe(403);
    expect((await call('PUT', url, staff, { limit: 2, window_days: 14, fee_pence: 300 })).statusCode).toBe(403);
    expect((await call('PUT', url, fresh(), { limit: 2, window_days: 14, fee_pence: 300 })).statusCode).toBe(403);
    const before = (await call('GET', url, manager)).json();
    expect(before.data).toMatchObject({ limit: 3, window_days: 30, fee_pence: 200, formatted_fee: '£2.00' });

    for (const bad of [{ limit: 0, window_days: 30, fee_pence: 200 }, { limit: 3, window_days: 400, fee_pence: 200 }, { limit: 3, window_days: 30, fee_pence: 2.5 }, { limit: 3, window_days: 30, fee_pence: -1 }, { limit: 3 }]) {
      expect((await call('PUT', url, manager, bad)).statusCode).toBe(422);
    }
    expect((await call('PUT', url, manager, { limit: 3, window_days: 30, fee_pence: 200 })).json().code).toBe('nothing_changed');

    const changed = await call('PUT', url, manager, { limit: 2, window_days: 14, fee_pence: 350 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ limit: 2, window_days: 14, fee_pence: 350, formatted_fee: '£3.50' });
    expect(changed.json().changes[0]).toMatchObject({ from: { limit: 3, window_days: 30, fee_pence: 200 }, to: { limit: 2, window_days: 14, fee_pence: 350 }, by: { id: manager.userId } });
    expect(await ctx.db.selectFrom('clients').select(['no_show_limit', 'no_show_window_days', 'no_show_fee_pence']).where('id', '=', fx.clientId).executeTakeFirstOrThrow()).toEqual({
      no_show_limit: 2,
      no_show_window_days: 14,
      no_show_fee_pence: 350,
    });
    await call('PUT', url, manager, { limit: 3, window_days: 30, fee_pence: 200 });
  });
});
