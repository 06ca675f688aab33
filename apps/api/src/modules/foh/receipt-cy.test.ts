import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';

/**
 * Issue 27: the till's receipt in the customer's recorded language. The emailed receipt (the booking
 * confirmation) is written in it, and the pay answer names it (`receipt_language`) for the printed one.
 */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh } = shop;

let staff: TestCustomer;
let sessionId: number;

beforeAll(async () => {
  staff = fresh();
  await ctx.db.updateTable('users').set({ role: 'staff' }).where('id', '=', staff.userId).execute();
  const tills = (await call('GET', '/api/foh/tills?venue=bury-leisure-centre', staff)).json().data;
  sessionId = (await call('POST', `/api/foh/tills/${tills[0].id}/sessions`, staff, { float_pence: 0 })).json().data.id;
});

/** A class held for `language`'s customer, paid in cash at the till with an emailed receipt. */
const payAtTill = async (language: 'en-GB' | 'cy') => {
  const who = fresh();
  await ctx.db.updateTable('users').set({ language }).where('id', '=', who.userId).execute();
  const { cart } = await shop.holdClass(who);
  const paid = await call('POST', '/api/activities/cart/pay', staff, {
    payments: [{ tender_type: 'cash', amount: cart.total }],
    selected_user_id: who.selfId,
    source: 'front-of-house',
    terms: shop.termIds,
    till_session_id: sessionId,
    receipt: 'email',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const mail = await ctx.db.selectFrom('outbox_emails').select(['subject', 'text_body']).where('to_address', '=', who.email).where('kind', '=', 'order-confirmation').executeTakeFirstOrThrow();
  return { data: paid.json().data as { reference: string; receipt_language: string }, mail };
};

describe("the till's receipt", () => {
  it('cy: the emailed receipt is Welsh (the cash tender too) and the answer says cy for the printed one', async () => {
    const { data, mail } = await payAtTill('cy');
    expect(data.receipt_language).toBe('cy');
    expect(mail.subject).toBe(`Archeb wedi’i chadarnhau: ${data.reference}`);
    expect(mail.text_body).toMatch(/Talwyd gyda: Arian parod £\d+\.\d\d/);
    expect(mail.text_body).not.toContain('Paid with');
  });

  it('en-GB: English, as before', async () => {
    const { data, mail } = await payAtTill('en-GB');
    expect(data.receipt_language).toBe('en-GB');
    expect(mail.subject).toBe(`Booking confirmed: ${data.reference}`);
    expect(mail.text_body).toMatch(/Paid with: Cash £\d+\.\d\d/);
  });
});
