import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { createOccurrence, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { markNoShows } from './no-shows.ts';

/** Issue 27: the no-show fee email in the account holder's users.language (attendance.test.ts checks the English). */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { fresh } = shop;

/** A confirmed booking of a class that started `startsInMinutes` from now (negative: past), as checkout writes it. */
const book = async (who: TestCustomer, startsInMinutes: number) => {
  const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', startsInMinutes, durationMinutes: 60, capacity: 10 });
  const { rows } = await sql<{ id: number }>`
    WITH c AS (
      INSERT INTO place_claims (client_id, occurrence_id, during, account_user_id, membership_user_id, kind)
      SELECT o.client_id, o.id, tstzrange(o.starts_at, o.ends_at, '[)'), ${who.userId}, ${who.selfId}, 'booking' FROM occurrences o WHERE o.id = ${occurrence.id}
      RETURNING id, occurrence_id, client_id)
    INSERT INTO bookings (client_id, claim_id, occurrence_id, account_user_id, membership_user_id, price_pence)
    SELECT client_id, id, occurrence_id, ${who.userId}, ${who.selfId}, 650 FROM c RETURNING id`.execute(ctx.db);
  return rows[0]!;
};

/** Two no-shows recorded earlier in the window and a third missed session just ended: the fee and its email. */
const thirdNoShow = async (language: 'en-GB' | 'cy') => {
  const who = fresh();
  await ctx.db.updateTable('users').set({ language }).where('id', '=', who.userId).execute();
  for (const daysAgo of [5, 12]) {
    const booking = await book(who, -daysAgo * 24 * 60);
    await ctx.db.insertInto('no_shows').values({ booking_id: booking.id, client_id: shop.fx.clientId, account_user_id: who.userId, recorded_at: new Date(Date.now() - daysAgo * 86_400_000 + 7_200_000).toISOString() as never }).execute();
  }
  await book(who, -90);
  await markNoShows(ctx.db);
  return ctx.db.selectFrom('outbox_emails').select(['subject', 'text_body', 'html_body']).where('to_address', '=', who.email).where('kind', '=', 'no-show-fee').executeTakeFirstOrThrow();
};

beforeAll(async () => {
  // Attendance is taken only while a till of the venue is open: Front desk 2 opened 100 minutes ago.
  const staff = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.userId).execute();
  const till = await ctx.db.selectFrom('tills').select('id').where('name', '=', 'Front desk 2').where('venue_id', '=', shop.fx.venueId).executeTakeFirstOrThrow();
  await ctx.db.insertInto('till_sessions').values({ client_id: shop.fx.clientId, till_id: till.id, staff_user_id: staff.userId, float_pence: 0, opened_at: new Date(Date.now() - 100 * 60_000).toISOString() as never }).execute();
});

describe('the no-show fee email', () => {
  it('cy: Welsh subject and body, <html lang="cy">; no English', async () => {
    const mail = await thirdNoShow('cy');
    expect(mail.subject).toBe('Ffi peidio â dod o £2.00');
    for (const body of [mail.text_body, mail.html_body]) {
      expect(body).toContain('Rydych wedi colli 3 sesiwn a archebwyd mewn 30 diwrnod heb ganslo');
      expect(body).toContain('Talwch hi yn Fy nghyfrif cyn eich archeb ar-lein nesaf, neu yn y dderbynfa.');
      for (const english of ['Hello', 'no-show', 'You have missed', 'My account']) expect(body).not.toContain(english);
    }
    expect(mail.html_body).toContain('<html lang="cy">');
  });

  it('en-GB: the English email as before', async () => {
    const mail = await thirdNoShow('en-GB');
    expect(mail.subject).toBe('A no-show fee of £2.00');
    expect(mail.text_body).toContain('You have missed 3 booked sessions in 30 days without cancelling');
    expect(mail.html_body).toContain('<html lang="en-GB">');
  });
});
