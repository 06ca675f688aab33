import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { createCustomers, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { KIOSK_VENUE, useKiosk } from '../../../test/fixtures/kiosk.ts';

/**
 * The kiosk's card takings for staff (docs/front-of-house.md "Kiosk takings"): a venue's day of
 * completed kiosk card payments (page and CSV), and the kiosk's card total over a till session's
 * period on its X read and Z report as a line of its own, never in the drawer's expected figures.
 * Staff of the venue's operator only.
 */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh } = shop;
const { atKiosk, basketOfOne, reader, start, poll } = useKiosk(ctx, shop, { prefix: 'KR', pin: '7391' });
afterEach(async () => void (await reader('approve')));

const TAKINGS = `/api/foh/venues/${KIOSK_VENUE}/kiosk-takings`;
let staff: TestCustomer;

beforeAll(async () => {
  staff = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.userId).execute();
});

/** A kiosk customer's basket paid at the card reader: answers the payment as the kiosk last saw it. */
const paidAtKiosk = async () => {
  const kiosk = await atKiosk(fresh());
  const { cart } = await basketOfOne(kiosk);
  const payment = (await start(kiosk, cart)).json().data;
  const done = (await poll(kiosk, payment.id)).json().data;
  expect(done).toMatchObject({ status: 'completed', terminal_reference: expect.any(String), order: { reference: expect.any(String) } });
  return done as { id: string; amount: { raw: number }; terminal_id: string; terminal_reference: string; order: { reference: string } };
};

/** The venue's local date `days` from today (the report's day). */
const venueDay = async (days: number) =>
  (await sql<{ day: string }>`SELECT ((now() AT TIME ZONE timezone)::date + ${days}::int)::text AS day FROM venues WHERE id = ${shop.fx.venueId}`.execute(ctx.db)).rows[0]!.day;

describe("the kiosk's card takings", () => {
  it("lists a day's completed kiosk card payments with their total; the X read and Z report show the session's own as a separate line, never in the drawer", async () => {
    // Before the till opens: in the day's takings, not in the till session's line.
    const early = await paidAtKiosk();

    const tills = (await call('GET', `/api/foh/tills?venue=${KIOSK_VENUE}`, staff)).json().data;
    const session = (await call('POST', `/api/foh/tills/${tills[0].id}/sessions`, staff, { float_pence: 5000 })).json().data;

    const during = await paidAtKiosk();
    // A declined card is no takings; an approved card the order could not take is reversed (refunded), listed apart.
    const declinedBy = await atKiosk(fresh());
    await reader('decline');
    const declined = (await poll(declinedBy, (await start(declinedBy, (await basketOfOne(declinedBy)).cart)).json().data.id)).json().data;
    expect(declined.status).toBe('declined');
    const reversedBy = await atKiosk(fresh());
    const { cart: emptied } = await basketOfOne(reversedBy);
    await reader('wait');
    const waiting = (await start(reversedBy, emptied)).json().data;
    const items = (await call('GET', '/api/activities/cart', reversedBy)).json().data.items as { id: number }[];
    expect((await call('POST', '/api/activities/cart/remove', reversedBy, { cart_item_ids: items.map((i) => i.id) })).statusCode).toBe(200);
    await reader('approve');
    const reversed = (await poll(reversedBy, waiting.id)).json().data;
    expect(reversed.status).toBe('reversed');

    const xRead = await call('GET', `/api/foh/sessions/${session.id}/x-read`, staff);
    expect(xRead.statusCode).toBe(200);
    expect(xRead.json().data.kiosk_card).toMatchObject({ count: 1, total: { raw: during.amount.raw }, from: session.opened_at });
    // The drawer's own card-terminal figure is untouched by the kiosk.
    expect(xRead.json().data.expected).toMatchObject({ cash: 5000, 'card-terminal': 0 });

    const day = await call('GET', TAKINGS, staff);
    expect(day.statusCode).toBe(200);
    expect(day.json().data).toMatchObject({
      venue: { slug: KIOSK_VENUE, name: 'Bury Leisure Centre' },
      date: await venueDay(0),
      count: 2,
      total: { raw: early.amount.raw + during.amount.raw },
      currency_symbol: '£',
    });
    expect(day.json().data.payments).toEqual(
      [early, during].map((p) => ({ id: p.id, completed_at: expect.any(String), order_reference: p.order.reference, terminal_id: p.terminal_id, terminal_reference: p.terminal_reference, amount: { raw: p.amount.raw, formatted: expect.stringMatching(/^£\d+\.\d\d$/) } })),
    );
    expect(day.json().data.reversed).toEqual([expect.objectContaining({ id: reversed.id, order_reference: null, amount: expect.objectContaining({ raw: emptied.total }) })]);
    expect(JSON.stringify(day.json().data)).not.toContain(declined.id);

    // Closed: the Z report's kiosk line is the session's, the card-terminal count balances on the till's own sales (none).
    const closed = await call('POST', `/api/foh/sessions/${session.id}/close`, staff, { counted: { cash: 5000, cheque: 0, 'offline-voucher': 0, 'card-terminal': 0 } });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.kiosk_card).toMatchObject({ count: 1, total: { raw: during.amount.raw } });
    expect(closed.json().data.lines.find((l: { tender_type: string }) => l.tender_type === 'card-terminal')).toMatchObject({ expected: { raw: 0 }, variance: { raw: 0 } });
    expect(closed.json().data.total_variance.raw).toBe(0);

    // A kiosk payment after the close is the day's, never the closed session's.
    const late = await paidAtKiosk();
    const report = (await call('GET', `/api/foh/sessions/${session.id}/z-report`, staff)).json().data;
    expect(report.kiosk_card).toMatchObject({ count: 1, total: { raw: during.amount.raw } });
    const csv = await call('GET', `/api/foh/sessions/${session.id}/z-report.csv`, staff);
    expect(csv.body).toContain(`Kiosk card terminal (not in this till),${(during.amount.raw / 100).toFixed(2)}`);
    expect((await call('GET', TAKINGS, staff)).json().data).toMatchObject({ count: 3, total: { raw: early.amount.raw + during.amount.raw + late.amount.raw } });
  });

  it("reports the venue's local day asked for, and the same as CSV", async () => {
    const moved = await paidAtKiosk();
    await sql`UPDATE kiosk_terminal_payments SET decided_at = decided_at - interval '1 day' WHERE id = ${moved.id}::uuid`.execute(ctx.db);
    const yesterday = await venueDay(-1);
    const before = await call('GET', `${TAKINGS}?date=${yesterday}`, staff);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ date: yesterday, count: 1, total: { raw: moved.amount.raw } });
    expect(before.json().data.payments.map((p: { id: string }) => p.id)).toEqual([moved.id]);
    expect((await call('GET', TAKINGS, staff)).json().data.payments.map((p: { id: string }) => p.id)).not.toContain(moved.id);
    expect((await call('GET', `${TAKINGS}?date=${await venueDay(1)}`, staff)).json().data).toMatchObject({ count: 0, total: { raw: 0 }, payments: [] });

    const csv = await call('GET', `${TAKINGS}.csv?date=${yesterday}`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="kiosk-takings-${KIOSK_VENUE}-${yesterday}.csv"`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Kiosk card takings,Bury Leisure Centre');
    expect(lines[3]).toBe('Completed at,Order reference,Terminal,Terminal reference,Amount');
    const [at, ...cells] = lines[4]!.split(',');
    expect(new Date(at!).toISOString()).toBe(at);
    expect(cells).toEqual([moved.order.reference, moved.terminal_id, moved.terminal_reference, (moved.amount.raw / 100).toFixed(2)]);
    expect(lines[5]).toBe(`Total,1,,,${(moved.amount.raw / 100).toFixed(2)}`);

    for (const bad of ['yesterday', '2026-02-30' /* fixed-date: an impossible date, refused whatever today is */]) {
      expect((await call('GET', `${TAKINGS}?date=${bad}`, staff)).statusCode).toBe(422);
    }
  });

  it("is for staff of the venue's operator only: a customer or a kiosk session 403, no session 401, another operator's venue 403, another operator's staff see only their own", async () => {
    await paidAtKiosk();
    const customer = fresh();
    const kiosk = await atKiosk(fresh());
    for (const url of [TAKINGS, `${TAKINGS}.csv`]) {
      for (const who of [customer, kiosk]) expect([url, (await call('GET', url, who)).statusCode, (await call('GET', url, who)).json().message]).toEqual([url, 403, 'Unauthorised.']);
      expect((await call('GET', url, null)).statusCode).toBe(401);
    }
    // Another operator with a venue of the same name: its staff, at its own address, see its venue's takings (none), never these.
    const { rows } = await sql<{ id: number }>`INSERT INTO clients (slug, name) VALUES ('other-operator-kiosk', 'Other Operator') RETURNING id`.execute(ctx.db);
    const otherClient = rows[0]!.id;
    await sql`INSERT INTO venues (client_id, slug, name, address_line1, town, postcode) VALUES (${otherClient}, ${KIOSK_VENUE}, 'Their Bury', '1 Road', 'Bury', 'BL9 0AA')`.execute(ctx.db);
    await sql`INSERT INTO venues (client_id, slug, name, address_line1, town, postcode) VALUES (${otherClient}, 'their-only-venue', 'Theirs', '1 Road', 'Bolton', 'BL1 1AA')`.execute(ctx.db);
    await ctx.db.insertInto('client_domains').values({ host: 'other-operator-kiosk.example', client_id: otherClient }).execute();
    const stranger = (await createCustomers(ctx.db, otherClient, 1))[0]!;
    await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', stranger.userId).execute();
    const theirs = await call('GET', TAKINGS, stranger, undefined, { host: 'other-operator-kiosk.example' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toMatchObject({ venue: { name: 'Their Bury' }, count: 0, payments: [], reversed: [] });
    // Here, their session is none (401); and our staff asking for their venue, or one that does not exist: 403.
    expect((await call('GET', TAKINGS, stranger)).statusCode).toBe(401);
    for (const venue of ['their-only-venue', 'no-such-venue']) {
      for (const suffix of ['', '.csv']) {
        const response = await call('GET', `/api/foh/venues/${venue}/kiosk-takings${suffix}`, staff);
        expect([venue, response.statusCode, response.json().message]).toEqual([venue, 403, 'Unauthorised.']);
      }
    }
    expect((await call('GET', '/api/foh/venues/Not%20A%20Slug/kiosk-takings', staff)).statusCode).toBe(422);
  });
});
