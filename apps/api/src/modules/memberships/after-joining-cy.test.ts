import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { settlementDay } from '@app/contract/rules/join-quote';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { TEST_BROWSER, TEST_CARDS, tokeniseTestCard } from '../../../test/fixtures/cards.ts';
import { BANK, createPlan, joinSteps } from '../../../test/fixtures/memberships.ts';
import { directDebitProviderFor } from '../payments/service.ts';
import { runCollections } from './service.ts';

/**
 * Issue 27: cancelling a membership (the preview and the confirmation) and paying its arrears answer
 * in the page's language (the request's `lang` cookie): the preview's dates and sentences, and the
 * membership each answers with. With lang=en-GB (or none: after-joining.test.ts) they are English.
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

const call = (method: 'GET' | 'POST', url: string, who: TestCustomer, language: 'cy' | 'en-GB', payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: { ...who.auth, cookie: `lang=${language}` }, ...(payload ? { payload } : {}) });
const cancelUrl = (id: number) => `/api/dashboard/memberships/${id}/cancel`;
const WELSH_MONTH = /\d{1,2} (Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}/;
const ENGLISH_MONTH = /\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/;

describe('cancelling in the page’s language', () => {
  it('within cooling-off: the preview and the cancelled membership in Welsh with lang=cy', async () => {
    const who = fresh();
    const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const preview = (await call('GET', cancelUrl(confirmation.membership_id), who, 'cy')).json().data;
    expect(preview).toMatchObject({ allowed: true, kind: 'cooling_off' });
    expect(preview.ends_on.text).toMatch(WELSH_MONTH);
    expect(preview.message).toMatch(/^Rydych o fewn y cyfnod ailfeddwl o 14 diwrnod \(tan /);
    const done = await call('POST', cancelUrl(confirmation.membership_id), who, 'cy', { confirm: true, ends_on: preview.ends_on.date });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toMatch(/^Rydych o fewn y cyfnod ailfeddwl/);
    const data = done.json().data;
    expect(data).toMatchObject({ status: 'cancelled' });
    expect(data.start_date.text).toMatch(WELSH_MONTH);
    expect(data.schedule.map((e: { description: string }) => e.description)).toContain('Ffi ymuno');
    expect(JSON.stringify(data)).not.toMatch(ENGLISH_MONTH);
  });

  it('within cooling-off: English with lang=en-GB', async () => {
    const who = fresh();
    const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const preview = (await call('GET', cancelUrl(confirmation.membership_id), who, 'en-GB')).json().data;
    expect(preview.ends_on.text).toMatch(ENGLISH_MONTH);
    expect(preview.message).toMatch(/^You are within the 14-day cooling-off period \(until /);
    const done = await call('POST', cancelUrl(confirmation.membership_id), who, 'en-GB', { confirm: true, ends_on: preview.ends_on.date });
    expect(done.json().message).toBe(preview.message);
    expect(done.json().data.start_date.text).toMatch(ENGLISH_MONTH);
    expect(done.json().data.schedule.map((e: { description: string }) => e.description)).toContain('Joining fee');
  });

  it('after cooling-off: the notice (its last collection and end date) in Welsh, and another customer is refused', async () => {
    const [who, other] = [fresh(), fresh()];
    const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    // The cooling-off period over: as if joined 20 days ago.
    await sql`UPDATE memberships SET cooling_off_ends_on = cooling_off_ends_on - 20 WHERE id = ${confirmation.membership_id}`.execute(ctx.db);
    const preview = (await call('GET', cancelUrl(confirmation.membership_id), who, 'cy')).json().data;
    expect(preview).toMatchObject({ allowed: true, kind: 'notice' });
    expect(preview.last_collection.date.text).toMatch(WELSH_MONTH);
    expect(preview.ends_on.text).toMatch(WELSH_MONTH);
    expect(preview.message).toMatch(/^Mis o rybudd/);
    const english = (await call('GET', cancelUrl(confirmation.membership_id), who, 'en-GB')).json().data;
    expect(english.last_collection.date.text).toMatch(ENGLISH_MONTH);
    expect(english.message).toMatch(/^One month's notice from your next Direct Debit/);
    expect((await call('GET', cancelUrl(confirmation.membership_id), other, 'cy')).statusCode).toBe(403);
    expect((await call('POST', cancelUrl(confirmation.membership_id), other, 'cy', { confirm: true, ends_on: preview.ends_on.date })).statusCode).toBe(403);
    const done = await call('POST', cancelUrl(confirmation.membership_id), who, 'cy', { confirm: true, ends_on: preview.ends_on.date });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.ends_on.text).toBe(preview.ends_on.text);
  });
});

describe('paying arrears in the page’s language', () => {
  const deps = () => ({ directDebit: directDebitProviderFor('directdebit'), publicUrl: 'http://localhost' });
  const inArrears = async (who: TestCustomer) => {
    const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId), BANK.firstCollectionFails);
    const first = confirmation.schedule.find((e: { method: string }) => e.method === 'direct_debit').date.date as string;
    await runCollections(ctx.db, { ...deps(), now: new Date(`${settlementDay(first)}T12:00:00Z`) });
    return confirmation.membership_id as number;
  };
  const pay = async (who: TestCustomer, membershipId: number, language: 'cy' | 'en-GB') => {
    const card = await call('POST', `/api/dashboard/memberships/${membershipId}/arrears/authorise`, who, language, { amount: 3000, ...(await tokeniseTestCard(ctx.app, who, TEST_CARDS.ok)), card_holder_name: 'Casey Tester', ...TEST_BROWSER });
    expect(card.statusCode, card.body).toBe(200);
    return call('POST', `/api/dashboard/memberships/${membershipId}/arrears/pay`, who, language, { transaction_uuid: card.json().data.transaction_uuid });
  };

  it('the paid-up membership and its message in Welsh with lang=cy, English with lang=en-GB', async () => {
    const [welshWho, englishWho] = [fresh(), fresh()];
    const [welshId, englishId] = [await inArrears(welshWho), await inArrears(englishWho)];
    const welsh = await pay(welshWho, welshId, 'cy');
    expect(welsh.statusCode, welsh.body).toBe(200);
    expect(welsh.json().message).toBe("Mae eich aelodaeth wedi'i thalu. Gallwch archebu eto.");
    expect(welsh.json().data).toMatchObject({ status: 'active', arrears: null });
    expect(welsh.json().data.start_date.text).toMatch(WELSH_MONTH);
    expect(JSON.stringify(welsh.json().data)).not.toMatch(ENGLISH_MONTH);
    const english = await pay(englishWho, englishId, 'en-GB');
    expect(english.json().message).toBe('Your membership is paid up. You can book again.');
    expect(english.json().data.start_date.text).toMatch(ENGLISH_MONTH);
  });
});
