import { beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { addCredit } from '../credits/service.ts';

/**
 * Issue 27: a manager's change (instructor, room) and cancellation of a session email each booked
 * account in its users.language: Welsh to a Welsh account, English (as manage.test.ts checks) to the other.
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let manager: TestCustomer;
let termIds: number[];
let next = 1;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestCustomer, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

const book = async (who: TestCustomer, occurrenceId: number) => {
  const added = await call('POST', '/api/activities/cart/add', who, {
    items: [{ id: occurrenceId, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }],
    selected_user_id: null,
  });
  expect(added.statusCode).toBe(200);
  const cart = (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
  await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', cart.total, 'Test credit');
  const done = await call('POST', '/api/checkout/complete', who, { completed_waivers: [], payments: [{ tender_type: 'credit', amount: cart.total, info: {} }], source: 'activity-booking', terms: termIds, selected_user_id: null });
  expect(done.statusCode).toBe(200);
};

/** A Welsh and an English account, each booked on a new class. */
const bookedPair = async () => {
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 6 });
  const [welsh, english] = [customers[next++]!, customers[next++]!];
  await ctx.db.updateTable('users').set({ language: 'cy' }).where('id', '=', welsh.userId).execute();
  await book(welsh, occurrence.id);
  await book(english, occurrence.id);
  return { occurrence, welsh, english };
};

const mailTo = (who: TestCustomer, kind: string) =>
  ctx.db.selectFrom('outbox_emails').select(['subject', 'text_body', 'html_body']).where('to_address', '=', who.email).where('kind', '=', kind).executeTakeFirstOrThrow();

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 8);
  manager = customers[0]!;
  await ctx.db.updateTable('users').set({ role: 'staff', operator_role: 'manager' }).where('id', '=', manager.userId).execute();
  termIds = (await call('GET', '/api/terms', customers[1]!)).json().data.map((t: { id: number }) => t.id);
});

describe('a change of instructor and room', () => {
  it('cy: Welsh subject, lines (names kept, "none" and "the venue" in Welsh) and links; en-GB: English', async () => {
    const { occurrence, welsh, english } = await bookedPair();
    const instructor = await ctx.db.insertInto('instructors').values({ client_id: fx.clientId, name: 'Jo Rivers' }).returning('id').executeTakeFirstOrThrow();
    const changed = await call('PUT', `/api/manage/occurrences/${occurrence.id}/staffing`, manager, { instructor_id: instructor.id, location_id: fx.courtIds[1]!, reason: 'Salwch' });
    expect(changed.statusCode).toBe(200);
    const cy = await mailTo(welsh, 'occurrence-changed');
    expect(cy.subject).toMatch(/^Newid i’ch archeb: Spin Express, Dydd \S+ \d{1,2} \S+ \d{4}, \d\d:\d\d$/);
    for (const body of [cy.text_body, cy.html_body]) {
      expect(body).toMatch(/Mae newid i Spin Express ar ddydd \S+ \d{1,2} \S+ \d{4}, \d\d:\d\d yn /);
      expect(body).toContain('nawr Jo Rivers (yn lle dim)');
      expect(body).toContain('nawr Court 2 (yn lle y ganolfan)');
      expect(body).toContain('Salwch');
      expect(body).toContain('Mae eich archeb yn dal yn ddilys.');
      for (const english of ['Change to your booking', 'Hello', 'Instructor', 'Room', 'Booked for', 'My account']) expect(body).not.toContain(english);
    }
    expect(cy.text_body).toContain('Hyfforddwr: nawr Jo Rivers (yn lle dim)');
    expect(cy.html_body).toContain('<html lang="cy">');
    const en = await mailTo(english, 'occurrence-changed');
    expect(en.subject).toMatch(/^Change to your booking: Spin Express, [A-Z][a-z]+day /);
    expect(en.text_body).toContain('Instructor: now Jo Rivers (was none)');
    expect(en.text_body).toContain('Room: now Court 2 (was the venue)');
  });
});

describe('a session cancelled by the venue', () => {
  it('cy: the cancellation email in Welsh with the manager’s reason; en-GB: English', async () => {
    const { occurrence, welsh, english } = await bookedPair();
    expect((await call('POST', `/api/manage/occurrences/${occurrence.id}/cancel`, manager, { reason: 'Neuadd dan ddŵr' })).statusCode).toBe(200);
    const cy = await mailTo(welsh, 'booking-cancelled');
    expect(cy.subject).toMatch(/^Archeb wedi’i chanslo: Spin Express, Dydd /);
    expect(cy.text_body).toMatch(/Mae \S.* wedi canslo’r sesiwn hon: Neuadd dan ddŵr\. Credyd a roddwyd: £\d+\.\d\d, yn ddilys tan ddydd /);
    expect(cy.text_body).not.toContain('cancelled this session');
    const en = await mailTo(english, 'booking-cancelled');
    expect(en.text_body).toContain('cancelled this session: Neuadd dan ddŵr. Credit given:');
  });
});
