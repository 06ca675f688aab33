import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import { TEST_CARDS } from '../../../test/fixtures/cards.ts';
import { addCredit } from '../credits/service.ts';

/**
 * Spec §6 selected user (issue 20): every endpoint that takes `selected_user_id` (spec §7, and
 * the v2 waitlist's `user_id`) follows it for a family member of the caller, and refuses another
 * customer's family member or an unknown id with 403 'Unauthorised.' with nothing changed. One
 * table: each row sets up a basket for the caller and their child, makes the call three times.
 */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call } = shop;

/** A membership user id no one has (positive, at most 9 digits, as every query schema allows). */
const UNKNOWN_ID = 987_654_321;

/** What a customer's request could change: every row of theirs (and `other`'s) a selected-user call may write. */
const snapshot = async (accountIds: readonly number[]) => {
  const ids = sql.join(accountIds.map((id) => sql`${id}`));
  const rows = async (table: string, where = sql`account_user_id IN (${ids})`) =>
    (
      await sql<{ rows: unknown }>`SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY t.id), '[]') AS rows FROM ${sql.table(table)} t WHERE ${where}`.execute(ctx.db)
    ).rows[0]!.rows;
  const inCarts = sql`cart_id IN (SELECT id FROM carts WHERE account_user_id IN (${ids}))`;
  return {
    carts: await rows('carts'),
    cart_items: await rows('cart_items', inCarts),
    place_claims: await rows('place_claims'),
    waitlist_entries: await rows('waitlist_entries'),
    signed_waivers: await rows('signed_waivers'),
    orders: await rows('orders'),
    credit_entries: await rows('credit_entries'),
    course_claims: await rows('course_claims'),
    question_answers: await rows('question_answers', sql`cart_item_id IN (SELECT id FROM cart_items WHERE ${inCarts})`),
    provider_transactions: (
      await sql<{ rows: unknown }>`SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY t.created_at, t.uuid), '[]') AS rows FROM provider_transactions t WHERE account_user_id IN (${ids})`.execute(
        ctx.db,
      )
    ).rows[0]!.rows,
  };
};

/** What each row's call may use: the caller's own basket (a class place for themself) and their child's. */
type Scene = {
  who: TestCustomer;
  /** In the caller's own basket (selected person: themself), 650. */
  ownItemId: number;
  /** A class with a waiver, held in the child's own basket (selected_user_id = child), 400 (Junior). */
  child: { occurrence: { id: number; uuid: string }; itemId: number; cartId: number; total: number };
  /** A class with places to add. */
  free: { id: number; uuid: string };
  /** A full class (a waitlist to join). */
  full: { id: number; uuid: string };
};

type Response = Awaited<ReturnType<typeof call>>;

type Row = {
  endpoint: string;
  /** The call with `person` as the selected user (null: the caller's own). */
  send: (scene: Scene, person: number | null) => Promise<Response>;
  /** After the call for the caller's own child: the answer and the database show the child was followed. */
  followed: (response: Response, scene: Scene) => Promise<void> | void;
  /** The call needs the child's waiver signed first (authorise and complete check it). */
  signFirst?: boolean;
};

const q = (person: number | null) => (person === null ? '' : `selected_user_id=${person}`);
const cart = (response: Response) => (response.json() as { data: CartDto }).data;

let wfx: HoldsFixture;
let restrictionId: number;
let categorySlug: string;
let courseId: number;

const rows: Row[] = [
  {
    endpoint: 'GET /api/activities/cart',
    send: (_s, p) => call('GET', `/api/activities/cart?${q(p)}`, _s.who),
    followed: (r, s) => {
      expect(cart(r)).toMatchObject({ selected_user_id: s.who.childId, items: [{ id: s.child.itemId, purchased_for_user_id: s.who.childId }] });
    },
  },
  {
    endpoint: 'DELETE /api/activities/cart',
    send: (s, p) => call('DELETE', `/api/activities/cart?${q(p)}`, s.who),
    followed: async (r, s) => {
      expect(cart(r)).toMatchObject({ selected_user_id: s.who.childId, items: [] });
      // The caller's own basket is not the one cleared.
      expect(cart(await call('GET', '/api/activities/cart', s.who)).items.map((i) => i.id)).toEqual([s.ownItemId]);
    },
  },
  {
    endpoint: 'POST /api/activities/cart/add',
    send: (s, p) => call('POST', '/api/activities/cart/add', s.who, { items: [{ id: s.free.id, type: 'purchasableOccurrence', purchased_for_user_id: null }], selected_user_id: p }),
    followed: (r, s) => {
      const items = cart(r).items;
      expect(cart(r).selected_user_id).toBe(s.who.childId);
      expect(items.find((i) => i.cartable_id === s.free.id)).toMatchObject({ purchased_for_user_id: s.who.childId });
    },
  },
  {
    endpoint: 'POST /api/activities/cart/courses',
    send: (s, p) => call('POST', '/api/activities/cart/courses', s.who, { course_id: courseId, purchased_for_user_id: null, selected_user_id: p }),
    followed: (r, s) => {
      expect(cart(r).selected_user_id).toBe(s.who.childId);
      expect(cart(r).items.filter((i) => i.course)).toMatchObject([{ purchased_for_user_id: s.who.childId }]);
    },
  },
  {
    endpoint: 'POST /api/activities/cart/remove',
    send: (s, p) => call('POST', `/api/activities/cart/remove?${q(p)}`, s.who, { cart_item_ids: [s.child.itemId] }),
    followed: (r, s) => {
      expect(cart(r)).toMatchObject({ selected_user_id: s.who.childId, items: [] });
    },
  },
  {
    endpoint: 'POST /api/activities/cart/remove (selected_user_id in the body)',
    send: (s, p) => call('POST', '/api/activities/cart/remove', s.who, { cart_item_ids: [s.child.itemId], selected_user_id: p }),
    followed: (r, s) => {
      expect(cart(r)).toMatchObject({ selected_user_id: s.who.childId, items: [] });
    },
  },
  {
    endpoint: 'PUT /api/activities/cart/{cartItemId}',
    send: (s, p) => call('PUT', `/api/activities/cart/${s.child.itemId}`, s.who, { pricing_option_id: wfx.classOptions.adult, selected_user_id: p }),
    followed: (r, s) => {
      expect(cart(r)).toMatchObject({ selected_user_id: s.who.childId, items: [{ id: s.child.itemId, pricing_option_id: wfx.classOptions.adult, price: { raw: 650 } }] });
    },
  },
  ...(['benefit', 'package'] as const).map(
    (extra): Row => ({
      endpoint: `DELETE /api/activities/${extra}/remove/{cartItemId}`,
      send: (s, p) => call('DELETE', `/api/activities/${extra}/remove/${s.child.itemId}?source=activity-booking&${q(p)}`, s.who),
      followed: (r, s) => {
        expect(cart(r)).toMatchObject({ selected_user_id: s.who.childId, items: [{ id: s.child.itemId }] });
      },
    }),
  ),
  {
    endpoint: 'POST /api/credits/apply',
    send: (s, p) => call('POST', '/api/credits/apply', s.who, { credits_to_reserve: [{ amount: 300, type: 'general' }], cart_source: 'activity-booking', selected_user_id: p }),
    followed: async (r, s) => {
      expect(r.json()).toMatchObject({ reserved: true, amount: 300 });
      // Reserved for the child's basket, not the caller's own.
      const child = cart(await call('GET', `/api/activities/cart?${q(s.who.childId)}`, s.who));
      expect(child.payments).toEqual([{ tender_type: 'general-credit', amount: 300 }]);
      expect(cart(await call('GET', '/api/activities/cart', s.who)).payments).toEqual([]);
    },
  },
  {
    endpoint: 'POST /api/checkout/authorise',
    signFirst: true,
    send: (s, p) => shop.authorise(s.who, s.child.total, TEST_CARDS.ok, { selected_user_id: p }),
    followed: async (r, s) => {
      expect(r.json()).toMatchObject({ transaction_uuid: expect.any(String) });
      const { rows: tx } = await sql<{ cart_id: number; membership_user_id: number }>`
        SELECT cart_id, membership_user_id FROM provider_transactions WHERE uuid = ${r.json().transaction_uuid as string}`.execute(ctx.db);
      expect(tx).toEqual([{ cart_id: s.child.cartId, membership_user_id: s.who.childId }]);
    },
  },
  {
    endpoint: 'POST /api/checkout/complete',
    signFirst: true,
    send: (s, p) =>
      call('POST', '/api/checkout/complete', s.who, {
        completed_waivers: [],
        payments: [{ tender_type: 'credit', amount: s.child.total, info: {} }],
        source: 'activity-booking',
        terms: shop.termIds,
        selected_user_id: p,
      }),
    followed: async (r, s) => {
      const { rows: orders } = await sql<{ cart_id: number; membership_user_id: number }>`
        SELECT cart_id, membership_user_id FROM orders WHERE reference = ${r.json().reference as string}`.execute(ctx.db);
      expect(orders).toEqual([{ cart_id: s.child.cartId, membership_user_id: s.who.childId }]);
      // The caller's own basket is still open with its item.
      expect(cart(await call('GET', '/api/activities/cart', s.who)).items.map((i) => i.id)).toEqual([s.ownItemId]);
    },
  },
  {
    endpoint: 'GET /api/activities/question-waivers',
    send: (s, p) => call('GET', `/api/activities/question-waivers?${q(p)}`, s.who),
    followed: (r, s) => {
      // The child's basket has the class with a waiver; the caller's own has none.
      expect(r.json()).toMatchObject({ attendee_waivers_required: 1, data: [{ restriction_id: restrictionId, membership_user_id: s.who.childId, signed: false }] });
    },
  },
  {
    endpoint: 'POST /api/activities/question-waivers',
    send: (s, p) => call('POST', '/api/activities/question-waivers', s.who, { waivers: [{ restriction_id: restrictionId, accepted: true, signature: 'Casey Tester' }], selected_user_id: p }),
    followed: async (_r, s) => {
      const { rows: signed } = await sql<{ membership_user_id: number }>`
        SELECT membership_user_id FROM signed_waivers WHERE account_user_id = ${s.who.userId}`.execute(ctx.db);
      expect(signed).toEqual([{ membership_user_id: s.who.childId }]);
    },
  },
  {
    endpoint: 'GET /api/activities/{restriction}/question-waivers/previous-attendees',
    send: (s, p) => call('GET', `/api/activities/${restrictionId}/question-waivers/previous-attendees?query=&${q(p)}`, s.who),
    followed: (r) => {
      expect(r.json()).toMatchObject({ data: [] });
    },
  },
  {
    endpoint: 'POST /api/activities/{id}/questions/answers',
    send: (s, p) => call('POST', `/api/activities/${s.child.occurrence.id}/questions/answers`, s.who, { answers: [], selected_user_id: p }),
    // The occurrence is in the child's basket only: the caller's own would answer 404.
    followed: (r, s) => {
      expect(r.json()).toMatchObject({ data: { cart_item_ids: [s.child.itemId] } });
    },
  },
  {
    endpoint: 'POST /api/activities/cart/{cartId}/questions',
    send: (s, p) => call('POST', `/api/activities/cart/${s.child.cartId}/questions`, s.who, { selected_user_id: p }),
    followed: (r, s) => {
      expect(r.json()).toMatchObject({ data: [{ cart_item_id: s.child.itemId, purchased_for_user_id: s.who.childId }] });
    },
  },
  {
    endpoint: 'POST /api/activities/waitlist/add',
    send: (s, p) => call('POST', '/api/activities/waitlist/add', s.who, { item: { id: s.full.id, type: 'purchasableOccurrence' }, selected_user_id: p }),
    followed: async (_r, s) => {
      const { rows: entries } = await sql<{ membership_user_id: number }>`
        SELECT membership_user_id FROM waitlist_entries WHERE occurrence_id = ${s.full.id} AND account_user_id = ${s.who.userId}`.execute(ctx.db);
      expect(entries).toEqual([{ membership_user_id: s.who.childId }]);
    },
  },
  {
    endpoint: 'POST /api/v1/activities/occurrences/{uuid}/waitlist/members (data.user_id)',
    send: (s, p) => call('POST', `/api/v1/activities/occurrences/${s.full.uuid}/waitlist/members`, s.who, { data: { user_id: p } }),
    followed: async (_r, s) => {
      const { rows: entries } = await sql<{ membership_user_id: number }>`
        SELECT membership_user_id FROM waitlist_entries WHERE occurrence_id = ${s.full.id} AND account_user_id = ${s.who.userId}`.execute(ctx.db);
      expect(entries).toEqual([{ membership_user_id: s.who.childId }]);
    },
  },
  {
    endpoint: 'GET /api/activities/{id} (one class)',
    send: (s, p) => call('GET', `/api/activities/${s.child.occurrence.id}?${q(p)}`, s.who),
    // The child holds it; the caller themself would be offered Book.
    followed: (r) => {
      expect(r.json().data.action_to_show).toMatchObject({ status: 'CANCEL_RESERVATION' });
    },
  },
  {
    endpoint: 'GET /api/v1/activities/occurrences/{uuid}',
    send: (s, p) => call('GET', `/api/v1/activities/occurrences/${s.child.occurrence.uuid}?${q(p)}`, s.who),
    followed: (r) => {
      expect(r.json().data.action_to_show).toMatchObject({ status: 'CANCEL_RESERVATION' });
    },
  },
  {
    endpoint: 'GET /api/activities/venue/{venue}/activity/{activity}/timetable (day)',
    send: async (s, p) => {
      const { rows: day } = await sql<{ d: string }>`SELECT local_date::text AS d FROM occurrences WHERE id = ${s.child.occurrence.id}`.execute(ctx.db);
      return call('GET', `/api/activities/venue/bury-leisure-centre/activity/${categorySlug}/timetable?date=${day[0]!.d}&${q(p)}`, s.who);
    },
    followed: (r, s) => {
      const entry = (r.json().data as { id: number; action_to_show: unknown }[]).find((e) => e.id === s.child.occurrence.id);
      expect(entry?.action_to_show).toMatchObject({ status: 'CANCEL_RESERVATION' });
    },
  },
];

describe('selected_user_id (spec §6): every endpoint follows the caller\'s family member and refuses anyone else\'s', () => {
  beforeAll(async () => {
    wfx = await createHoldsFixture(ctx.db);
    // Bob holds the one place of every case's full class: more than the 8 live places an account
    // may hold (issue 22), so this file (its own database) raises the client's limit.
    await ctx.db.updateTable('clients').set({ max_live_holds: 1000 }).where('id', '=', wfx.clientId).execute();
    restrictionId = (
      await ctx.db
        .insertInto('waiver_restrictions')
        .values({ client_id: wfx.clientId, activity_id: wfx.classActivityId, title: 'Pool safety', body: 'I can swim 25 metres.' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // A course with no age range, so the child (no date of birth) may join it.
    const venue = await ctx.db.selectFrom('venues').select(['id', 'client_id']).where('slug', '=', 'bury-leisure-centre').executeTakeFirstOrThrow();
    const lessons = await ctx.db.selectFrom('activity_categories').select('id').where('slug', '=', 'swimming-lessons').where('client_id', '=', venue.client_id).executeTakeFirstOrThrow();
    const startsOn = new Date(Date.now() + 10 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    courseId = (
      await ctx.db
        .insertInto('courses')
        .values({
          client_id: venue.client_id,
          venue_id: venue.id,
          category_id: lessons.id,
          slug: `selected-user-course-${process.pid}-${Date.now()}`,
          name: 'Selected User Course',
          starts_on: startsOn,
          weeks: 4,
          day_of_week: new Date(`${startsOn}T12:00:00Z`).getUTCDay(),
          start_time: '10:00',
          duration_minutes: 45,
          price_pence: 4800,
          capacity: 50,
          min_age: null,
          max_age: null,
          level: 'Improvers',
          late_joining: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    categorySlug = (await ctx.db.selectFrom('activity_categories').select('slug').where('id', '=', wfx.classCategoryId).executeTakeFirstOrThrow()).slug;
  });

  /** A fresh customer with their own basket and their child's, credit, a free and a full class. */
  const setUp = async (): Promise<Scene> => {
    const who = shop.fresh();
    await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 5000, 'test');
    const own = await shop.holdClass(who);
    const occurrence = await createOccurrence(ctx.db, wfx, { kind: 'class', capacity: 5 });
    const added = await call('POST', '/api/activities/cart/add', who, {
      items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: wfx.classOptions.junior }],
      selected_user_id: who.childId,
    });
    expect(added.statusCode).toBe(200);
    const childCart = cart(added);
    const free = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 5 });
    const full = await createOccurrence(ctx.db, shop.fx, { kind: 'class', capacity: 1 });
    // Bob (the other customer) holds its one place.
    expect((await call('POST', '/api/activities/cart/add', shop.bob, { items: [{ id: full.id, type: 'purchasableOccurrence' }] })).statusCode).toBe(200);
    return {
      who,
      ownItemId: own.cart.items[0]!.id,
      child: { occurrence, itemId: childCart.items[0]!.id, cartId: childCart.id!, total: childCart.total },
      free,
      full,
    };
  };

  it.each(rows.map((row) => [row.endpoint, row] as const))('%s', async (_name, row) => {
    const scene = await setUp();
    if (row.signFirst) {
      const signed = await call('POST', '/api/activities/question-waivers', scene.who, {
        waivers: [{ restriction_id: restrictionId, accepted: true, signature: 'Casey Tester' }],
        selected_user_id: scene.who.childId,
      });
      expect(signed.statusCode).toBe(200);
    }
    const accounts = [scene.who.userId, shop.bob.userId];
    const before = await snapshot(accounts);

    // Another customer's family member, then an id nobody has: 403, nothing written.
    for (const person of [shop.bob.childId, shop.bob.selfId, UNKNOWN_ID]) {
      const refused = await row.send(scene, person);
      expect(refused.statusCode, `${row.endpoint} with selected user ${person}`).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'Unauthorised.' });
    }
    expect(await snapshot(accounts)).toEqual(before);

    // The caller's own family member: followed.
    const accepted = await row.send(scene, scene.who.childId);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await row.followed(accepted, scene);
  });
});
