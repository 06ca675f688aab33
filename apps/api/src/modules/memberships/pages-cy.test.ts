import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { createPlan, joinSteps } from '../../../test/fixtures/memberships.ts';

/**
 * Issue 27: the membership pages' words from the API follow the page's language (the request's
 * `lang` cookie): the join confirmation's start date, schedule and agreement, and My account's
 * agreement. Without the cookie (or with en-GB) they are the English as before.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let steps: ReturnType<typeof joinSteps>;

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 2);
  steps = joinSteps(ctx.app);
});

const get = (url: string, who: TestCustomer, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: { ...who.auth, ...(cookie ? { cookie } : {}) } });
const WELSH_MONTH = /(Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}/;

describe('the membership pages in the page’s language', () => {
  it('the join confirmation: Welsh with lang=cy (schedule, start date, agreement), English without', async () => {
    const who = customers[0]!;
    const { joinId } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const url = `/api/online-joining/joins/${joinId}/confirmation`;
    const welsh = (await get(url, who, 'lang=cy')).json().data;
    expect(welsh.start_date.text).toMatch(WELSH_MONTH);
    expect(welsh.schedule[0]).toMatchObject({ description: 'Ffi ymuno', method: 'card' });
    expect(welsh.schedule.find((e: { method: string }) => e.method === 'direct_debit').description).toMatch(/^Debyd Uniongyrchol ar gyfer /);
    expect(welsh.agreement.title).toMatch(/^Cytundeb aelodaeth: /);
    expect(welsh.agreement.sections.map((s: { heading: string }) => s.heading)).toEqual(['Eich aelodaeth', 'Taliadau', 'Isafswm cyfnod a rhybudd', 'Eich hawl i ganslo', 'Gwarant Debyd Uniongyrchol']);
    expect(JSON.stringify(welsh.schedule) + JSON.stringify(welsh.agreement)).not.toMatch(/Joining fee|Direct Debit for| to |Guarantee/);

    const english = (await get(url, who)).json().data;
    expect(english.schedule[0]).toMatchObject({ description: 'Joining fee' });
    expect(english.agreement.sections.map((s: { heading: string }) => s.heading)).toContain('The Direct Debit Guarantee');
  });

  it('My account’s agreement: Welsh with lang=cy, English with lang=en-GB; still refused for another customer', async () => {
    const [who, other] = customers as [TestCustomer, TestCustomer];
    const { confirmation } = await steps.join(other, await createPlan(ctx.db, fx.clientId));
    const url = `/api/dashboard/memberships/${confirmation.membership_id}/agreement`;
    const welsh = (await get(url, other, 'lang=cy')).json().data;
    expect(welsh.title).toBe(`Cytundeb aelodaeth: ${confirmation.plan.name} (${confirmation.membership_number})`);
    expect(welsh.sections[0].paragraphs[0]).toMatch(/^Mae Casey\S* Tester yn ymuno â Test plan /);
    expect((await get(url, other, 'lang=en-GB')).json().data.title).toBe(`Membership agreement: ${confirmation.plan.name} (${confirmation.membership_number})`);
    expect((await get(url, who, 'lang=cy')).statusCode).toBe(403);
  });

  it('My account’s membership: its dates and schedule in Welsh with lang=cy, English without', async () => {
    const who = customers[1]!;
    const { confirmation } = await steps.join(who, await createPlan(ctx.db, fx.clientId));
    const url = `/api/dashboard/memberships/${confirmation.membership_id}`;
    const welsh = (await get(url, who, 'lang=cy')).json().data;
    expect(welsh.start_date.text).toMatch(WELSH_MONTH);
    expect(welsh.cooling_off_ends_on.text).toMatch(WELSH_MONTH);
    expect(welsh.schedule.map((e: { description: string }) => e.description)).toContain('Ffi ymuno');
    const english = (await get(url, who)).json().data;
    expect(english.schedule.map((e: { description: string }) => e.description)).toContain('Joining fee');
    expect(english.start_date.text).not.toMatch(WELSH_MONTH);
  });
});
