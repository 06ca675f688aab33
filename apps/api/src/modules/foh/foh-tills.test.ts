import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh } = shop;

let staff: TestCustomer;
let other: TestCustomer;
let tills: { id: number; name: string; venue: { slug: string } }[];
const counted = (cash: number) => ({ counted: { cash, cheque: 0, 'offline-voucher': 0, 'card-terminal': 0 } });

beforeAll(async () => {
  staff = fresh();
  other = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', 'in', [staff.userId, other.userId]).execute();
  tills = (await call('GET', '/api/foh/tills?venue=bury-leisure-centre', staff)).json().data;
});

describe('who may use the till', () => {
  it("refuses a customer's token on every till route with 403", async () => {
    const customer = fresh();
    const routes: [('GET' | 'POST'), string, Record<string, unknown>?][] = [
      ['GET', '/api/foh/tills'],
      ['POST', `/api/foh/tills/${tills[0]!.id}/sessions`, { float_pence: 100 }],
      ['GET', '/api/foh/sessions/current'],
      ['GET', '/api/foh/sessions/1'],
      ['POST', '/api/foh/sessions/1/entries', { kind: 'pay_in', amount: 100, reason: 'Float top-up' }],
      ['GET', '/api/foh/sessions/1/x-read'],
      ['POST', '/api/foh/sessions/1/close', counted(0)],
      ['GET', '/api/foh/sessions/1/z-report'],
      ['GET', '/api/foh/sessions/1/z-report.csv'],
      ['GET', '/api/foh/vouchers/GIFT-1000'],
      ['GET', '/api/foh/customers?q=Morgan'],
      ['POST', `/api/foh/customers/${customer.userId}/notes`, { text: 'Hello' }],
      ['POST', '/api/activities/cart/pay', { payments: [], selected_user_id: customer.selfId, till_session_id: 1 }],
    ];
    for (const [method, url, body] of routes) {
      const response = await call(method, url, customer, body);
      expect([url, response.statusCode, response.json().message]).toEqual([url, 403, 'Unauthorised.']);
      expect((await call(method, url, null, body)).statusCode).toBe(401);
    }
  });

  it("refuses a customer's token with 403 before looking at the body: an empty or hostile body is not checked for them", async () => {
    const customer = fresh();
    const posts = [
      `/api/foh/tills/${tills[0]!.id}/sessions`,
      '/api/foh/sessions/1/entries',
      '/api/foh/sessions/1/close',
      `/api/foh/customers/${customer.userId}/notes`,
      `/api/foh/customers/${customer.userId}/cart/add`,
      `/api/foh/customers/${customer.userId}/memberships`,
      '/api/foh/check-in/scan',
    ];
    for (const url of posts) {
      for (const body of [{}, { token: 'x'.repeat(5000), float_pence: -1 }]) {
        const response = await call('POST', url, customer, body);
        expect([url, response.statusCode, response.json().message]).toEqual([url, 403, 'Unauthorised.']);
      }
    }
  });

  it("refuses a till of another operator (403) and lists two tills at Bury", async () => {
    expect(tills.map((t) => t.name)).toEqual(['Front desk 1', 'Front desk 2']);
    const elsewhere = await sql<{ id: number }>`
      WITH c AS (INSERT INTO clients (slug, name) VALUES ('other-operator-till', 'Other Operator') RETURNING id),
           v AS (INSERT INTO venues (client_id, slug, name, address_line1, town, postcode) SELECT id, 'other-op-venue', 'Other', '1 Road', 'Bolton', 'BL1 1AA' FROM c RETURNING id, client_id)
      INSERT INTO tills (client_id, venue_id, name) SELECT client_id, id, 'Their till' FROM v RETURNING id`.execute(ctx.db);
    const response = await call('POST', `/api/foh/tills/${elsewhere.rows[0]!.id}/sessions`, staff, { float_pence: 100 });
    expect(response.statusCode).toBe(403);
    expect((await call('GET', '/api/foh/tills', staff)).json().data.some((t: { name: string }) => t.name === 'Their till')).toBe(false);
  });
});

describe('a till session from float to Z report', () => {
  it('opens once, refuses a second staff member, counts pay-ins and pay-outs, closes once with the variance', async () => {
    const till = tills[1]!;
    const opened = await call('POST', `/api/foh/tills/${till.id}/sessions`, staff, { float_pence: 10000 });
    expect(opened.statusCode).toBe(201);
    const session = opened.json().data;
    expect(session).toMatchObject({ status: 'open', staff: { id: staff.userId }, float: { raw: 10000, formatted: '£100.00' }, currency_symbol: '£' });

    const taken = await call('POST', `/api/foh/tills/${till.id}/sessions`, other, { float_pence: 5000 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'till_in_use', message: expect.stringContaining('They must close it') });
    expect((await call('POST', `/api/foh/tills/${tills[0]!.id}/sessions`, staff, { float_pence: 0 })).json().code).toBe('already_open');
    expect((await call('GET', '/api/foh/sessions/current', staff)).json().data.id).toBe(session.id);

    const payIn = await call('POST', `/api/foh/sessions/${session.id}/entries`, staff, { kind: 'pay_in', amount: 2000, reason: 'Change from the safe' });
    expect(payIn.statusCode).toBe(201);
    expect(payIn.json().data).toMatchObject({ kind: 'pay_in', amount: 2000, reason: 'Change from the safe', staff: { id: staff.userId } });
    await call('POST', `/api/foh/sessions/${session.id}/entries`, staff, { kind: 'pay_out', amount: 350, reason: 'Milk for the café' });
    expect((await call('POST', `/api/foh/sessions/${session.id}/entries`, staff, { kind: 'pay_out', amount: 350 })).statusCode).toBe(422);
    expect((await call('POST', `/api/foh/sessions/${session.id}/entries`, staff, { kind: 'pay_out', amount: 1_000_000, reason: 'Too much' })).json().code).toBe('not_enough_cash');
    // Another staff member may read the till but not write to it.
    expect((await call('POST', `/api/foh/sessions/${session.id}/entries`, other, { kind: 'pay_in', amount: 1, reason: 'Not mine' })).statusCode).toBe(403);
    // A mistake is corrected by a new entry, pointing at the one it corrects.
    const correction = await call('POST', `/api/foh/sessions/${session.id}/entries`, staff, { kind: 'correction', tender_type: 'cash', amount: -50, reason: 'Pay-in keyed 50p over', corrects_entry_id: payIn.json().data.id });
    expect(correction.statusCode).toBe(201);

    const x = await call('GET', `/api/foh/sessions/${session.id}/x-read`, other);
    expect(x.statusCode).toBe(200);
    expect(x.json().data.expected).toEqual({ cash: 10000 + 2000 - 350 - 50, cheque: 0, 'offline-voucher': 0, 'card-terminal': 0, credit: 0 });
    expect(x.json().data.session.status).toBe('open');

    expect((await call('POST', `/api/foh/sessions/${session.id}/close`, other, counted(11600))).statusCode).toBe(403);
    const closed = await call('POST', `/api/foh/sessions/${session.id}/close`, staff, counted(11590));
    expect(closed.statusCode).toBe(200);
    const z = closed.json().data;
    expect(z.lines[0]).toEqual({ tender_type: 'cash', label: 'Cash', expected: { raw: 11600, formatted: '£116.00' }, counted: { raw: 11590, formatted: '£115.90' }, variance: { raw: -10, formatted: '-£0.10' } });
    expect(z).toMatchObject({ closed_by: { id: staff.userId }, session: { status: 'closed', float: { raw: 10000 } }, total_variance: { raw: -10 } });

    const again = await call('POST', `/api/foh/sessions/${session.id}/close`, staff, counted(11590));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('session_closed');
    expect((await call('POST', `/api/foh/sessions/${session.id}/entries`, staff, { kind: 'pay_in', amount: 1, reason: 'After close' })).statusCode).toBe(409);

    const csv = await call('GET', `/api/foh/sessions/${session.id}/z-report.csv`, staff);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Cash,116.00,115.90,-0.10');
    expect((await call('GET', `/api/foh/sessions/${session.id}/z-report`, other)).json().data.lines).toHaveLength(4);
    // The till is free again for the next person.
    expect((await call('POST', `/api/foh/tills/${till.id}/sessions`, other, { float_pence: 5000 })).statusCode).toBe(201);
  });
});

describe('append-only records', () => {
  it('refuses UPDATE, DELETE and TRUNCATE on till sessions, entries and closes in PostgreSQL', async () => {
    const { id } = (await call('GET', '/api/foh/sessions/current', other)).json().data;
    for (const statement of [
      sql`UPDATE till_entries SET amount_pence = 0 WHERE session_id = ${id}`,
      sql`DELETE FROM till_entries WHERE session_id = ${id}`,
      sql`UPDATE till_sessions SET float_pence = 0 WHERE id = ${id}`,
      sql`DELETE FROM till_closes`,
      sql`UPDATE till_closes SET counted = '{}'`,
      sql`TRUNCATE till_entries CASCADE`,
    ]) {
      await expect(statement.execute(ctx.db)).rejects.toThrow(/append-only/);
    }
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM till_entries WHERE session_id = ${id}`.execute(ctx.db);
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('hostile input', () => {
  it.each([
    ['a float in pounds', { float_pence: 100.5 }],
    ['a negative float', { float_pence: -100 }],
    ['a float as a string', { float_pence: '100' }],
    ['an extra field', { float_pence: 100, staff_user_id: 1 }],
  ])('refuses %s with 422', async (_case, body) => {
    expect((await call('POST', `/api/foh/tills/${tills[0]!.id}/sessions`, staff, body)).statusCode).toBe(422);
  });
  it('refuses ids that are not numbers', async () => {
    expect((await call('GET', "/api/foh/sessions/1%20OR%201=1/x-read", staff)).statusCode).toBe(422);
    expect((await call('GET', '/api/foh/sessions/99999999/x-read', staff)).statusCode).toBe(403);
  });
});
