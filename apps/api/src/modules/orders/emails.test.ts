import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CartDto } from '@app/contract/cart/cart';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';
import { TEST_BROWSER, TEST_CARDS as CARDS, tokeniseTestCard } from '../../../test/fixtures/cards.ts';
import { addCredit } from '../credits/service.ts';
import { accountUrl, dateInWords, instantInWords } from '../email/service.ts';

/**
 * Issue 21 "Paying and what happens after": the confirmation (page and email) shows every way the
 * order was paid and its discount; the email has the day in words, the venue's address, the link
 * to manage the booking and the policy; cancelling sends its own email with the credit and expiry.
 */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass, count } = shop;

type Email = { subject: string; html_body: string; text_body: string; to_address: string };
const emailsOf = async (who: TestCustomer, kind: string) =>
  (await sql<Email>`SELECT subject, html_body, text_body, to_address FROM outbox_emails WHERE to_address = ${who.email} AND kind = ${kind} ORDER BY id`.execute(ctx.db)).rows;

const createCode = async (percent: number) => {
  const code = `E${randomBytes(5).toString('hex').toUpperCase()}`;
  await ctx.db
    .insertInto('discount_codes')
    .values({ client_id: shop.fx.clientId, code, description: `Test ${code}`, percent_off: percent, valid_from: new Date(Date.now() - 86_400_000) as never, valid_to: null })
    .execute();
  return code;
};

/** Credit 310p, a discount code, then the card for what is left: one order, three ways to say how it was paid. */
const payWithCreditCodeAndCard = async (who: TestCustomer) => {
  await addCredit(ctx.db, { clientId: shop.fx.clientId, accountUserId: who.userId }, 'general', 310, 'test');
  await holdClass(who);
  const code = await createCode(10);
  expect((await call('POST', '/api/activities/cart/discount', who, { code, selected_user_id: null })).statusCode).toBe(200);
  expect((await call('POST', '/api/credits/apply', who, { credits_to_reserve: [{ amount: 310, type: 'general' }], cart_source: 'activity-booking', selected_user_id: null })).statusCode).toBe(200);
  const cart = (await call('GET', '/api/activities/cart', who)).json().data as CartDto;
  const cardPart = cart.total - 310;
  const discount = cart.discount_total ?? 0;
  expect(cardPart).toBeGreaterThan(0);
  const payments = [
    { tender_type: 'general-credit', amount: 310 },
    { tender_type: 'card', amount: cardPart },
  ];
  const card = await tokeniseTestCard(ctx.app, who, CARDS.ok);
  const authorised = await call('POST', '/api/checkout/authorise', who, {
    payments,
    session_key: card.session_key,
    card_identifier: card.card_identifier,
    card_holder_name: 'Casey Tester',
    source: 'activity-booking',
    terms: shop.termIds,
    completed_waivers: [],
    ...TEST_BROWSER,
  });
  expect(authorised.statusCode).toBe(200);
  const done = await call('POST', '/api/checkout/complete', who, { transaction_uuid: authorised.json().transaction_uuid, payments, source: 'activity-booking', terms: shop.termIds, completed_waivers: [] });
  expect(done.statusCode).toBe(200);
  return { code, cart, cardPart, discount, order: done.json() as { complete_order_id: string; reference: string } };
};

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

describe('the confirmation after credit, a discount code and a card', () => {
  it('the order view lists the discount and every payment (credit and card)', async () => {
    const who = fresh();
    const { code, cardPart, discount, order } = await payWithCreditCodeAndCard(who);
    const view = (await call('GET', `/api/checkout/orders/${order.complete_order_id}`, who)).json().data;
    expect(discount).toBeGreaterThan(0);
    expect(view.discount).toEqual({ code, amount: { raw: discount, formatted: pounds(discount) } });
    expect(view.payments).toEqual([
      { tender_type: 'general-credit', amount: 310, formatted_amount: '£3.10', card: null },
      { tender_type: 'card', amount: cardPart, formatted_amount: pounds(cardPart), card: { brand: 'visa', last_four: '4242' } },
    ]);
    // The account receipt prints the discount line too.
    const receipt = (await call('GET', `/api/dashboard/orders/${order.complete_order_id}`, who)).json().data;
    expect(receipt.discount).toEqual({ code, amount: { raw: discount, formatted: pounds(discount) } });
    expect(receipt.tenders.map((tender: { label: string }) => tender.label).sort()).toEqual(['Account credit', 'Card']);
    // Another customer's order: 403 as before.
    expect((await call('GET', `/api/checkout/orders/${order.complete_order_id}`, shop.bob)).statusCode).toBe(403);
  });

  it('the email: weekday and date in words, venue address, price, discount, how it was paid, manage link, policy; text and HTML', async () => {
    const who = fresh();
    const { code, cart, cardPart, discount, order } = await payWithCreditCodeAndCard(who);
    const view = (await call('GET', `/api/checkout/orders/${order.complete_order_id}`, who)).json().data;
    const venue = await ctx.db.selectFrom('venues').select(['address_line1', 'town', 'postcode']).where('id', '=', shop.fx.venueId).executeTakeFirstOrThrow();
    const [email] = await emailsOf(who, 'order-confirmation');
    expect(email).toBeDefined();
    const day = dateInWords(view.bookings[0].date);
    expect(day).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(day).toContain(String(Number(view.bookings[0].date.slice(8))));
    for (const body of [email!.text_body, email!.html_body]) {
      expect(body).toContain(day);
      expect(body).toContain(venue.address_line1);
      expect(body).toContain(venue.postcode);
      expect(body).toContain(`Discount (${code})`);
      expect(body).toContain(`−${pounds(discount)}`);
      expect(body).toContain(pounds(cart.total));
      expect(body).toContain('Account credit £3.10');
      expect(body).toContain(`Visa ending 4242 ${pounds(cardPart)}`);
      expect(body).toContain('Cancellation policy: cancel at least 4 hours before the start');
      expect(body).toContain('Active North West');
    }
    // The link to My account → Bookings on the account site's host.
    expect(email!.text_body).toMatch(/Manage or cancel your booking in My account > Bookings: http:\/\/my-account\.localhost(:\d+)?\/bookings/);
    expect(email!.html_body).toMatch(/<a href="http:\/\/my-account\.localhost(:\d+)?\/bookings"/);
  });

  it('escapes what a customer typed in the HTML part', async () => {
    const who = fresh();
    await ctx.db.updateTable('users').set({ first_name: '<img src=x onerror=alert(1)>' }).where('id', '=', who.userId).execute();
    await ctx.db.updateTable('membership_users').set({ last_name: 'O\'Brien & <b>Sons</b>' }).where('id', '=', who.selfId).execute();
    await payWithCreditCodeAndCard(who);
    const [email] = await emailsOf(who, 'order-confirmation');
    expect(email!.html_body).not.toContain('<img src=x');
    expect(email!.html_body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email!.html_body).toContain('O&#39;Brien &amp; &lt;b&gt;Sons&lt;/b&gt;');
    expect(email!.text_body).toContain('Hello <img src=x onerror=alert(1)>,');
  });
});

describe('the cancellation email', () => {
  it('says the booking was cancelled, with the credit given and its expiry (dates in words)', async () => {
    const who = fresh();
    const { order } = await payWithCreditCodeAndCard(who);
    const view = (await call('GET', `/api/checkout/orders/${order.complete_order_id}`, who)).json().data;
    const bookingId = view.bookings[0].id as number;
    const price = view.bookings[0].price.raw as number;
    // Another customer cannot cancel it, and no email goes anywhere.
    expect((await call('DELETE', `/api/activities/bookings/${bookingId}?source=bookings`, shop.bob)).statusCode).toBe(403);
    expect(await emailsOf(who, 'booking-cancelled')).toEqual([]);
    const cancelled = await call('DELETE', `/api/activities/bookings/${bookingId}?source=bookings`, who);
    expect(cancelled.statusCode).toBe(200);
    const expiry = instantInWords(new Date(cancelled.json().cancellations[0].credit_expires_at));
    expect(expiry).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/);
    const emails = await emailsOf(who, 'booking-cancelled');
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toBe(`Booking cancelled: Spin Express, ${dateInWords(view.bookings[0].date)}, ${view.bookings[0].starts_at_clock.format_24_hour}`);
    for (const body of [email!.text_body, email!.html_body]) {
      expect(body).toContain(`Credit given: ${pounds(price)}, valid until ${expiry}`);
      expect(body).toContain(`${pounds(price)} has been added to your account credit.`);
      expect(body).toContain('Active North West');
    }
    expect(email!.html_body).toMatch(/<a href="http:\/\/my-account\.localhost(:\d+)?\/bookings"/);
    // A second cancellation is refused (409) and sends nothing more.
    expect((await call('DELETE', `/api/activities/bookings/${bookingId}?source=bookings`, who)).statusCode).toBe(409);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM outbox_emails WHERE to_address = ${who.email} AND kind = 'booking-cancelled'`)).toBe(1);
  });
});

describe('accountUrl', () => {
  it('is my-account.<host> where the host takes sub-domains, the /_/my-account prefix on an IP address', () => {
    expect(accountUrl('http://localhost:3000', '/bookings')).toBe('http://my-account.localhost:3000/bookings');
    expect(accountUrl('https://bookings.example.com', '/bookings')).toBe('https://my-account.example.com/bookings');
    expect(accountUrl('http://127.0.0.1:3000', '/bookings')).toBe('http://127.0.0.1:3000/_/my-account/bookings');
  });
});
