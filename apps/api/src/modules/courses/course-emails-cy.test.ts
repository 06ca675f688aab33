import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';

/**
 * Issue 27: a course in a Welsh account's emails: the confirmation's course line, the course rule
 * and every session in the calendar file, then the cancellation with its credit (courses.test.ts
 * checks the English).
 */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, authorise, completeCard } = shop;

const createCourse = async () => {
  const venue = await ctx.db.selectFrom('venues').select(['id', 'client_id']).where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
  const category = await ctx.db.selectFrom('activity_categories').select('id').where('slug', '=', 'swimming-lessons').where('client_id', '=', venue.client_id).executeTakeFirstOrThrow();
  const startsOn = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  return ctx.db
    .insertInto('courses')
    .values({
      client_id: venue.client_id,
      venue_id: venue.id,
      category_id: category.id,
      slug: `course-emails-cy-${process.pid}`,
      name: 'Nofio i Oedolion',
      starts_on: startsOn,
      weeks: 6,
      day_of_week: new Date(`${startsOn}T12:00:00Z`).getUTCDay(),
      start_time: '10:00',
      duration_minutes: 45,
      price_pence: 4800,
      capacity: 8,
      min_age: null,
      max_age: null,
      level: 'Improvers',
      late_joining: false,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
};

type Mail = { subject: string; text_body: string; html_body: string; attachments: { filename: string; content: string }[] };
const mailOf = async (email: string, kind: string) =>
  (await sql<Mail>`SELECT subject, text_body, html_body, attachments FROM outbox_emails WHERE to_address = ${email} AND kind = ${kind}`.execute(ctx.db)).rows[0]!;

describe('a course in Welsh emails', () => {
  it('the confirmation (course line, course rule, six Welsh calendar sessions) and the cancellation (credit) are Welsh', async () => {
    const course = await createCourse();
    const who = fresh();
    await ctx.db.updateTable('users').set({ language: 'cy' }).where('id', '=', who.userId).execute();
    const cart = (await call('POST', '/api/activities/cart/courses', who, { course_id: course.id, purchased_for_user_id: null })).json().data as CartDto;
    const authorised = await authorise(who, cart.total);
    expect(authorised.statusCode).toBe(200);
    const done = await completeCard(who, authorised.json().transaction_uuid, cart.total);
    expect(done.statusCode).toBe(200);

    const confirmation = await mailOf(who.email, 'order-confirmation');
    expect(confirmation.text_body).toMatch(/\n6 sesiwn wythnosol yn dechrau Dydd \S+ \d{1,2} \S+ \d{4}, 10:00–10:45\n/);
    expect(confirmation.text_body).toContain('Polisi canslo: gellir canslo cwrs yn Fy nghyfrif cyn ei sesiwn gyntaf');
    expect(confirmation.text_body).not.toContain('weekly sessions');
    const calendar = confirmation.attachments.find((a) => a.filename.endsWith('.ics'))!.content;
    for (let n = 1; n <= 6; n++) expect(calendar).toContain(`sesiwn ${n} o 6`);

    const [booking] = (await call('GET', '/api/dashboard/course-bookings', who)).json().data;
    expect((await call('DELETE', `/api/activities/course-bookings/${booking.id}?source=my-account`, who)).statusCode).toBe(200);
    const cancelled = await mailOf(who.email, 'booking-cancelled');
    expect(cancelled.subject).toMatch(/^Archeb wedi’i chanslo: Nofio i Oedolion, 6 sesiwn wythnosol yn dechrau Dydd /);
    expect(cancelled.text_body).toMatch(/Credyd a roddwyd: £48\.00, yn ddilys tan ddydd /);
    expect(cancelled.text_body).toContain('Mae £48.00 wedi’i ychwanegu at gredyd eich cyfrif.');
    expect(cancelled.text_body).not.toMatch(/Credit given|weekly sessions|Booking cancelled/);
  });
});
