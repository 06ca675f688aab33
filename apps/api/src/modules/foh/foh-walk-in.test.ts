import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { WALK_IN_NO_COURSES_MESSAGE, WALK_IN_NO_EMAIL_MESSAGE } from '@app/contract/foh/walk-in';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { createOccurrence, type TestCustomer } from '../../../test/fixtures/holds.ts';

/** Walk-in sales without a customer record (docs/front-of-house.md "Walk-in sales"), on real PostgreSQL. */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, count } = shop;

type WalkIn = { till_id: number; account_user_id: number; membership_user_id: number; name: string };

let staff: TestCustomer;
let other: TestCustomer;
let sessionId: number;
let otherSessionId: number;
let walkIn: WalkIn;
let otherWalkIn: WalkIn;

const pay = (who: WalkIn, amount: number, extra: Record<string, unknown> = {}, as = staff, tillSessionId = sessionId) =>
  call('POST', '/api/activities/cart/pay', as, {
    payments: [{ tender_type: 'cash', amount, info: { amount_tendered: amount + 350 } }],
    selected_user_id: who.membership_user_id,
    source: 'front-of-house',
    terms: shop.termIds,
    till_session_id: tillSessionId,
    receipt: 'print',
    ...extra,
  });
const addTo = (who: WalkIn, items: Record<string, unknown>[], as = staff, tillSessionId = as === staff ? sessionId : otherSessionId) =>
  call('POST', `/api/foh/customers/${who.account_user_id}/cart/add`, as, { items, till_session_id: tillSessionId });
const court = (id: number) => ({ id, type: 'purchasableOccurrence', pricing_option_id: shop.fx.courtOptionId, purchased_for_user_id: null });

/** A Public Swim at the demo's Bury (the demo's swimming allows guests), tomorrow by the clock. */
const demoSwim = async (capacity = 20) => {
  const activity = await sql<{ id: number; category_id: number; venue_id: number; client_id: number; option_id: number; price_pence: number }>`
    SELECT a.id, a.category_id, a.venue_id, a.client_id, p.id AS option_id, p.price_pence
      FROM activities a JOIN activity_categories c ON c.id = a.category_id JOIN venues v ON v.id = a.venue_id
      JOIN LATERAL (SELECT id, price_pence FROM pricing_options WHERE activity_id = a.id ORDER BY sort_order, id LIMIT 1) p ON true
     WHERE c.slug = 'public-swim' AND v.slug = 'bury-leisure-centre' LIMIT 1`.execute(ctx.db);
  const a = activity.rows[0]!;
  const starts = new Date(Date.now() + 26 * 60 * 60_000);
  starts.setUTCMinutes(0, 0, 0);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO occurrences (client_id, venue_id, category_id, activity_id, local_date, starts_at, ends_at, capacity)
    SELECT ${a.client_id}, v.id, ${a.category_id}, ${a.id}, (${starts}::timestamptz AT TIME ZONE v.timezone)::date, ${starts}::timestamptz, ${starts}::timestamptz + interval '1 hour', ${capacity}
      FROM venues v WHERE v.id = ${a.venue_id} RETURNING id`.execute(ctx.db);
  return { id: rows[0]!.id, optionId: a.option_id, price: a.price_pence };
};

beforeAll(async () => {
  staff = fresh();
  other = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [staff.userId, other.userId]).execute();
  // The fixture's courts allow guests (as the demo's courts do); its classes do not.
  await ctx.db.updateTable('activity_categories').set({ allows_guests: true }).where('id', '=', shop.fx.courtCategoryId).execute();
  const tills = (await call('GET', '/api/foh/tills?venue=bury-leisure-centre', staff)).json().data;
  sessionId = (await call('POST', `/api/foh/tills/${tills[0].id}/sessions`, staff, { float_pence: 0 })).json().data.id;
  otherSessionId = (await call('POST', `/api/foh/tills/${tills[1].id}/sessions`, other, { float_pence: 0 })).json().data.id;
  const [mine, theirs] = await Promise.all([call('POST', `/api/foh/sessions/${sessionId}/walk-in`, staff), call('POST', `/api/foh/sessions/${otherSessionId}/walk-in`, other)]);
  walkIn = mine.json().data;
  otherWalkIn = theirs.json().data;
});

describe("the till's walk-in account", () => {
  it('is one per till, made once even when asked at once, not found by the customer search, and nobody can log in as it', async () => {
    expect(walkIn).toMatchObject({ name: 'Walk-in (Front desk 1)' });
    // The demo's swimming (and its sub-activities), courts and halls; not its classes.
    expect((walkIn as WalkIn & { guest_categories: string[] }).guest_categories).toEqual(expect.arrayContaining(['swimming', 'public-swim', 'lane-swimming', 'racket-sports', 'badminton', '5-a-side-football']));
    expect((walkIn as WalkIn & { guest_categories: string[] }).guest_categories).not.toContain('yoga');
    expect(otherWalkIn.account_user_id).not.toBe(walkIn.account_user_id);
    const again = await Promise.all([1, 2, 3].map(() => call('POST', `/api/foh/sessions/${sessionId}/walk-in`, staff)));
    expect(again.map((r) => r.json().data.account_user_id)).toEqual([walkIn.account_user_id, walkIn.account_user_id, walkIn.account_user_id]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM walk_in_accounts`)).toBe(2);
    for (const q of ['Walk-in', 'Front desk', 'walk-in-till']) {
      const found = await call('GET', `/api/foh/customers?q=${encodeURIComponent(q)}`, staff);
      expect([q, found.statusCode, found.json().data]).toEqual([q, 200, []]);
    }
    const email = await sql<{ email: string }>`SELECT email FROM users WHERE id = ${walkIn.account_user_id}`.execute(ctx.db);
    expect(email.rows[0]!.email).toMatch(/\.invalid$/);
    const login = await call('POST', '/api/auth/customer/login', null, { username: email.rows[0]!.email, password: 'Walk-in1234!' });
    expect(login.statusCode).toBe(422);
  });

  it("refuses a customer's token (403) and another staff member's session (403)", async () => {
    const customer = fresh();
    expect((await call('POST', `/api/foh/sessions/${sessionId}/walk-in`, customer)).statusCode).toBe(403);
    expect((await call('POST', `/api/foh/sessions/${sessionId}/walk-in`, other)).statusCode).toBe(403);
  });
});

describe('a walk-in sale', () => {
  it('sells a walk-in swim for cash with change, printed receipt, recorded on the till like any sale', async () => {
    const swim = await demoSwim();
    const added = await addTo(walkIn, [{ id: swim.id, type: 'purchasableOccurrence', pricing_option_id: swim.optionId, purchased_for_user_id: walkIn.membership_user_id }]);
    expect(added.statusCode).toBe(200);
    expect(added.json().data.total).toBe(swim.price);
    // No emailed receipt: there is nobody to send it to.
    const emailed = await pay(walkIn, swim.price, { receipt: 'email' });
    expect([emailed.statusCode, emailed.json().message]).toEqual([422, WALK_IN_NO_EMAIL_MESSAGE]);
    const paid = await pay(walkIn, swim.price);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ receipt: 'print', change_due: { raw: 350 }, till_session_id: sessionId });
    const reference = paid.json().data.reference;
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE account_user_id = ${walkIn.account_user_id} AND occurrence_id = ${swim.id} AND status = 'confirmed'`)).toBe(1);
    const entries = await sql<{ session_id: number; staff_user_id: number; tender_type: string; amount_pence: number; amount_tendered_pence: number }>`
      SELECT e.session_id, e.staff_user_id, e.tender_type, e.amount_pence, e.amount_tendered_pence FROM till_entries e JOIN orders o ON o.id = e.order_id WHERE o.reference = ${reference}`.execute(ctx.db);
    expect(entries.rows).toEqual([{ session_id: sessionId, staff_user_id: staff.userId, tender_type: 'cash', amount_pence: swim.price, amount_tendered_pence: swim.price + 350 }]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address LIKE '%.invalid'`)).toBe(0);
    // The X read counts it as cash.
    expect((await call('GET', `/api/foh/sessions/${sessionId}/x-read`, staff)).json().data.expected.cash).toBeGreaterThanOrEqual(swim.price);
  });

  it('refuses an activity that does not allow guests and a course (422 with the reason), holding nothing', async () => {
    const spin = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const refused = await addTo(walkIn, [{ id: spin.id, type: 'purchasableOccurrence', pricing_option_id: shop.fx.classOptions.adult }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'not_for_guests', message: 'Spin Express does not allow guests: find or add the customer to book it.' });
    const course = await ctx.db.selectFrom('courses').select('id').where('client_id', '=', shop.fx.clientId).executeTakeFirst();
    const courseId = course?.id ?? 1;
    const noCourse = await addTo(walkIn, [{ id: courseId, type: 'purchasableCourse' }]);
    expect([noCourse.statusCode, noCourse.json().message]).toEqual([422, WALK_IN_NO_COURSES_MESSAGE]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM place_claims WHERE account_user_id = ${walkIn.account_user_id} AND occurrence_id = ${spin.id}`)).toBe(0);
  });

  it("refuses another till's walk-in basket and a customer's token (403)", async () => {
    const slot = await createOccurrence(ctx.db, shop.fx, { kind: 'court', court: 1, startsInMinutes: 3 * 24 * 60 });
    const othersBasket = await addTo(otherWalkIn, [court(slot.id)], staff, sessionId);
    expect([othersBasket.statusCode, othersBasket.json().message]).toEqual([403, 'Unauthorised.']);
    const customer = fresh();
    expect((await addTo(walkIn, [court(slot.id)], customer, sessionId)).statusCode).toBe(403);
    expect((await pay(otherWalkIn, 100)).statusCode).toBe(403);
  });

  it('gives the last place to exactly one of two tills selling it to walk-ins at once', async () => {
    const slot = await createOccurrence(ctx.db, shop.fx, { kind: 'court', court: 2, startsInMinutes: 4 * 24 * 60 });
    const answers = await Promise.all([addTo(walkIn, [court(slot.id)], staff), addTo(otherWalkIn, [court(slot.id)], other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM place_claims WHERE occurrence_id = ${slot.id} AND status = 'active'`)).toBe(1);
    // The winner pays; the place is a booking of that till's walk-in.
    const [winner, as, tillSessionId] = answers[0]!.statusCode === 200 ? [walkIn, staff, sessionId] : [otherWalkIn, other, otherSessionId];
    const total = answers.find((a) => a.statusCode === 200)!.json().data.total;
    expect((await pay(winner, total, {}, as, tillSessionId)).statusCode).toBe(200);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE occurrence_id = ${slot.id}`)).toBe(1);
  });
});
