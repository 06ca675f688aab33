import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@app/contract/rules/join-quote';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { bornYearsAgo, createPlan, joinSteps, today } from '../../../test/fixtures/memberships.ts';
import { coverFor } from '../holdings/service.ts';

/**
 * The cover of a membership bought online (issue 23; docs/memberships.md "Cover"): from its start
 * date (not the day it was bought), and at the venues its plan is sold at.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let next = 0;
const fresh = () => customers[next++]!;
let steps: ReturnType<typeof joinSteps>;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 6);
  steps = joinSteps(ctx.app);
});

const DAY = 24 * 60;
const venueId = async (slug: string) => (await ctx.db.selectFrom('venues').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
const localDateOf = async (occurrenceId: number) =>
  String((await ctx.db.selectFrom('occurrences').select('local_date').where('id', '=', occurrenceId).executeTakeFirstOrThrow()).local_date).slice(0, 10);

/** Joins `planId` at Bury starting `start` (card and Direct Debit as the journey): the membership id. */
const joinFrom = async (who: TestCustomer, planId: number, start: string) => {
  const started = await steps.start(who, planId, { start_date: start, date_of_birth: bornYearsAgo(30) });
  expect(started.statusCode, started.body).toBe(200);
  const joinId = started.json().data.id as string;
  const mandate = await steps.mandate(who, joinId);
  expect(mandate.statusCode, mandate.body).toBe(200);
  const total = mandate.json().data.quote.today_total.raw as number;
  const card = total > 0 ? await steps.authorise(who, joinId, total) : null;
  if (card) expect(card.statusCode, card.body).toBe(200);
  const done = await steps.complete(who, joinId, card ? card.json().data.transaction_uuid : null);
  expect(done.statusCode, done.body).toBe(200);
  return (await ctx.db.selectFrom('memberships').select('id').where('join_id', '=', joinId).executeTakeFirstOrThrow()).id;
};

describe('a membership starting later', () => {
  it('covers nothing before its start date and covers from it', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId, { categoryIds: [fx.classCategoryId] });
    const start = addDays(today(), 5);
    const membershipId = await joinFrom(who, planId, start);

    const before = await createOccurrence(ctx.db, fx, { kind: 'class', startsInMinutes: 2 * DAY });
    const after = await createOccurrence(ctx.db, fx, { kind: 'class', startsInMinutes: 8 * DAY });
    expect(await localDateOf(before.id) < start).toBe(true);
    expect(await localDateOf(after.id) >= start).toBe(true);

    expect(await coverFor(ctx.db, fx.clientId, who.selfId, before.id)).toBeUndefined();
    expect(await coverFor(ctx.db, fx.clientId, who.selfId, after.id)).toMatchObject({ type: 'membership', id: membershipId });
  });

  it('in the basket: a session before the start date is not covered, one after it £0.00', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId, { categoryIds: [fx.classCategoryId] });
    // Within the booking window: a start 3 days on, sessions 1 and 5 days on.
    await joinFrom(who, planId, addDays(today(), 3));
    const priceOf = async (startsInMinutes: number) => {
      const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', startsInMinutes });
      const added = await steps.call('POST', '/api/activities/cart/add', who, {
        items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }],
        selected_user_id: null,
      });
      expect(added.statusCode, added.body).toBe(200);
      const items = added.json().data.items as { cartable_id: number; covered_by: { type: string } | null; price: { raw: number } }[];
      return items.find((item) => item.cartable_id === occurrence.id)!;
    };
    const early = await priceOf(DAY);
    const later = await priceOf(5 * DAY);
    // Not covered: the member price (520; member prices follow the status, docs/memberships.md), not 0.
    expect(early).toMatchObject({ covered_by: null, price: { raw: 520 } });
    expect(later).toMatchObject({ covered_by: { type: 'membership' }, price: { raw: 0 } });
  });

  it('stops covering after its end date', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId, { categoryIds: [fx.classCategoryId] });
    const membershipId = await joinFrom(who, planId, today());
    await ctx.db.updateTable('memberships').set({ ends_on: addDays(today(), 3) }).where('id', '=', membershipId).execute();
    const within = await createOccurrence(ctx.db, fx, { kind: 'class', startsInMinutes: DAY });
    const beyond = await createOccurrence(ctx.db, fx, { kind: 'class', startsInMinutes: 8 * DAY });
    expect(await coverFor(ctx.db, fx.clientId, who.selfId, within.id)).toMatchObject({ id: membershipId });
    expect(await coverFor(ctx.db, fx.clientId, who.selfId, beyond.id)).toBeUndefined();
  });
});

describe('a plan sold at several venues', () => {
  it('covers at the venues the plan is sold at and nowhere else', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId, { categoryIds: [fx.classCategoryId], venues: ['bury-leisure-centre', 'radcliffe-leisure-centre'] });
    await ctx.db.updateTable('membership_plans').set({ home_venue_only: false }).where('id', '=', planId).execute();
    const membershipId = await joinFrom(who, planId, today());
    const at = async (slug: string) => createOccurrence(ctx.db, { ...fx, venueId: await venueId(slug) }, { kind: 'class', startsInMinutes: DAY });

    expect(await coverFor(ctx.db, fx.clientId, who.selfId, (await at('bury-leisure-centre')).id)).toMatchObject({ id: membershipId });
    expect(await coverFor(ctx.db, fx.clientId, who.selfId, (await at('radcliffe-leisure-centre')).id)).toMatchObject({ id: membershipId });
    expect(await coverFor(ctx.db, fx.clientId, who.selfId, (await at('whitefield-sports-centre')).id)).toBeUndefined();
  });

  it('a home-venue-only plan covers only the venue it was bought at', async () => {
    const who = fresh();
    const planId = await createPlan(ctx.db, fx.clientId, { categoryIds: [fx.classCategoryId], venues: ['bury-leisure-centre', 'radcliffe-leisure-centre'] });
    await ctx.db.updateTable('membership_plans').set({ home_venue_only: true }).where('id', '=', planId).execute();
    const membershipId = await joinFrom(who, planId, today());
    const at = async (slug: string) => createOccurrence(ctx.db, { ...fx, venueId: await venueId(slug) }, { kind: 'class', startsInMinutes: DAY });
    expect(await coverFor(ctx.db, fx.clientId, who.selfId, (await at('bury-leisure-centre')).id)).toMatchObject({ id: membershipId });
    expect(await coverFor(ctx.db, fx.clientId, who.selfId, (await at('radcliffe-leisure-centre')).id)).toBeUndefined();
  });
});
