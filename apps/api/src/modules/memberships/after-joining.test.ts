import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { settlementDay } from '@app/contract/rules/join-quote';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { TEST_BROWSER, TEST_CARDS, tokeniseTestCard } from '../../../test/fixtures/cards.ts';
import { BANK, createPlan, joinSteps } from '../../../test/fixtures/memberships.ts';
import { directDebitProviderFor } from '../payments/service.ts';
import { runCollections } from './service.ts';

/** After joining (issue 23): the cooling-off refund, the notice rule, a 12-month term, and a failed collection → arrears → booking blocked → paid → unblocked. */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let next = 0;
const fresh = () => customers[next++]!;
let steps: ReturnType<typeof joinSteps>;
const deps = () => ({ directDebit: directDebitProviderFor('directdebit'), publicUrl: 'http://localhost' });

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 10);
  steps = joinSteps(ctx.app);
});

const cancelUrl = (id: number) => `/api/dashboard/memberships/${id}/cancel`;

describe('cancelling', () => {
  it('within cooling-off: a full refund of the card payment, the mandate cancelled, the membership ended today', async () => {
    const who = fresh();
    const { confirmation, transactionUuid } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const preview = (await steps.call('GET', cancelUrl(confirmation.membership_id), who)).json().data;
    expect(preview).toMatchObject({ allowed: true, kind: 'cooling_off', refund: { raw: confirmation.paid_today.raw } });
    const done = await steps.call('POST', cancelUrl(confirmation.membership_id), who, { confirm: true, ends_on: preview.ends_on.date });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'cancelled', mandate: { status: 'cancelled' } });
    const card = (await sql<{ status: string }>`SELECT status FROM simulator_payments WHERE transaction_uuid = ${transactionUuid}::uuid`.execute(ctx.db)).rows[0]!.status;
    expect(card).toBe('refunded');
  });

  it('after cooling-off: the notice rule with the end date shown first; a 12-month term is refused online with why and how', async () => {
    const [who, bound] = [fresh(), fresh()];
    const free = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const term = await steps.join(bound, await createPlan(ctx.db, fx.clientId, { term: 12 }));
    // The cooling-off period over: as if joined 20 days ago.
    await sql`UPDATE memberships SET cooling_off_ends_on = cooling_off_ends_on - 20 WHERE id IN (${free.confirmation.membership_id}, ${term.confirmation.membership_id})`.execute(ctx.db);
    const preview = (await steps.call('GET', cancelUrl(free.confirmation.membership_id), who)).json().data;
    expect(preview).toMatchObject({ allowed: true, kind: 'notice', refund: null });
    expect(preview.ends_on.date.endsWith(preview.last_collection.date.date.slice(0, 8) + preview.ends_on.date.slice(8))).toBe(true);
    const wrong = await steps.call('POST', cancelUrl(free.confirmation.membership_id), who, { confirm: true, ends_on: preview.last_collection.date.date });
    expect([wrong.statusCode, wrong.json().code]).toEqual([409, 'cancel_changed']);
    const done = await steps.call('POST', cancelUrl(free.confirmation.membership_id), who, { confirm: true, ends_on: preview.ends_on.date });
    expect(done.json().data).toMatchObject({ status: 'active', ends_on: { date: preview.ends_on.date } });
    const refused = (await steps.call('GET', cancelUrl(term.confirmation.membership_id), bound)).json().data;
    expect(refused).toMatchObject({ allowed: false, kind: 'minimum_term' });
    expect(refused.message).toContain('12-month minimum term');
    expect(refused.how_to_cancel).toContain('speak to the team');
    const post = await steps.call('POST', cancelUrl(term.confirmation.membership_id), bound, { confirm: true, ends_on: preview.ends_on.date });
    expect([post.statusCode, post.json().code]).toEqual([409, 'minimum_term']);
  });
});

describe('a failed collection', () => {
  it('puts the membership in arrears, emails the member and blocks booking until it is paid by card', async () => {
    const who = fresh();
    const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId), BANK.firstCollectionFails);
    const first = confirmation.schedule.find((e: { method: string }) => e.method === 'direct_debit').date.date as string;
    // The job on the collection's settlement day (noon UTC): created and settled, and it fails.
    const done = await runCollections(ctx.db, { ...deps(), now: new Date(`${settlementDay(first)}T12:00:00Z`) });
    // Other tests' memberships in this database are collected too (paid); only this one fails.
    expect(done.failed).toBe(1);
    expect(done.created).toBeGreaterThanOrEqual(1);
    const detail = (await steps.call('GET', `/api/dashboard/memberships/${confirmation.membership_id}`, who)).json().data;
    expect(detail).toMatchObject({ status: 'arrears', arrears: { raw: 3000 }, mandate: { status: 'active' } });
    const email = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'membership-arrears'`.execute(ctx.db)).rows[0]!.n;
    expect(email).toBe(1);
    const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5 });
    const add = () => steps.call('POST', '/api/activities/cart/add', who, { items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }], selected_user_id: null });
    const blocked = await add();
    expect([blocked.statusCode, blocked.json().code]).toEqual([400, 'membership_arrears']);
    const card = await steps.call('POST', `/api/dashboard/memberships/${confirmation.membership_id}/arrears/authorise`, who, { amount: 3000, ...(await tokeniseTestCard(ctx.app, who, TEST_CARDS.ok)), card_holder_name: 'Casey Tester', ...TEST_BROWSER });
    expect(card.statusCode, card.body).toBe(200);
    const paid = await steps.call('POST', `/api/dashboard/memberships/${confirmation.membership_id}/arrears/pay`, who, { transaction_uuid: card.json().data.transaction_uuid });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'active', arrears: null });
    expect((await add()).statusCode).toBe(200);
  });
});
