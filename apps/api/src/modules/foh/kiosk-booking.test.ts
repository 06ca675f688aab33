import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { TEST_BROWSER, TEST_CARDS, tokeniseTestCard } from '../../../test/fixtures/cards.ts';
import { createOccurrence, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { KIOSK_VENUE as VENUE, useKiosk } from '../../../test/fixtures/kiosk.ts';
import { addCredit } from '../credits/service.ts';
import { KIOSK_ASKS_MESSAGE } from './kiosk-booking.ts';

/**
 * Booking and paying at the kiosk (docs/kiosk.md "Booking and paying at the kiosk"): the kiosk's
 * session books today's and tomorrow's sessions for the customer or their family and pays by
 * credit or a saved card; it never reaches account settings, never pays with a new card, ends
 * after its minutes and on Finish, and refuses another customer's ids.
 */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, count } = shop;

const { atKiosk } = useKiosk(ctx, shop, { prefix: 'KB', pin: '5273' });

/** A class starting in `minutes` at the demo venue, and which kiosk day (venue-local) it falls on. */
const classSoon = async (minutes = 90) => {
  const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', startsInMinutes: minutes, capacity: 6 });
  const { rows } = await sql<{ today: boolean }>`
    SELECT o.local_date = (now() AT TIME ZONE v.timezone)::date AS today FROM occurrences o JOIN venues v ON v.id = o.venue_id WHERE o.id = ${occurrence.id}`.execute(ctx.db);
  return { occurrence, day: rows[0]!.today ? 'today' : 'tomorrow' };
};

/** Lists the day's sessions for `person` and adds `occurrenceId` with the ticket the kiosk was offered. */
const bookAtKiosk = async (kiosk: TestCustomer, occurrenceId: number, day: string, person: number) => {
  const listed = await call('GET', `/api/kiosk/sessions?venue=${VENUE}&day=${day}&person_id=${person}`, kiosk);
  expect(listed.statusCode).toBe(200);
  const session = listed.json().data.sessions.find((s: { id: number }) => s.id === occurrenceId);
  expect(session).toMatchObject({ id: occurrenceId, spaces_left: 6, ticket: { id: expect.any(Number) }, not_for_person: null });
  const added = await call('POST', '/api/activities/cart/add', kiosk, { items: [{ id: occurrenceId, type: 'purchasableOccurrence', purchased_for_user_id: person, pricing_option_id: session.ticket.id }] });
  expect(added.statusCode).toBe(200);
  return added.json().data as { total: number; items: { purchased_for_user_id: number }[] };
};

const bookingsOf = (occurrenceId: number) => count(sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE occurrence_id = ${occurrenceId}`);

describe('booking at the kiosk', () => {
  it("lists the customer's people and the venue's sessions of today or tomorrow; books for a child and pays with credit", async () => {
    const who = fresh();
    const kiosk = await atKiosk(who);
    const people = (await call('GET', '/api/kiosk/people', kiosk)).json().data;
    expect(people.map((p: { id: number; relationship: string }) => [p.id, p.relationship])).toEqual([
      [who.selfId, 'self'],
      [who.childId, expect.any(String)],
    ]);
    const { occurrence, day } = await classSoon();
    const cart = await bookAtKiosk(kiosk, occurrence.id, day, who.childId);
    expect(cart.items.map((i) => i.purchased_for_user_id)).toEqual([who.childId]);
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', cart.total + 500, 'kiosk test');

    const done = await call('POST', '/api/checkout/complete', kiosk, { payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], source: 'activity-booking', terms: shop.termIds, completed_waivers: [] });
    expect(done.statusCode).toBe(200);
    expect(await bookingsOf(occurrence.id)).toBe(1);
    const order = await call('GET', `/api/checkout/orders/${done.json().complete_order_id}`, kiosk);
    expect(order.statusCode).toBe(200);
    expect(order.json().data.reference).toBe(done.json().reference);
    // Only today and tomorrow: any other day is refused by the contract.
    expect((await call('GET', `/api/kiosk/sessions?venue=${VENUE}&day=yesterday&person_id=${who.selfId}`, kiosk)).statusCode).toBe(422);
  });

  it('does not offer a session that asks questions first (answered online or at reception)', async () => {
    const who = fresh();
    const kiosk = await atKiosk(who);
    const { occurrence, day } = await classSoon(95);
    const listed = async (person: number) =>
      ((await call('GET', `/api/kiosk/sessions?venue=${VENUE}&day=${day}&person_id=${person}`, kiosk)).json().data.sessions as { id: number; ticket: { id: number } | null; not_for_person: string | null }[]).find((s) => s.id === occurrence.id);
    const question = await sql<{ id: number }>`
      INSERT INTO questions (client_id, activity_id, label, required) VALUES (${shop.fx.clientId}, ${shop.fx.classActivityId}, 'Any injuries?', true) RETURNING id`.execute(ctx.db);
    try {
      expect(await listed(who.selfId)).toMatchObject({ ticket: null, not_for_person: KIOSK_ASKS_MESSAGE });
    } finally {
      await sql`DELETE FROM questions WHERE id = ${question.rows[0]!.id}`.execute(ctx.db);
    }
    expect(await listed(who.selfId)).toMatchObject({ ticket: { id: expect.any(Number) }, not_for_person: null });
  });

  it('pays with a saved card (frictionless), and never with a new card', async () => {
    const who = fresh();
    // A card saved online earlier.
    const first = await shop.holdClass(who);
    const saved = await shop.authorise(who, first.cart.total, TEST_CARDS.ok, { save_card: true });
    expect((await shop.completeCard(who, saved.json().transaction_uuid, first.cart.total)).statusCode).toBe(200);

    const kiosk = await atKiosk(who);
    const { occurrence, day } = await classSoon(100);
    const cart = await bookAtKiosk(kiosk, occurrence.id, day, who.selfId);
    const prepared = (await call('GET', '/api/checkout/prepare', kiosk)).json();
    expect(prepared.saved_card).toMatchObject({ id: expect.any(Number), last_four: '4242' });

    // A card identifier (a card typed into a form) is refused to the kiosk's session, saved card or not.
    const typed = await tokeniseTestCard(ctx.app, kiosk, TEST_CARDS.ok);
    const base = { payments: [{ tender_type: 'card', amount: cart.total }], source: 'activity-booking', terms: shop.termIds, completed_waivers: [], ...TEST_BROWSER };
    const newCard = await call('POST', '/api/checkout/authorise', kiosk, { ...base, session_key: typed.session_key, card_identifier: typed.card_identifier, card_holder_name: 'Casey Tester' });
    expect([newCard.statusCode, newCard.json().message]).toEqual([403, 'Unauthorised.']);
    const both = await call('POST', '/api/checkout/authorise', kiosk, { ...base, session_key: typed.session_key, card_identifier: typed.card_identifier, saved_card_id: prepared.saved_card.id });
    expect(both.statusCode).toBe(403);

    const authorised = await call('POST', '/api/checkout/authorise', kiosk, { ...base, session_key: prepared.session_key, saved_card_id: prepared.saved_card.id });
    expect(authorised.statusCode).toBe(200);
    expect(authorised.json()).toMatchObject({ transaction_status: 'authorised', sca_url: null });
    const done = await call('POST', '/api/checkout/complete', kiosk, { transaction_uuid: authorised.json().transaction_uuid, payments: [{ tender_type: 'card', amount: cart.total }], source: 'activity-booking', terms: shop.termIds, completed_waivers: [] });
    expect(done.statusCode).toBe(200);
    expect(await bookingsOf(occurrence.id)).toBe(1);
  });

  it('cannot reach account settings, saved card management, login tokens or the dashboard', async () => {
    const who = fresh();
    const first = await shop.holdClass(who);
    const saved = await shop.authorise(who, first.cart.total, TEST_CARDS.ok, { save_card: true });
    expect((await shop.completeCard(who, saved.json().transaction_uuid, first.cart.total)).statusCode).toBe(200);
    const cardId = (await call('GET', '/api/checkout/prepare', who)).json().saved_card.id as number;
    const kiosk = await atKiosk(who);
    const refused: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/auth/user'],
      ['POST', '/api/auth/customer/change-password', { current_password: 'not-a-login', password: 'N3w-password-long', password_confirmation: 'N3w-password-long' }],
      ['PATCH', '/api/auth/user', { email: 'taken-over@example.com' }],
      ['POST', '/api/auth/token', {}],
      ['POST', '/api/auth/logout-everywhere', {}],
      ['DELETE', `/api/checkout/saved-cards/${cardId}`],
      ['PUT', '/api/my-account/kiosk-pin', { pin: '0000' }],
      ['GET', '/api/dashboard/orders'],
      ['GET', '/api/dashboard/credit'],
      ['GET', '/api/dashboard/memberships'],
      ['POST', '/api/activities/waitlist/add', { occurrence_id: first.occurrence.id }],
      ['GET', '/api/activities/venues'],
    ];
    for (const [method, url, body] of refused) {
      const response = await call(method as 'GET', url, kiosk, body);
      expect([method, url, response.statusCode, response.json().message]).toEqual([method, url, 403, 'Unauthorised.']);
    }
    // Nothing changed: the saved card and the email are still there, and the PIN still works.
    expect((await call('GET', '/api/checkout/prepare', who)).json().saved_card.id).toBe(cardId);
    expect((await ctx.db.selectFrom('users').select('email').where('id', '=', who.userId).executeTakeFirstOrThrow()).email).toBe(who.email);
    // The same calls with the customer's own (online) session are not refused as the kiosk's are.
    expect((await call('GET', '/api/auth/user', who)).statusCode).toBe(200);
  });

  it('is a kiosk session of 5 minutes that stops working when its time is up', async () => {
    const kiosk = await atKiosk(fresh());
    const row = await sql<{ kiosk: boolean; seconds: number }>`
      SELECT kiosk, extract(epoch FROM expires_at - created_at)::int AS seconds FROM sessions WHERE user_id = ${kiosk.userId} AND kiosk`.execute(ctx.db);
    expect(row.rows).toEqual([{ kiosk: true, seconds: 300 }]);
    expect((await call('GET', '/api/activities/cart', kiosk)).statusCode).toBe(200);
    // The 5 minutes pass.
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${kiosk.userId} AND kiosk`.execute(ctx.db);
    expect((await call('GET', '/api/activities/cart', kiosk)).statusCode).toBe(401);
    expect((await call('GET', '/api/kiosk/people', kiosk)).statusCode).toBe(401);
  });

  it('ends on the server at Finish (logout with the kiosk session): the token no longer works', async () => {
    const who = fresh();
    const kiosk = await atKiosk(who);
    const { occurrence, day } = await classSoon(110);
    await bookAtKiosk(kiosk, occurrence.id, day, who.selfId);
    expect((await call('POST', '/api/auth/logout', kiosk, {})).statusCode).toBe(200);
    const ended = await sql<{ revoked: boolean }>`SELECT revoked_at IS NOT NULL AS revoked FROM sessions WHERE user_id = ${who.userId} AND kiosk`.execute(ctx.db);
    expect(ended.rows).toEqual([{ revoked: true }]);
    for (const [method, url] of [
      ['GET', '/api/activities/cart'],
      ['GET', `/api/kiosk/sessions?venue=${VENUE}&day=${day}&person_id=${who.selfId}`],
      ['POST', '/api/checkout/complete'],
    ] as const) {
      expect([url, (await call(method, url, kiosk, method === 'POST' ? { payments: [] } : undefined)).statusCode]).toEqual([url, 401]);
    }
    // The customer's own online session is untouched.
    expect((await call('GET', '/api/activities/cart', who)).statusCode).toBe(200);
  });

  it("refuses another customer's ids: their people, their bookings' QR codes, their orders", async () => {
    const who = fresh();
    const other = fresh();
    const kiosk = await atKiosk(who);
    const { occurrence, day } = await classSoon(120);
    expect((await call('GET', `/api/kiosk/sessions?venue=${VENUE}&day=${day}&person_id=${other.childId}`, kiosk)).json()).toMatchObject({ message: 'Unauthorised.' });
    expect((await call('GET', `/api/kiosk/sessions?venue=${VENUE}&day=${day}&person_id=${other.childId}`, kiosk)).statusCode).toBe(403);
    const add = await call('POST', '/api/activities/cart/add', kiosk, { items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: other.childId, pricing_option_id: shop.fx.classOptions.adult }] });
    expect(add.statusCode).toBe(403);
    // The other customer's order and booking.
    const theirs = await shop.holdClass(other);
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: other.userId }, 'general', theirs.cart.total, 'kiosk test');
    const paid = await call('POST', '/api/checkout/complete', other, { payments: [{ tender_type: 'credit', amount: theirs.cart.total, info: {} }], source: 'activity-booking', terms: shop.termIds, completed_waivers: [] });
    expect(paid.statusCode).toBe(200);
    expect((await call('GET', `/api/checkout/orders/${paid.json().complete_order_id}`, kiosk)).statusCode).toBe(403);
    const bookingId = paid.json().data.booking_ids[0] as number;
    expect((await call('GET', `/api/my-account/bookings/${bookingId}/qr`, kiosk)).statusCode).toBe(403);
    expect(await bookingsOf(occurrence.id)).toBe(0);
  });
});
