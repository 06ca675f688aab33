import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { createCustomers, type TestCustomer } from '../../../test/fixtures/holds.ts';

/** A whole course booked at the till for a customer's child and paid there (docs/front-of-house.md "Courses at the till"). */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, count } = shop;

const DAY = 24 * 60 * 60_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** A date of birth making someone `years` old (and a month) today. */
const bornYearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 30);
  return d.toISOString().slice(0, 10);
};

let staff: TestCustomer;
let other: TestCustomer;
let sessionId: number;
let otherSessionId: number;
let stranger: TestCustomer;
let strangerClientId: number;
let courseCounter = 0;

/** A course at Bury in Swimming Lessons for ages 6 to 11, its first session ten days from today. */
const createCourse = async (capacity = 8) => {
  const venue = await ctx.db.selectFrom('venues').select(['id', 'client_id']).where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
  const category = await ctx.db.selectFrom('activity_categories').select('id').where('slug', '=', 'swimming-lessons').where('client_id', '=', venue.client_id).executeTakeFirstOrThrow();
  const startsOn = dayFromNow(10);
  return ctx.db
    .insertInto('courses')
    .values({
      client_id: venue.client_id,
      venue_id: venue.id,
      category_id: category.id,
      slug: `till-course-${process.pid}-${++courseCounter}`,
      name: `Till Course ${courseCounter}`,
      starts_on: startsOn,
      weeks: 6,
      day_of_week: new Date(`${startsOn}T12:00:00Z`).getUTCDay(),
      start_time: '10:00',
      duration_minutes: 45,
      price_pence: 4800,
      capacity,
      min_age: 6,
      max_age: 11,
      level: 'Improvers',
      late_joining: false,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
};

const childAged = (who: TestCustomer, years: number) => ctx.db.updateTable('membership_users').set({ date_of_birth: bornYearsAgo(years) }).where('id', '=', who.childId).execute();

const addCourse = (who: TestCustomer, courseId: number, personId: number, as = staff, tillSessionId = as === staff ? sessionId : otherSessionId) =>
  call('POST', `/api/foh/customers/${who.userId}/cart/add`, as, { items: [{ id: courseId, type: 'purchasableCourse', purchased_for_user_id: personId }], till_session_id: tillSessionId });

const liveClaims = async (courseId: number) =>
  count(sql<{ n: number }>`SELECT count(*)::int AS n FROM course_claims WHERE course_id = ${courseId} AND status = 'active' AND (expires_at IS NULL OR expires_at > now())`);

beforeAll(async () => {
  staff = fresh();
  other = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [staff.userId, other.userId]).execute();
  const tills = (await call('GET', '/api/foh/tills?venue=bury-leisure-centre', staff)).json().data;
  sessionId = (await call('POST', `/api/foh/tills/${tills[0].id}/sessions`, staff, { float_pence: 0 })).json().data.id;
  otherSessionId = (await call('POST', `/api/foh/tills/${tills[1].id}/sessions`, other, { float_pence: 0 })).json().data.id;
  const { rows } = await sql<{ id: number }>`INSERT INTO clients (slug, name) VALUES ('other-operator-courses', 'Other Operator') RETURNING id`.execute(ctx.db);
  strangerClientId = rows[0]!.id;
  stranger = (await createCustomers(ctx.db, strangerClientId, 1))[0]!;
});

describe('a course booked at the till', () => {
  it("adds the whole course for a child to the customer's own basket, the till takes cash, and the course booking exists with the staff member and till", async () => {
    const who = fresh();
    await childAged(who, 8);
    const course = await createCourse();
    const added = await addCourse(who, course.id, who.childId);
    expect(added.statusCode).toBe(200);
    const cart = added.json().data;
    expect(cart.items).toEqual([expect.objectContaining({ type: 'purchasableCourse', cartable_id: course.id, purchased_for_user_id: who.childId, status: 'held', price: expect.objectContaining({ raw: 4800 }) })]);
    expect(cart.items[0].course.sessions).toHaveLength(6);
    // The customer sees it in their own basket online.
    expect((await call('GET', '/api/activities/cart', who)).json().data.items.map((i: { cartable_id: number }) => i.cartable_id)).toEqual([course.id]);

    const paid = await call('POST', '/api/activities/cart/pay', staff, {
      payments: [{ tender_type: 'cash', amount: 4800, info: { amount_tendered: 5000 } }],
      selected_user_id: who.selfId,
      source: 'front-of-house',
      terms: shop.termIds,
      till_session_id: sessionId,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.change_due.raw).toBe(200);
    const booking = await sql<{ kind: string; membership_user_id: number; staff_user_id: number | null; sale_session: number | null }>`
      SELECT cc.kind, cc.membership_user_id, o.staff_user_id,
             (SELECT e.session_id FROM till_entries e WHERE e.order_id = o.id AND e.kind = 'sale' LIMIT 1) AS sale_session
        FROM course_claims cc JOIN orders o ON o.id = cc.order_id
       WHERE cc.course_id = ${course.id} AND cc.status = 'active'`.execute(ctx.db);
    expect(booking.rows).toEqual([{ kind: 'booking', membership_user_id: who.childId, staff_user_id: staff.userId, sale_session: sessionId }]);
    expect((await call('GET', `/api/foh/customers/${who.userId}/cart`, staff)).json().data.items).toEqual([]);

    // The customer panel shows the course with its next session and the sessions left.
    const panel = await call('GET', `/api/foh/customers/${who.userId}`, staff);
    expect(panel.statusCode).toBe(200);
    const child = await ctx.db.selectFrom('membership_users').select(['first_name', 'last_name']).where('id', '=', who.childId).executeTakeFirstOrThrow();
    expect(panel.json().data.courses).toEqual([
      expect.objectContaining({ name: course.name, person: `${child.first_name} ${child.last_name}`, venue: 'Bury Leisure Centre', sessions_left: 6, sessions: 6, next_session_at: expect.stringMatching(new RegExp(`^${dayFromNow(10)}`)) }),
    ]);
    // Cancelled, it leaves the panel.
    await sql`UPDATE course_claims SET status = 'released', released_at = now() WHERE course_id = ${course.id}`.execute(ctx.db);
    expect((await call('GET', `/api/foh/customers/${who.userId}`, staff)).json().data.courses).toEqual([]);
  });

  it('refuses a child outside the age range (422 with the reason) and a course among other items, holding nothing', async () => {
    const who = fresh();
    await childAged(who, 3);
    const course = await createCourse();
    const refused = await addCourse(who, course.id, who.childId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'age_out_of_range', message: expect.stringMatching(/will be 3 when the course starts; it is for ages 6 to 11\.$/) });
    const mixed = await call('POST', `/api/foh/customers/${who.userId}/cart/add`, staff, {
      items: [{ id: course.id, type: 'purchasableCourse', purchased_for_user_id: who.selfId }, { id: course.id, type: 'purchasableCourse' }],
      till_session_id: sessionId,
    });
    expect(mixed.statusCode).toBe(422);
    expect(await liveClaims(course.id)).toBe(0);
  });

  it('gives the last place to exactly one of two tills adding it at once', async () => {
    const [first, second] = [fresh(), fresh()];
    await Promise.all([childAged(first, 7), childAged(second, 9)]);
    const course = await createCourse(1);
    const answers = await Promise.all([addCourse(first, course.id, first.childId, staff), addCourse(second, course.id, second.childId, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('course_full');
    expect(await liveClaims(course.id)).toBe(1);
  });

  it("refuses a customer's token, another operator's customer, another staff member's till session and another operator's staff (403), holding nothing", async () => {
    const who = fresh();
    await childAged(who, 8);
    const course = await createCourse();
    const asCustomer = await call('POST', `/api/foh/customers/${who.userId}/cart/add`, who, { items: [{ id: course.id, type: 'purchasableCourse', purchased_for_user_id: who.childId }], till_session_id: sessionId });
    const strangers = await addCourse(stranger, course.id, stranger.childId);
    const othersTill = await addCourse(who, course.id, who.childId, staff, otherSessionId);
    for (const response of [asCustomer, strangers, othersTill]) expect([response.statusCode, response.json().message]).toEqual([403, 'Unauthorised.']);
    // Another operator's staff member, at their own operator's address, naming this operator's customer, course and till session: 403.
    await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', stranger.userId).execute();
    await ctx.db.insertInto('client_domains').values({ host: 'other-operator-courses.example', client_id: strangerClientId }).execute();
    const body = { items: [{ id: course.id, type: 'purchasableCourse', purchased_for_user_id: who.childId }], till_session_id: sessionId };
    const theirs = await call('POST', `/api/foh/customers/${who.userId}/cart/add`, stranger, body, { host: 'other-operator-courses.example' });
    expect([theirs.statusCode, theirs.json().message]).toEqual([403, 'Unauthorised.']);
    // Here, their session is not one at all (401), as for anyone not logged in here.
    expect((await call('POST', `/api/foh/customers/${who.userId}/cart/add`, stranger, body)).statusCode).toBe(401);
    expect(await liveClaims(course.id)).toBe(0);
  });
});
