import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';
import { runDueJobs } from '../../../test/jobs.ts';
import { loadConfig } from '../../lib/config.ts';

/** Issue 27: a course waitlist's offer email in the account holder's users.language (course-waitlist.test.ts checks the English). */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh } = shop;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-offer-cy-test-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://bookings.example.com' });

let courseCounter = 0;
/** A full one-place course (its first session 10 days ahead) held by a fresh customer. */
const fullCourse = async () => {
  const venue = await ctx.db.selectFrom('venues').select(['id', 'client_id']).where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
  const category = await ctx.db.selectFrom('activity_categories').select('id').where('slug', '=', 'swimming-lessons').where('client_id', '=', venue.client_id).executeTakeFirstOrThrow();
  const startsOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const course = await ctx.db
    .insertInto('courses')
    .values({
      client_id: venue.client_id,
      venue_id: venue.id,
      category_id: category.id,
      slug: `course-offer-cy-${process.pid}-${++courseCounter}`,
      name: `Cwrs ${courseCounter}`,
      starts_on: startsOn,
      weeks: 6,
      day_of_week: new Date(`${startsOn}T12:00:00Z`).getUTCDay(),
      start_time: '10:00',
      duration_minutes: 45,
      price_pence: 4800,
      capacity: 1,
      min_age: null,
      max_age: null,
      level: 'Improvers',
      late_joining: false,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  const holder = fresh();
  expect((await call('POST', '/api/activities/cart/courses', holder, { course_id: course.id, purchased_for_user_id: null })).statusCode).toBe(200);
  return { course, holder };
};

/** `language`'s waiter joins, the holder lets the place go, the offer job runs: the offer's email. */
const offerTo = async (language: 'en-GB' | 'cy') => {
  const { course, holder } = await fullCourse();
  const waiter: TestCustomer = fresh();
  await ctx.db.updateTable('users').set({ language }).where('id', '=', waiter.userId).execute();
  expect((await call('POST', `/api/activities/courses/${course.id}/waitlist`, waiter, { purchased_for_user_id: null })).statusCode).toBe(200);
  const item = ((await call('GET', '/api/activities/cart', holder)).json().data as CartDto).items.find((i) => i.cartable_id === course.id)!;
  expect((await call('POST', '/api/activities/cart/remove', holder, { cart_item_ids: [item.id] })).statusCode).toBe(200);
  await runDueJobs({ url: ctx.url, db: ctx.db, config });
  const { rows } = await sql<{ subject: string; text_body: string }>`SELECT subject, text_body FROM outbox_emails WHERE to_address = ${waiter.email} AND kind = 'course_waitlist_offer'`.execute(ctx.db);
  expect(rows).toHaveLength(1);
  return { course, mail: rows[0]! };
};

describe('the course waitlist offer email', () => {
  it('cy: Welsh subject and body, the whole course held until a Welsh day ("tan ddydd …"); no English', async () => {
    const { course, mail } = await offerTo('cy');
    expect(mail.subject).toBe(`Mae lle ar gael: ${course.name}`);
    expect(mail.text_body).toMatch(new RegExp(`^Mae lle wedi dod yn rhydd ar y cwrs ${course.name}, Bury Leisure Centre \\(6 sesiwn wythnosol yn dechrau \\d{4}-\\d\\d-\\d\\d am 10:00\\)\\.`));
    expect(mail.text_body).toMatch(/Rydym yn cadw’r cwrs cyfan yn eich basged tan ddydd \S+, \d{1,2} \S+ am \d\d:\d\d\. Archebwch ef cyn hynny: https:\/\/bookings\.example\.com\/basket/);
    for (const english of ['A place', 'weekly sessions', 'waiting list', 'We are holding', 'If you do not want it']) expect(mail.subject + mail.text_body).not.toContain(english);
  });

  it('en-GB: the English email as before', async () => {
    const { course, mail } = await offerTo('en-GB');
    expect(mail.subject).toBe(`A place is free: ${course.name}`);
    expect(mail.text_body).toContain('6 weekly sessions from');
    expect(mail.text_body).toContain('We are holding the whole course in your basket until');
  });
});
