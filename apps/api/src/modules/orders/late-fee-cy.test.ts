import { beforeAll, describe, expect, it } from 'vitest';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { createCustomers, createHoldsFixture, createOccurrence, type HoldsFixture, type TestCustomer } from '../../../test/fixtures/holds.ts';
import { addCredit } from '../credits/service.ts';

/**
 * Issue 27: a late cancellation's email (its fee line) and the fee's receipt email in the account
 * holder's users.language; English for an English account (late-fees.test.ts checks its words).
 */
const ctx = useTestApp();
let fx: HoldsFixture;
let customers: TestCustomer[];
let termIds: number[];
let next = 0;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestCustomer, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  fx = await createHoldsFixture(ctx.db);
  customers = await createCustomers(ctx.db, fx.clientId, 2);
  termIds = (await call('GET', '/api/terms', customers[0]!)).json().data.map((t: { id: number }) => t.id);
});

/** A class two hours ahead booked with credit and cancelled (a £2.00 fee), then the fee paid from credit. */
const oweAndPay = async (language: 'en-GB' | 'cy') => {
  const who = customers[next++]!;
  await ctx.db.updateTable('users').set({ language }).where('id', '=', who.userId).execute();
  const occurrence = await createOccurrence(ctx.db, fx, { kind: 'class', capacity: 5, startsInMinutes: 120 });
  const added = await call('POST', '/api/activities/cart/add', who, {
    items: [{ id: occurrence.id, type: 'purchasableOccurrence', purchased_for_user_id: null, pricing_option_id: fx.classOptions.adult }],
    selected_user_id: null,
  });
  const total = (added.json().data as CartDto).total;
  await addCredit(ctx.db, { clientId: fx.clientId, accountUserId: who.userId }, 'general', total + 200, 'Test credit');
  const done = await call('POST', '/api/checkout/complete', who, { completed_waivers: [], payments: [{ tender_type: 'credit', amount: total, info: {} }], source: 'activity-booking', terms: termIds, selected_user_id: null });
  expect(done.statusCode).toBe(200);
  const cancelled = await call('DELETE', `/api/activities/bookings/${done.json().data.booking_ids[0]}?source=my-account`, who);
  expect(cancelled.json().cancellations[0]).toMatchObject({ outcome: 'fee', amount: 200 });
  const paid = await call('POST', '/api/dashboard/late-cancellation-fees/pay', who, {});
  expect(paid.statusCode).toBe(200);
  const mail = (kind: string) => ctx.db.selectFrom('outbox_emails').select(['subject', 'text_body', 'html_body']).where('to_address', '=', who.email).where('kind', '=', kind).executeTakeFirstOrThrow();
  return { reference: paid.json().data.reference as string, cancelledMail: await mail('booking-cancelled'), receipt: await mail('late-fee-receipt') };
};

describe('a late cancellation and its fee, in the recipient’s language', () => {
  it('cy: the fee line of the cancellation and the receipt in Welsh; no English', async () => {
    const { reference, cancelledMail, receipt } = await oweAndPay('cy');
    expect(cancelledMail.text_body).toContain('Ffi canslo hwyr: £2.00 (talwch hi yn Fy nghyfrif cyn archebu eto)');
    expect(cancelledMail.text_body).not.toContain('Late-cancellation fee');
    expect(receipt.subject).toBe(`Taliad wedi’i dderbyn: ${reference}`);
    for (const body of [receipt.text_body, receipt.html_body]) {
      expect(body).toContain('mae eich ffi canslo hwyr wedi’i thalu a gallwch archebu eto');
      expect(body).toContain('Ffi canslo hwyr: Spin Express');
      expect(body).toContain('Cyfanswm a dalwyd: £2.00 gyda chredyd cyfrif.');
      for (const english of ['Hello', 'Thank you', 'Late-cancellation fee', 'Total paid', 'account credit']) expect(body).not.toContain(english);
    }
  });

  it('en-GB: both in English as before', async () => {
    const { reference, cancelledMail, receipt } = await oweAndPay('en-GB');
    expect(cancelledMail.text_body).toContain('Late-cancellation fee: £2.00 (pay it in My account before booking again)');
    expect(receipt.subject).toBe(`Payment received: ${reference}`);
    expect(receipt.text_body).toContain('Total paid: £2.00 by account credit.');
  });
});
