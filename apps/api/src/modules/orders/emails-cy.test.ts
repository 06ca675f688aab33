import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '../../../test/app.ts';
import { useCheckoutShop } from '../../../test/fixtures/checkout.ts';
import type { TestCustomer } from '../../../test/fixtures/holds.ts';
import { dateInWords } from '../email/service.ts';

/**
 * Issue 27: the orders family's emails (the booking confirmation, also the till's emailed receipt,
 * and the cancellation) and the calendar file in Welsh for a customer whose recorded language is
 * 'cy' (users.language), in English for everyone else (emails.test.ts checks the English words).
 */

const ctx = useTestApp();
const shop = useCheckoutShop(ctx);
const { call, fresh, holdClass } = shop;

type Email = { subject: string; html_body: string; text_body: string; attachments: { filename: string; content: string }[] };
const emailsOf = async (who: TestCustomer, kind: string) =>
  (await sql<Email>`SELECT subject, html_body, text_body, attachments FROM outbox_emails WHERE to_address = ${who.email} AND kind = ${kind} ORDER BY id`.execute(ctx.db)).rows;

const speaking = async (who: TestCustomer, language: 'en-GB' | 'cy') => {
  await ctx.db.updateTable('users').set({ language }).where('id', '=', who.userId).execute();
  return who;
};

/** One class booked and paid by card: the order and its first booking. */
const bookAndPay = async (who: TestCustomer) => {
  const { cart } = await holdClass(who);
  const authorised = await shop.authorise(who, cart.total);
  expect(authorised.statusCode).toBe(200);
  const done = await shop.completeCard(who, authorised.json().transaction_uuid, cart.total);
  expect(done.statusCode).toBe(200);
  const order = done.json() as { complete_order_id: string; reference: string };
  const view = (await call('GET', `/api/checkout/orders/${order.complete_order_id}`, who)).json().data;
  return { order, booking: view.bookings[0] as { id: number; date: string; starts_at_clock: { format_24_hour: string } } };
};

describe('the booking confirmation in the recipient’s language', () => {
  it('cy: Welsh subject, words and dates in both parts, <html lang="cy">, and a Welsh calendar attachment; no English left', async () => {
    const who = await speaking(fresh(), 'cy');
    const { order, booking } = await bookAndPay(who);
    const [email] = await emailsOf(who, 'order-confirmation');
    expect(email!.subject).toBe(`Archeb wedi’i chadarnhau: ${order.reference}`);
    const day = dateInWords(booking.date, 'cy');
    expect(day).toMatch(/^Dydd (Llun|Mawrth|Mercher|Iau|Gwener|Sadwrn|Sul) \d{1,2} (Ionawr|Chwefror|Mawrth|Ebrill|Mai|Mehefin|Gorffennaf|Awst|Medi|Hydref|Tachwedd|Rhagfyr) \d{4}$/);
    for (const body of [email!.text_body, email!.html_body]) {
      expect(body).toContain(`Diolch am archebu gyda Active North West.`);
      expect(body).toContain(day);
      expect(body).toContain('Cyfanswm a dalwyd');
      expect(body).toContain('Visa yn gorffen â 4242');
      expect(body).toContain('Polisi canslo: canslwch o leiaf 4 awr cyn y dechrau');
      expect(body).toContain('Cofrestru');
      for (const english of ['Booking confirmed', 'Hello', 'Thank you', 'Total paid', 'Paid with', 'Cancellation policy', 'Check in', 'ending 4242', dateInWords(booking.date)]) expect(body).not.toContain(english);
    }
    expect(email!.text_body).toContain('Rheoli neu ganslo eich archeb yn Fy nghyfrif > Archebion: http://my-account.localhost');
    expect(email!.html_body).toContain('<html lang="cy">');
    expect(email!.html_body).toContain('alt="Cod QR i gofrestru: ');
    const calendar = email!.attachments.find((a) => a.filename.endsWith('.ics'))!.content;
    expect(calendar).toContain(`DESCRIPTION:Cyfeirnod archeb ${order.reference}`);
    expect(calendar).toContain(`X-WR-CALNAME:Archebion Active North West ${order.reference}`);
    expect(calendar).not.toContain('Booking reference');
  });

  it('en-GB: the English email as before (subject, words, <html lang="en-GB">, calendar)', async () => {
    const who = await speaking(fresh(), 'en-GB');
    const { order, booking } = await bookAndPay(who);
    const [email] = await emailsOf(who, 'order-confirmation');
    expect(email!.subject).toBe(`Booking confirmed: ${order.reference}`);
    expect(email!.text_body).toContain(`Thank you for booking with Active North West. Your reference is ${order.reference}.`);
    expect(email!.text_body).toContain(dateInWords(booking.date));
    expect(email!.html_body).toContain('<html lang="en-GB">');
    expect(email!.html_body).not.toContain('Diolch');
    expect(email!.attachments.find((a) => a.filename.endsWith('.ics'))!.content).toContain(`DESCRIPTION:Booking reference ${order.reference}`);
  });
});

describe('the calendar download in the page’s language', () => {
  it('is Welsh with the lang=cy cookie and English without it; another customer’s order is still refused', async () => {
    const who = fresh();
    const { order } = await bookAndPay(who);
    const url = `/api/checkout/orders/${order.complete_order_id}/calendar.ics`;
    const welsh = await call('GET', url, who, undefined, { cookie: 'lang=cy' });
    expect(welsh.statusCode).toBe(200);
    expect(welsh.body).toContain(`Cyfeirnod archeb ${order.reference}`);
    expect(welsh.body).not.toContain('Booking reference');
    const english = await call('GET', url, who);
    expect(english.body).toContain(`Booking reference ${order.reference}`);
    expect((await call('GET', url, shop.bob, undefined, { cookie: 'lang=cy' })).statusCode).toBe(403);
  });
});

describe('the cancellation email in the recipient’s language', () => {
  it('cy: Welsh subject, lines, credit and expiry date; en-GB: English', async () => {
    for (const language of ['cy', 'en-GB'] as const) {
      const who = await speaking(fresh(), language);
      const { booking } = await bookAndPay(who);
      expect((await call('DELETE', `/api/activities/bookings/${booking.id}?source=bookings`, who)).statusCode).toBe(200);
      const [email] = await emailsOf(who, 'booking-cancelled');
      const when = `${dateInWords(booking.date, language)}, ${booking.starts_at_clock.format_24_hour}`;
      if (language === 'cy') {
        expect(email!.subject).toBe(`Archeb wedi’i chanslo: Spin Express, ${when}`);
        for (const body of [email!.text_body, email!.html_body]) {
          expect(body).toContain('Mae eich archeb wedi’i chanslo.');
          expect(body).toMatch(/Credyd a roddwyd: £\d+\.\d\d, yn ddilys tan ddydd \S+ \d{1,2} \S+ \d{4}/);
          expect(body).toContain('wedi’i ychwanegu at gredyd eich cyfrif');
          for (const english of ['Booking cancelled', 'Hello', 'Credit given', 'valid until', 'My account']) expect(body).not.toContain(english);
        }
        expect(email!.html_body).toContain('<html lang="cy">');
      } else {
        expect(email!.subject).toBe(`Booking cancelled: Spin Express, ${when}`);
        expect(email!.text_body).toContain('Your booking has been cancelled.');
        expect(email!.text_body).not.toContain('Archeb');
      }
    }
  });
});
