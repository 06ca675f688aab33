import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartDto } from '@app/contract/cart/cart';
import { COURSE_WAITLIST_NOT_FULL_MESSAGE, type CourseWaitlistActionResponse } from '@app/contract/courses/course-booking';
import { COURSE_FULL_MESSAGE } from '@app/contract/rules/courses';
import { WAITLIST_JOINED_MESSAGE, WAITLIST_LEFT_MESSAGE } from '@app/contract/waitlist/waitlist';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { createCustomers, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { queuedJobs, runDueJobs } from '../../../test/jobs.ts';
import type { Db } from '../../db/connect.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { loadConfig } from '../../lib/config.ts';
import { promoteCourse } from './waitlist.ts';

/* A full course's waitlist (docs/courses.md "Waitlist"): join, leave, refusals, offers when a place frees, and offers under parallel load. */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, authorise, completeCard } = shop;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-waitlist-test-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://bookings.example.com' });
const runJobs = () => runDueJobs({ url: ctx.url, db: ctx.db, config });

const DAY = 24 * 60 * 60_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let courseCounter = 0;
/** A course (no age range) at the demo venue, its first session `startsInDays` from today at 10:00 venue time. */
const createCourse = async (db: Db, capacity: number, startsInDays = 10) => {
  const venue = await db.selectFrom('venues').select(['id', 'client_id']).where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
  const category = await db.selectFrom('activity_categories').select('id').where('slug', '=', 'swimming-lessons').where('client_id', '=', venue.client_id).executeTakeFirstOrThrow();
  const startsOn = dayFromNow(startsInDays);
  return db
    .insertInto('courses')
    .values({
      client_id: venue.client_id,
      venue_id: venue.id,
      category_id: category.id,
      slug: `course-waitlist-test-${process.pid}-${++courseCounter}`,
      name: `Waitlist Course ${courseCounter}`,
      starts_on: startsOn,
      weeks: 6,
      day_of_week: new Date(`${startsOn}T12:00:00Z`).getUTCDay(),
      start_time: '10:00',
      duration_minutes: 45,
      price_pence: 4800,
      capacity,
      min_age: null,
      max_age: null,
      level: 'Improvers',
      late_joining: false,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
};

const addCourse = (who: TestCustomer, courseId: number, personId: number | null = null) =>
  call('POST', '/api/activities/cart/courses', who, { course_id: courseId, purchased_for_user_id: personId });
const join = (who: TestCustomer, courseId: number, personId: number | null = null) =>
  call('POST', `/api/activities/courses/${courseId}/waitlist`, who, { purchased_for_user_id: personId });
const leave = (who: TestCustomer, entryId: number) => call('DELETE', `/api/activities/courses/waitlist/${entryId}`, who);
const entryOf = (response: { json: () => unknown }) => response.json() as CourseWaitlistActionResponse;
const cart = async (who: TestCustomer) => (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
const entryRow = async (id: number) =>
  (await sql<{ status: string; claim_id: number | null; offer_expires_at: Date | null }>`SELECT status, claim_id, offer_expires_at FROM course_waitlist_entries WHERE id = ${id}`.execute(ctx.db))
    .rows[0]!;
const liveClaims = async (courseId: number) =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM course_claims
      WHERE course_id = ${courseId} AND status = 'active' AND (expires_at IS NULL OR expires_at > now())`.execute(ctx.db)
  ).rows[0]!.n;
const countEntries = async (courseId: number, status: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM course_waitlist_entries WHERE course_id = ${courseId} AND status = ${status}`.execute(ctx.db)).rows[0]!.n;

/** A course of `capacity` places, each held by a fresh customer (through the basket, as the site does). */
const fullCourse = async (capacity = 1) => {
  const course = await createCourse(ctx.db, capacity);
  const holders = Array.from({ length: capacity }, () => fresh());
  for (const who of holders) expect((await addCourse(who, course.id)).statusCode).toBe(200);
  return { course, holders };
};
const removeHeld = async (who: TestCustomer, courseId: number) => {
  const item = (await cart(who)).items.find((i) => i.cartable_id === courseId)!;
  return call('POST', '/api/activities/cart/remove', who, { cart_item_ids: [item.id] });
};

describe('joining and leaving a full course', () => {
  it('joins only when full (400 otherwise), once per person, shows the position, leaves; the spec toast texts', async () => {
    const open = await createCourse(ctx.db, 3);
    const [a, b, c] = [fresh(), fresh(), fresh()];
    const notFull = await join(a!, open.id);
    expect(notFull.statusCode).toBe(400);
    expect(notFull.json()).toMatchObject({ code: 'course_waitlist_not_full', message: COURSE_WAITLIST_NOT_FULL_MESSAGE });

    const { course, holders } = await fullCourse(1);
    const joined = await join(a!, course.id);
    expect(joined.statusCode).toBe(200);
    expect(entryOf(joined)).toMatchObject({
      message: WAITLIST_JOINED_MESSAGE,
      data: { course_id: course.id, membership_user_id: a!.selfId, status: 'waiting', position: 1, offer_expires_at: null },
    });
    const id = entryOf(joined).data.id;
    // Again: the same entry, not a second place in the queue.
    expect(entryOf(await join(a!, course.id)).data).toMatchObject({ id, position: 1 });
    // A family member of another account joins behind.
    const second = await join(b!, course.id, b!.childId);
    expect(entryOf(second).data).toMatchObject({ membership_user_id: b!.childId, position: 2 });

    // The course page's people show each person's place in the queue; availability counts the waiting.
    const people = (await call('GET', `/api/activities/courses/${course.id}/people`, b!)).json().data as { id: number; waitlist: { position: number } | null }[];
    expect(people.find((p) => p.id === b!.childId)!.waitlist).toMatchObject({ position: 2, status: 'waiting' });
    expect(people.find((p) => p.id === b!.selfId)!.waitlist).toBeNull();
    expect((await call('GET', `/api/activities/courses/${course.id}/availability`, null)).json().data).toMatchObject({ full: true, places_left: 0, waiting: 2 });

    // Someone holding a place does not join; a visitor must log in.
    expect((await join(holders[0]!, course.id)).json()).toMatchObject({ code: 'already_held' });
    expect((await call('POST', `/api/activities/courses/${course.id}/waitlist`, null, {})).statusCode).toBe(401);
    expect((await join(a!, 999_999_999)).statusCode).toBe(404);

    const left = await leave(a!, id);
    expect(left.statusCode).toBe(200);
    expect(entryOf(left)).toMatchObject({ message: WAITLIST_LEFT_MESSAGE, data: { id, status: 'left', position: 0 } });
    const after = (await call('GET', `/api/activities/courses/${course.id}/people`, b!)).json().data as { id: number; waitlist: { position: number } | null }[];
    expect(after.find((p) => p.id === b!.childId)!.waitlist!.position).toBe(1);
    expect((await leave(c!, 999_999_999)).statusCode).toBe(404);
  });

  it("refuses another customer's person and entry (403 'Unauthorised.')", async () => {
    const { course } = await fullCourse(1);
    const [owner, other] = [fresh(), fresh()];
    const joined = entryOf(await join(owner!, course.id, owner!.childId)).data;
    const refused = await join(other!, course.id, owner!.childId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Unauthorised.');
    const notTheirs = await leave(other!, joined.id);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe('Unauthorised.');
    expect((await entryRow(joined.id)).status).toBe('waiting');
    expect(await countEntries(course.id, 'waiting')).toBe(1);
  });
});

describe('offers when a place frees', () => {
  it('a removed hold: the first waiter is offered the whole course (hold, basket item, email); newcomers wait; a lapse offers the next', async () => {
    const { course, holders } = await fullCourse(1);
    const [first, second, newcomer] = [fresh(), fresh(), fresh()];
    const firstEntry = entryOf(await join(first!, course.id, first!.childId)).data.id;
    const secondEntry = entryOf(await join(second!, course.id)).data.id;

    expect((await removeHeld(holders[0]!, course.id)).statusCode).toBe(200);
    expect((await queuedJobs(ctx.db)).map((j) => j.task_identifier)).toContain('promote-course-waitlist');
    // The freed place belongs to the queue: a newcomer is refused before the offer is made.
    expect((await addCourse(newcomer!, course.id)).json()).toMatchObject({ code: 'course_full', message: COURSE_FULL_MESSAGE });

    await runJobs();
    const offered = await entryRow(firstEntry);
    expect(offered.status).toBe('offered');
    const expiry = new Date(offered.offer_expires_at!).getTime();
    expect(expiry).toBeGreaterThan(Date.now() + 119 * 60_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 120 * 60_000);
    // One hold on the whole course for the child, in the account holder's basket, every session.
    const basket = await cart(first!);
    expect(basket.items).toEqual([
      expect.objectContaining({ type: 'purchasableCourse', cartable_id: course.id, origin: 'waitlist_offer', status: 'held', purchased_for_user_id: first!.childId }),
    ]);
    expect(basket.items[0]!.course!.sessions).toHaveLength(6);
    expect(await liveClaims(course.id)).toBe(1);
    const mail = (
      await sql<{ subject: string; text_body: string; sent_at: Date | null }>`SELECT subject, text_body, sent_at FROM outbox_emails WHERE to_address = ${first!.email} AND kind = 'course_waitlist_offer'`.execute(
        ctx.db,
      )
    ).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`A place is free: ${course.name}`);
    expect(mail[0]!.text_body).toContain('https://bookings.example.com/basket');
    expect(mail[0]!.sent_at).not.toBeNull();
    expect((await addCourse(newcomer!, course.id)).statusCode).toBe(409);

    // The offer lapses: the sweep releases it, the entry lapses and the next waiter is offered.
    await sql`UPDATE course_claims SET expires_at = now() - interval '1 second' WHERE id = ${offered.claim_id}`.execute(ctx.db);
    await enqueue(ctx.db, 'release-expired-holds');
    await runJobs();
    expect((await entryRow(firstEntry)).status).toBe('lapsed');
    expect((await entryRow(secondEntry)).status).toBe('offered');
    expect((await cart(second!)).items).toEqual([expect.objectContaining({ cartable_id: course.id, origin: 'waitlist_offer', status: 'held' })]);
    expect(await liveClaims(course.id)).toBe(1);

    // The second leaves while offered: the place goes back, and with nobody waiting a newcomer may take it.
    expect(entryOf(await leave(second!, secondEntry)).data.status).toBe('left');
    expect((await cart(second!)).items).toEqual([]);
    await runJobs();
    expect((await addCourse(newcomer!, course.id)).statusCode).toBe(200);
    expect(await liveClaims(course.id)).toBe(1);
  });

  it('a waiter whose account has no person of its own leaves the line; the next waiter is offered and the job does not fail', async () => {
    const { course, holders } = await fullCourse(1);
    const [orphan, next] = [fresh(), fresh()];
    const orphanEntry = entryOf(await join(orphan!, course.id, orphan!.childId)).data.id;
    const nextEntry = entryOf(await join(next!, course.id)).data.id;
    // Sign-up always makes the account holder's own person; a repair gone wrong could leave none.
    await sql`UPDATE membership_users SET relationship = 'other' WHERE id = ${orphan!.selfId}`.execute(ctx.db);

    expect((await removeHeld(holders[0]!, course.id)).statusCode).toBe(200);
    expect(await promoteCourse(ctx.db, course.id, { offerMinutes: 120, publicUrl: 'https://bookings.example.com' })).toBe(1);
    expect((await entryRow(orphanEntry)).status).toBe('left');
    expect((await entryRow(nextEntry)).status).toBe('offered');
    expect(await liveClaims(course.id)).toBe(1);
  });

  it('a cancelled course booking is offered to the first waiter; paying for an offer accepts the entry', async () => {
    const course = await createCourse(ctx.db, 1);
    const booker = fresh();
    const held = (await addCourse(booker, course.id)).json().data as CartDto;
    const paid = await authorise(booker, held.total);
    expect((await completeCard(booker, paid.json().transaction_uuid, held.total)).statusCode).toBe(200);
    const waiter = fresh();
    const entryId = entryOf(await join(waiter, course.id)).data.id;

    const [booking] = (await call('GET', '/api/dashboard/course-bookings', booker)).json().data;
    expect((await call('DELETE', `/api/activities/course-bookings/${booking.id}?source=my-account`, booker)).statusCode).toBe(200);
    await runJobs();
    expect((await entryRow(entryId)).status).toBe('offered');

    const offer = await cart(waiter);
    expect(offer.items[0]).toMatchObject({ origin: 'waitlist_offer', status: 'held' });
    const authorised = await authorise(waiter, offer.total);
    expect((await completeCard(waiter, authorised.json().transaction_uuid, offer.total)).statusCode).toBe(200);
    expect((await entryRow(entryId)).status).toBe('accepted');
    expect(await liveClaims(course.id)).toBe(1);
  });
});

describe('under parallel load', () => {
  it('many customers joining while the last places free and offers run at once never offer more than the freed places', async () => {
    const capacity = 3;
    const { course, holders } = await fullCourse(capacity);
    const early = await createCustomers(ctx.db, shop.fx.clientId, 5);
    for (const who of early) expect((await join(who, course.id)).statusCode).toBe(200);
    const joiners = await createCustomers(ctx.db, shop.fx.clientId, 30);
    const newcomers = await createCustomers(ctx.db, shop.fx.clientId, 10);
    const settings = { offerMinutes: 120, publicUrl: 'https://bookings.example.com' };

    // At once: 30 joins, the 3 holders giving their places back, 10 newcomers trying to add, and 6 promotions.
    const answers = await Promise.all([
      ...joiners.map((who) => join(who, course.id)),
      ...holders.map((who) => removeHeld(who, course.id)),
      ...newcomers.map((who) => addCourse(who, course.id)),
      ...Array.from({ length: 6 }, () => promoteCourse(ctx.db, course.id, settings).then(() => ({ statusCode: 200 }))),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    await runJobs();

    // Five waited before any place freed: they are offered the three, in order; no newcomer got past them.
    const newcomerAdds = answers.slice(joiners.length + holders.length, joiners.length + holders.length + newcomers.length);
    expect(newcomerAdds.filter((a) => a.statusCode === 200)).toHaveLength(0);
    expect(await liveClaims(course.id)).toBe(capacity);
    expect(await countEntries(course.id, 'offered')).toBe(capacity);
    const order = (
      await sql<{ account_user_id: number; status: string }>`SELECT account_user_id, status FROM course_waitlist_entries WHERE course_id = ${course.id} ORDER BY created_at, id`.execute(ctx.db)
    ).rows;
    expect(order.slice(0, capacity).map((e) => e.account_user_id)).toEqual(early.slice(0, capacity).map((w) => w.userId));
    expect(order.slice(capacity).every((e) => e.status === 'waiting')).toBe(true);
    expect(order).toHaveLength(early.length + joiners.length);
    // Promotion run again (another instance, a duplicate job) offers nothing more.
    expect(await promoteCourse(ctx.db, course.id, settings)).toBe(0);
    expect(await liveClaims(course.id)).toBe(capacity);
  });

  it('with nobody waiting yet: joins, newcomers adding and offers racing for the freed places never go over capacity', async () => {
    const capacity = 3;
    const { course, holders: [stay, ...gone] } = await fullCourse(capacity);
    // Two places came free a moment ago (nobody was waiting); the last one frees during the race.
    for (const who of gone) expect((await removeHeld(who!, course.id)).statusCode).toBe(200);
    const holders = [stay!];
    const joiners = await createCustomers(ctx.db, shop.fx.clientId, 20);
    const newcomers = await createCustomers(ctx.db, shop.fx.clientId, 20);
    const settings = { offerMinutes: 120, publicUrl: 'https://bookings.example.com' };
    const answers = await Promise.all([
      ...holders.map((who) => removeHeld(who, course.id)),
      ...joiners.map((who) => join(who, course.id)),
      ...newcomers.map((who) => addCourse(who, course.id)),
      ...Array.from({ length: 6 }, () => promoteCourse(ctx.db, course.id, settings).then(() => ({ statusCode: 200 }))),
    ]);
    // A join may come before the places free (400 not full) or after; an add is held or refused.
    for (const answer of answers) expect([200, 400, 409]).toContain(answer.statusCode);
    await runJobs();
    const held = answers.slice(holders.length + joiners.length, holders.length + joiners.length + newcomers.length).filter((a) => a.statusCode === 200).length;
    const offered = await countEntries(course.id, 'offered');
    // Never over capacity, every claim accounted for (a newcomer's hold or an offer), and nobody is
    // left waiting behind a free place.
    const live = await liveClaims(course.id);
    expect(live).toBeLessThanOrEqual(capacity);
    expect(live).toBe(held + offered);
    const waiting = await countEntries(course.id, 'waiting');
    if (waiting > 0) expect(live).toBe(capacity);
    const availability = (await call('GET', `/api/activities/courses/${course.id}/availability`, null)).json().data;
    expect(availability.places_left).toBe(capacity - live);
  });
});
