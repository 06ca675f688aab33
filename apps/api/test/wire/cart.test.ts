import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_BUSY_MESSAGE } from '@app/contract/cart/cart';
import { TICKET_NOT_AVAILABLE } from '../../src/modules/holds/add.ts';
import { useTestApp } from '../app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../fixtures/holds.ts';
import { shapeMismatches, type Shape } from './shape.ts';

/**
 * Wire notes, "What public clients read", rows 10–12 and 20 of docs/api-compatibility.md: the
 * cart add (with every key the live product's clients send), the cart read and the remove, and
 * the 409 rule those clients retry by ("full" means stop, anything else means try again). The
 * shapes are written from the notes.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let next = 0;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 6);
});

const call = (method: 'GET' | 'POST', url: string, who: TestCustomer, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

const CREDIT: Shape = { total_available: 'integer', max_applicable: 'integer' };
const CART: Shape = {
  id: 'integer',
  uuid: 'string',
  source: 'string',
  total: 'integer',
  item_count: 'integer',
  formatted_total: 'string',
  itemHash: 'string',
  item_hash: 'string',
  credits: { general: CREDIT, membership: CREDIT },
  items: [
    {
      id: 'integer',
      name: 'string',
      price: { raw: 'integer' },
      cartable_id: 'integer',
      cartable_resource: { starts_at: 'string', ends_at: 'string', location: { name: 'string' } },
    },
  ],
};

/** The add exactly as a live-product client sends it (wire notes row 10). */
const liveAdd = (occurrenceId: number, who: TestCustomer) => ({
  items: [
    {
      id: occurrenceId,
      type: 'purchasableOccurrence',
      purchased_for_user_id: null,
      pricing_option_id: fx.courtOptionId,
      ticket_id: fx.courtOptionId,
      apply_benefit: true,
      activity_restriction_ids: [],
    },
  ],
  membership_user_id: who.selfId,
  selected_user_id: null,
});

describe('wire: the cart (rows 10–12)', () => {
  it('POST cart/add with the live clients’ keys answers the whole cart; GET reads it; POST remove takes the item out', async () => {
    const who = customers[next++]!;
    const court = await createOccurrence(ctx.db, fx, { kind: 'court', court: 0, startsInMinutes: 4 * 24 * 60 });
    const added = await call('POST', '/api/activities/cart/add', who, liveAdd(court.id, who));
    expect(added.statusCode, added.body).toBe(200);
    expect(shapeMismatches(added.json().data, CART)).toEqual([]);
    expect(added.json().data.items[0].cartable_id).toBe(court.id);

    const read = await call('GET', '/api/activities/cart', who);
    expect(read.statusCode).toBe(200);
    expect(shapeMismatches(read.json().data, CART)).toEqual([]);
    expect(read.json().data.item_hash).toBe(added.json().data.item_hash);

    const removed = await call('POST', `/api/activities/cart/remove?membership_user_id=${who.selfId}`, who, {
      cart_item_ids: [added.json().data.items[0].id],
      membership_user_id: who.selfId,
      selected_user_id: null,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ item_count: 0, items: [] });
  });

  it("takes newer clients' string ticket_id (\"227\") as the same ticket; a non-numeric or unknown one is 422", async () => {
    const who = customers[next++]!;
    const court = await createOccurrence(ctx.db, fx, { kind: 'court', court: 1, startsInMinutes: 4 * 24 * 60 });
    const withTicket = (ticketId: unknown) => {
      const body = liveAdd(court.id, who);
      return { ...body, items: [{ ...body.items[0]!, ticket_id: ticketId }] };
    };
    for (const bad of ['adult', '12a', '']) {
      const refused = await call('POST', '/api/activities/cart/add', who, withTicket(bad));
      expect(refused.statusCode, bad).toBe(422);
      expect(Object.keys(refused.json().errors), bad).toEqual(['items.0.ticket_id']);
    }
    const unknown = await call('POST', '/api/activities/cart/add', who, withTicket('999999999'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'items.0.ticket_id': [TICKET_NOT_AVAILABLE] });

    const added = await call('POST', '/api/activities/cart/add', who, withTicket(String(fx.courtOptionId)));
    expect(added.statusCode, added.body).toBe(200);
    expect(shapeMismatches(added.json().data, CART)).toEqual([]);
    expect(added.json().data.items.map((item: { cartable_id: number }) => item.cartable_id)).toEqual([court.id]);
  });
});

describe('wire: the 409 rule (row 20)', () => {
  it("a full session answers 409 whose message contains 'full'", async () => {
    const [first, second] = [customers[next++]!, customers[next++]!];
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 1 });
    const add = (who: TestCustomer) =>
      call('POST', '/api/activities/cart/add', who, { items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null }], selected_user_id: null });
    expect((await add(first)).statusCode).toBe(200);
    const full = await add(second);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toContain('full');
  });

  it("contention that is not a refusal answers 409 whose message does not contain 'full'", { timeout: 20_000 }, async () => {
    const who = customers[next++]!;
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    const blocker = new pg.Client({ connectionString: ctx.url });
    await blocker.connect();
    try {
      // Another transaction holds the occurrence past the hold's lock time-out.
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM occurrences WHERE id = $1 FOR UPDATE', [occurrence.id]);
      const busy = await call('POST', '/api/activities/cart/add', who, { items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null }] });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toBe(CART_BUSY_MESSAGE);
      expect(busy.json().message).not.toContain('full');
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
  });
});
