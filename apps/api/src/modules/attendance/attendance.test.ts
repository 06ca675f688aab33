import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { KIOSK_PIN_LOCKED_MESSAGE, KIOSK_PIN_WRONG_MESSAGE } from '@app/contract/foh/kiosk';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { createOccurrence, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { checkInToken } from '../../lib/check-in-token.ts';
import { markNoShows } from './no-shows.ts';
import { checkInQrPng } from '../../lib/check-in-qr.ts';
import { deliverEmail } from '../email/service.ts';

/** Attendance, the booking's QR token, the kiosk and the no-show policy (docs/front-of-house.md). */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, count } = shop;

let staff: TestCustomer;
let sessionId: number;

/** A confirmed booking of a class starting `startsInMinutes` from now (negative: in the past), written as checkout writes it. */
const book = async (who: TestCustomer, startsInMinutes: number, durationMinutes = 60, person = who.selfId) => {
  const occurrence = await createOccurrence(ctx.db, shop.fx, { kind: 'class', startsInMinutes, durationMinutes, capacity: 10 });
  const { rows } = await sql<{ id: number; uuid: string }>`
    WITH c AS (
      INSERT INTO place_claims (client_id, occurrence_id, during, account_user_id, membership_user_id, kind)
      SELECT o.client_id, o.id, tstzrange(o.starts_at, o.ends_at, '[)'), ${who.userId}, ${person}, 'booking' FROM occurrences o WHERE o.id = ${occurrence.id}
      RETURNING id, occurrence_id, client_id)
    INSERT INTO bookings (client_id, claim_id, occurrence_id, account_user_id, membership_user_id, price_pence)
    SELECT client_id, id, occurrence_id, ${who.userId}, ${person}, 650 FROM c RETURNING id, uuid::text`.execute(ctx.db);
  return { ...rows[0]!, occurrenceId: occurrence.id };
};

beforeAll(async () => {
  staff = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.userId).execute();
  const tills = (await call('GET', '/api/foh/tills?venue=bury-leisure-centre', staff)).json().data;
  sessionId = (await call('POST', `/api/foh/tills/${tills[0].id}/sessions`, staff, { float_pence: 0 })).json().data.id;
});

describe('the roster and check-in', () => {
  it("shows today's sessions with who is booked; a tap checks in once and records the staff member and till", async () => {
    const who = fresh();
    const booking = await book(who, -1, 60, who.childId);
    const roster = await call('GET', '/api/foh/venues/bury-leisure-centre/roster', staff);
    expect(roster.statusCode).toBe(200);
    const session = roster.json().data.find((s: { occurrence_id: number }) => s.occurrence_id === booking.occurrenceId);
    expect(session.bookings).toEqual([{ booking_id: booking.id, person: 'KidCasey' + who.email.split('-').pop()!.split('@')[0] + ' Tester', account_holder: expect.any(String), account_user_id: who.userId, state: 'booked', checked_in_at: null }]);

    const tap = await call('POST', `/api/foh/bookings/${booking.id}/check-in`, staff, { till_session_id: sessionId });
    expect(tap.statusCode).toBe(200);
    expect(tap.json().data).toMatchObject({ booking_id: booking.id, is_new: true });
    const again = await call('POST', `/api/foh/bookings/${booking.id}/check-in`, staff, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().data.is_new).toBe(false);
    expect(again.json().data.message).toMatch(/^Already checked in at \d\d:\d\d\.$/);
    const rows = await sql<{ via: string; staff_user_id: number; session_id: number }>`SELECT via, staff_user_id, session_id FROM check_ins WHERE booking_id = ${booking.id}`.execute(ctx.db);
    expect(rows.rows).toEqual([{ via: 'tap', staff_user_id: staff.userId, session_id: sessionId }]);
    const after = (await call('GET', '/api/foh/venues/bury-leisure-centre/roster', staff)).json().data.find((s: { occurrence_id: number }) => s.occurrence_id === booking.occurrenceId);
    expect(after.bookings[0].state).toBe('checked_in');
  });

  it('checks in by the QR token once: a second scan is 409 with the time it was used; 20 parallel scans write one row', async () => {
    const who = fresh();
    const booking = await book(who, -1);
    const qr = await call('GET', `/api/my-account/bookings/${booking.id}/qr`, who);
    expect(qr.statusCode).toBe(200);
    const { token, qr_payload: payload } = qr.json().data;
    expect(token).toBe(checkInToken(booking.uuid));
    expect(payload).toMatch(new RegExp(`/check-in/${token.replace(/\./g, '\\.')}$`));
    const scans = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/api/foh/check-in/scan', staff, { token: payload })));
    expect(scans.map((s) => s.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    const second = scans.find((s) => s.statusCode === 409)!.json();
    expect(second).toMatchObject({ code: 'already_checked_in', message: expect.stringMatching(/^Already checked in at \d\d:\d\d\.$/) });
    expect(Date.parse(second.errors.checked_in_at[0])).toBeLessThanOrEqual(Date.now());
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM check_ins WHERE booking_id = ${booking.id}`)).toBe(1);
  });

  it('refuses a forged or guessed token, another customer asking for the QR, and a booking that is not today', async () => {
    const who = fresh();
    const booking = await book(who, -1);
    const token = checkInToken(booking.uuid);
    for (const forged of [`c1.${booking.uuid}.${'A'.repeat(22)}`, `c1.${booking.uuid}`, booking.uuid, token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), `c2.${token.slice(3)}`]) {
      const scan = await call('POST', '/api/foh/check-in/scan', staff, { token: forged });
      expect([forged, scan.statusCode, scan.json().message]).toEqual([forged, 422, 'This QR code is not valid.']);
    }
    expect((await call('GET', `/api/my-account/bookings/${booking.id}/qr`, fresh())).statusCode).toBe(403);
    const tomorrow = await book(who, 26 * 60);
    expect((await call('POST', `/api/foh/check-in/scan`, staff, { token: checkInToken(tomorrow.uuid) })).json().code).toBe('not_today');
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM check_ins WHERE booking_id IN (${booking.id}, ${tomorrow.id})`)).toBe(0);
  });

  it('puts the check-in link of each booking in the confirmation email', async () => {
    const who = fresh();
    await shop.holdClass(who);
    const paid = await call('POST', '/api/activities/cart/pay', staff, {
      payments: [{ tender_type: 'cash', amount: 650, info: { amount_tendered: 650 } }], selected_user_id: who.selfId, source: 'front-of-house', terms: shop.termIds, till_session_id: sessionId, receipt: 'email',
    });
    expect(paid.statusCode).toBe(200);
    const { rows } = await sql<{ uuid: string; text_body: string }>`
      SELECT b.uuid::text AS uuid, e.text_body FROM bookings b, outbox_emails e WHERE b.account_user_id = ${who.userId} AND e.to_address = ${who.email} AND e.kind = 'order-confirmation'`.execute(ctx.db);
    expect(rows[0]!.text_body).toContain(`Check in: http://localhost:3000/check-in/${checkInToken(rows[0]!.uuid)}`);
  });

  it("shows each booking's QR code in the confirmation email as an inline PNG (CID) of its check-in link, with alt text and the link kept", async () => {
    const who = fresh();
    await shop.holdClass(who);
    const paid = await call('POST', '/api/activities/cart/pay', staff, {
      payments: [{ tender_type: 'cash', amount: 650, info: { amount_tendered: 650 } }], selected_user_id: who.selfId, source: 'front-of-house', terms: shop.termIds, till_session_id: sessionId, receipt: 'email',
    });
    expect(paid.statusCode).toBe(200);
    const { rows } = await sql<{ id: number; uuid: string; html_body: string; attachments: { filename: string; content: string; contentType: string; encoding?: string; cid?: string }[] }>`
      SELECT e.id, b.uuid::text AS uuid, e.html_body, e.attachments FROM bookings b, outbox_emails e WHERE b.account_user_id = ${who.userId} AND e.to_address = ${who.email} AND e.kind = 'order-confirmation'`.execute(ctx.db);
    expect(rows).toHaveLength(1);
    const { id, uuid, html_body: html, attachments } = rows[0]!;
    const link = `http://localhost:3000/check-in/${checkInToken(uuid)}`;
    const pngs = attachments.filter((a) => a.contentType === 'image/png');
    expect(pngs).toHaveLength(1);
    const qr = pngs[0]!;
    expect(qr).toMatchObject({ encoding: 'base64', filename: 'check-in-1.png', cid: expect.stringMatching(/^check-in-1@/) });
    // The image is the QR code of the check-in link (the generator is deterministic), and a PNG.
    const png = Buffer.from(qr.content, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.equals(await checkInQrPng(link))).toBe(true);
    // The HTML shows it by its Content-ID, says what it is, and keeps the link as text.
    expect(html).toContain(`<img src="cid:${qr.cid}" width="160" height="160" alt="QR code to check in: `);
    expect(html).toMatch(/alt="QR code to check in: [^"]+, Casey\S* Tester, [^"]+"/);
    expect(html).toContain(`<a href="${link}"`);
    // Only this booking's code: no other booking's token is in the email.
    expect(html.match(/check-in\/c1\./g)).toHaveLength(1);
    // Delivered as a file, the .eml carries the PNG inline with its Content-ID.
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-email-'));
    const delivery = await deliverEmail(ctx.db, id, { smtpUrl: undefined, from: 'Bookings <bookings@example.com>', outboxDir });
    expect(delivery).toMatchObject({ sent: true, via: 'file' });
    const eml = fs.readFileSync((delivery as { file: string }).file, 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/related/i);
    expect(eml).toMatch(/Content-Type: image\/png; name=check-in-1\.png/i);
    expect(eml).toContain(`Content-ID: <${qr.cid}>`);
    expect(eml).toContain(png.toString('base64').slice(0, 60));
  });
});

describe('the kiosk', () => {
  it('identifies by the QR token: a 5-minute session for the customer that works as a login; checks in with the same record', async () => {
    const who = fresh();
    const booking = await book(who, -1);
    const token = checkInToken(booking.uuid);
    const identified = await call('POST', '/api/kiosk/identify', null, { token });
    expect(identified.statusCode).toBe(200);
    expect(identified.json().data).toMatchObject({ expires_in_seconds: 300, first_name: expect.stringMatching(/^Casey/), booking_id: booking.id });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/my-account/bookings', headers: { authorization: `Bearer ${identified.json().data.token}` } });
    expect(me.statusCode).toBe(200);
    expect((await call('POST', '/api/kiosk/check-in', null, { token })).json().data).toMatchObject({ booking_id: booking.id, is_new: true });
    expect((await call('POST', '/api/kiosk/check-in', null, { token })).statusCode).toBe(409);
    expect((await sql<{ via: string }>`SELECT via FROM check_ins WHERE booking_id = ${booking.id}`.execute(ctx.db)).rows).toEqual([{ via: 'kiosk' }]);
  });

  it('identifies by membership number and PIN (hashed); wrong PINs say nothing of the number and lock after five', async () => {
    const who = fresh();
    const plan = await ctx.db.selectFrom('membership_plans').select('id').where('client_id', '=', shop.fx.clientId).executeTakeFirstOrThrow();
    const number = `KP${who.userId}`;
    await ctx.db.insertInto('memberships').values({ client_id: shop.fx.clientId, account_user_id: who.userId, membership_user_id: who.selfId, plan_id: plan.id, venue_id: shop.fx.venueId, reference: number, price_pence: 3000, started_on: sql<string>`current_date` as never }).execute();
    expect((await call('PUT', '/api/my-account/kiosk-pin', who, { pin: '12a4' })).statusCode).toBe(422);
    expect((await call('PUT', '/api/my-account/kiosk-pin', who, { pin: '4821' })).json().data).toEqual({ is_set: true });
    const hash = await ctx.db.selectFrom('kiosk_pins').select('pin_hash').where('user_id', '=', who.userId).executeTakeFirstOrThrow();
    expect(hash.pin_hash).toMatch(/^\$argon2id\$/);

    const ok = await call('POST', '/api/kiosk/identify', null, { membership_number: number.toLowerCase(), pin: '4821' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.booking_id).toBeNull();
    const unknown = await call('POST', '/api/kiosk/identify', null, { membership_number: 'NOSUCH999', pin: '4821' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([422, KIOSK_PIN_WRONG_MESSAGE]);
    const wrongs = [];
    for (let i = 0; i < 5; i++) wrongs.push((await call('POST', '/api/kiosk/identify', null, { membership_number: number, pin: '0000' })).json().message);
    expect(wrongs).toEqual([...Array<string>(4).fill(KIOSK_PIN_WRONG_MESSAGE), KIOSK_PIN_LOCKED_MESSAGE]);
    const locked = await call('POST', '/api/kiosk/identify', null, { membership_number: number, pin: '4821' });
    expect([locked.statusCode, locked.json().message]).toEqual([429, KIOSK_PIN_LOCKED_MESSAGE]);
  });
});

describe('no-shows', () => {
  const feesOf = (who: TestCustomer) =>
    sql<{ amount_pence: number; reason: string; status: string }>`SELECT amount_pence, reason, status FROM late_cancellation_fees WHERE account_user_id = ${who.userId} ORDER BY id`.execute(ctx.db).then((r) => r.rows);
  /** A no-show recorded `daysAgo` (its session that long ago), as an earlier run would have. */
  const pastNoShow = async (who: TestCustomer, daysAgo: number) => {
    const booking = await book(who, -daysAgo * 24 * 60);
    await ctx.db.insertInto('no_shows').values({ booking_id: booking.id, client_id: shop.fx.clientId, account_user_id: who.userId, recorded_at: new Date(Date.now() - daysAgo * 86_400_000 + 7_200_000).toISOString() as never }).execute();
  };

  beforeAll(async () => {
    // Attendance is taken only while a till of the venue is open: Front desk 2 opened 100 minutes ago.
    const till = await ctx.db.selectFrom('tills').select('id').where('name', '=', 'Front desk 2').where('venue_id', '=', shop.fx.venueId).executeTakeFirstOrThrow();
    await ctx.db.insertInto('till_sessions').values({ client_id: shop.fx.clientId, till_id: till.id, staff_user_id: staff.userId, float_pence: 0, opened_at: new Date(Date.now() - 100 * 60_000).toISOString() as never }).execute();
  });

  it('marks unchecked bookings of sessions ended 15 minutes ago, leaves checked-in and running ones; the third in 30 days costs £2.00 and an email', async () => {
    const who = fresh();
    await pastNoShow(who, 5);
    await pastNoShow(who, 12);
    const missed = await book(who, -90, 60);
    const attended = await book(who, -90, 60, who.childId);
    await ctx.db.insertInto('check_ins').values({ booking_id: attended.id, client_id: shop.fx.clientId, via: 'tap', staff_user_id: staff.userId, session_id: null }).execute();
    const running = await book(who, -30, 60, who.childId);
    const justEnded = await book(who, -70, 60, who.childId);

    await markNoShows(ctx.db);
    const marked = await sql<{ booking_id: number }>`SELECT booking_id FROM no_shows WHERE account_user_id = ${who.userId} AND booking_id IN (${missed.id}, ${attended.id}, ${running.id}, ${justEnded.id})`.execute(ctx.db);
    expect(marked.rows).toEqual([{ booking_id: missed.id }]);
    expect(await feesOf(who)).toEqual([{ amount_pence: 200, reason: 'no_show', status: 'unpaid' }]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'no-show-fee' AND text_body LIKE '%£2.00%'`)).toBe(1);
    // Idempotent: a second run marks and charges nothing more.
    await markNoShows(ctx.db);
    expect(await feesOf(who)).toHaveLength(1);
    // The fee blocks booking online, as a late cancellation's does; the panel shows it.
    const hold = await call('POST', '/api/activities/cart/add', who, { items: [{ id: (await createOccurrence(ctx.db, shop.fx, { kind: 'class' })).id, type: 'purchasableOccurrence' }] });
    expect(hold.statusCode).toBeGreaterThanOrEqual(400);
    const panel = await call('GET', `/api/foh/customers/${who.userId}`, staff);
    expect(panel.json().data.unpaid_fees).toEqual([expect.objectContaining({ amount: { raw: 200, formatted: '£2.00' }, reason: 'no_show' })]);
  });

  it('charges nothing for two in the window, nor for no-shows older than 30 days', async () => {
    const who = fresh();
    await pastNoShow(who, 40);
    await pastNoShow(who, 35);
    await pastNoShow(who, 3);
    await book(who, -95, 60);
    // Before any till of the venue was open: no attendance was taken, so no no-show.
    const unwatched = await book(who, -180, 60);
    await markNoShows(ctx.db);
    expect(await feesOf(who)).toEqual([]);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM no_shows WHERE account_user_id = ${who.userId}`)).toBe(4);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM no_shows WHERE booking_id = ${unwatched.id}`)).toBe(0);
  });
});
