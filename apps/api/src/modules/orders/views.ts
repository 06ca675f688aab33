import ical from 'ical-generator';
import type { CheckoutCompleteDto } from '@app/contract/checkout/complete';
import type { OrderDto } from '@app/contract/checkout/order';
import { toMoney } from '@app/contract/rules/money';
import { LATE_CANCELLATION_FEE_PENCE } from '@app/contract/rules/cancellation';
import type { Db } from '../../db/connect.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import type { Caller } from '../account/service.ts';
import { COURSE_TEXTS, orderCourses, type OrderCourse } from '../courses/service.ts';
import { accountUrl, dateInWords } from '../email/service.ts';
import { queueEmail } from '../email/service.ts';
import { orderConfirmationEmail } from './emails/order-confirmation.ts';
import { ORDER_TEXTS } from './emails/texts.ts';
import { checkInUrl } from '../../lib/check-in-token.ts';
import { checkInQrPng } from '../../lib/check-in-qr.ts';
import * as repo from './repository.ts';

/** An order as the customer sees it: the booking-confirmed view, its calendar file, and the confirmation email. */

export const money = (pence: number, symbol: string) => toMoney(pence, symbol).formatted;

/** How a payment line reads to the customer: 'Visa ending 4242', 'Account credit' (or in Welsh). */
export const tenderName = (p: { tender_type: string; card_brand: string | null; card_last_four: string | null }, language: Language = DEFAULT_LANGUAGE) => {
  const t = ORDER_TEXTS[language];
  return p.tender_type === 'card' && p.card_brand && p.card_last_four
    ? t.cardEnding(`${p.card_brand.charAt(0).toUpperCase()}${p.card_brand.slice(1)}`, p.card_last_four)
    : (t.tenders[p.tender_type] ?? p.tender_type);
};

/** The operator's cancellation policy in one line (contract rules/cancellation.ts). */
export const cancellationPolicy = (symbol: string, language: Language = DEFAULT_LANGUAGE) => ORDER_TEXTS[language].cancellationPolicy(money(LATE_CANCELLATION_FEE_PENCE, symbol));

/** The policy line of an order: the session rule, the course rule, or both when the order has both. */
export const orderPolicy = (symbol: string, has: { sessions: boolean; courses: boolean }, language: Language = DEFAULT_LANGUAGE) => {
  const t = ORDER_TEXTS[language];
  if (has.courses && !has.sessions) return t.coursePolicy;
  return has.courses ? t.bothPolicies(cancellationPolicy(symbol, language), t.coursePolicy) : cancellationPolicy(symbol, language);
};

const discountOf = async (db: Db, orderId: number, symbol: string) => {
  const found = await repo.findOrderDiscount(db, orderId);
  return found ? { code: found.code, amount: { raw: found.discount_pence, formatted: money(found.discount_pence, symbol) } } : null;
};

/** Complete's answer for an order. */
export const orderSummary = async (db: Db, clientId: number, orderId: number): Promise<CheckoutCompleteDto> => {
  const order = (await repo.findOrder(db, clientId, { id: orderId }))!;
  const bookings = await repo.findOrderBookings(db, orderId);
  const symbol = (await repo.findClientName(db, clientId)).currency_symbol;
  return { complete_order_id: order.uuid, reference: order.reference, total: order.total_pence, formatted_total: money(order.total_pence, symbol), booking_ids: bookings.map((b) => b.id) };
};

export const orderView = async (db: Db, caller: Caller, completeOrderId: string): Promise<OrderDto> => {
  const order = await repo.findOrder(db, caller.clientId, { uuid: completeOrderId });
  if (!order) throw notFound('order_not_found');
  // Another customer's order exists but is not theirs to see (DESIGN.md §7: ids are checked, 403).
  if (order.account_user_id !== caller.accountUserId) throw forbidden();
  const [bookings, payments, client, courses] = await Promise.all([
    repo.findOrderBookings(db, order.id),
    repo.findOrderPayments(db, order.id),
    repo.findClientName(db, caller.clientId),
    orderCourses(db, order.id),
  ]);
  const symbol = client.currency_symbol;
  const discount = await discountOf(db, order.id, symbol);
  return {
    complete_order_id: order.uuid,
    reference: order.reference,
    status: order.status,
    source: order.source,
    completed_at: new Date(order.created_at as unknown as Date).toISOString(),
    total: order.total_pence,
    formatted_total: money(order.total_pence, symbol),
    bookings: [
      ...bookings.map((b) => ({
        id: b.id,
        name: b.name,
        person: { id: b.membership_user_id, first_name: b.first_name, last_name: b.last_name },
        date: b.local_date,
        starts_at: new Date(b.starts_at).toISOString(),
        ends_at: new Date(b.ends_at).toISOString(),
        starts_at_clock: { format_12_hour: b.starts_12, format_24_hour: b.starts_24 },
        ends_at_clock: { format_12_hour: b.ends_12, format_24_hour: b.ends_24 },
        venue: { slug: b.venue_slug, name: b.venue_name },
        location: b.location_name === null ? null : { name: b.location_name },
        price: { raw: b.price_pence, formatted: money(b.price_pence, symbol) },
        covered_by: b.description,
        status: b.status === 'confirmed' ? ('booked' as const) : ('cancelled' as const),
      })),
      ...courses.map((c) => courseLine(c, symbol)),
    ],
    discount,
    payments: payments.map((p) => ({
      tender_type: p.tender_type,
      amount: p.amount_pence,
      formatted_amount: money(p.amount_pence, symbol),
      card: p.tender_type === 'card' && p.card_brand && p.card_last_four ? { brand: p.card_brand, last_four: p.card_last_four } : null,
    })),
    calendar_url: `/api/checkout/orders/${order.uuid}/calendar.ics`,
  };
};

/**
 * A course place on the confirmation (docs/courses.md): one line named with its number of
 * sessions, dated by its first; its `id` is minus its course claim's id (it is not a booking id).
 */
const courseLine = (c: OrderCourse, symbol: string): OrderDto['bookings'][number] => {
  const first = c.sessions[0]!;
  const last = c.sessions[c.sessions.length - 1]!;
  const clock = (hhmm: string) => ({ format_24_hour: hhmm, format_12_hour: hhmm });
  return {
    id: -c.id,
    name: `${c.name} (${c.sessions.length} sessions, until ${last.date})`,
    person: { id: c.membership_user_id, first_name: c.first_name, last_name: c.last_name },
    date: first.date,
    starts_at: first.starts_at,
    ends_at: first.ends_at,
    starts_at_clock: clock(first.start_time),
    ends_at_clock: clock(first.end_time),
    venue: { slug: c.venue_slug, name: c.venue_name },
    location: null,
    price: { raw: c.price_pence, formatted: money(c.price_pence, symbol) },
    covered_by: null,
    status: c.status === 'confirmed' ? 'booked' : 'cancelled',
  };
};

const calendarOf = (clientName: string, reference: string, bookings: readonly repo.OrderBookingRow[], courses: readonly OrderCourse[], language: Language) => {
  const t = ORDER_TEXTS[language].calendar;
  const calendar = ical({ name: t.name(clientName, reference), prodId: { company: clientName, product: 'Bookings', language: t.language } });
  for (const b of bookings.filter((x) => x.status === 'confirmed')) {
    calendar.createEvent({
      id: `booking-${b.id}@bookings`,
      start: new Date(b.starts_at),
      end: new Date(b.ends_at),
      summary: `${b.name} (${b.first_name} ${b.last_name})`,
      location: [b.location_name, b.venue_name, b.venue_address].filter(Boolean).join(', '),
      description: t.reference(reference),
    });
  }
  // Every session of a course booked is an event of its own.
  for (const c of courses.filter((x) => x.status === 'confirmed')) {
    for (const [i, session] of c.sessions.entries()) {
      calendar.createEvent({
        id: `course-${c.id}-${i + 1}@bookings`,
        start: new Date(session.starts_at),
        end: new Date(session.ends_at),
        summary: `${c.name} (${c.first_name} ${c.last_name})`,
        location: [c.venue_name, c.venue_address].filter(Boolean).join(', '),
        description: t.session(reference, i + 1, c.sessions.length),
      });
    }
  }
  return calendar.toString();
};

/** The order's calendar file, its words in `language` (the request's: the page it is downloaded from). */
export const orderCalendar = async (db: Db, caller: Caller, completeOrderId: string, language: Language = DEFAULT_LANGUAGE) => {
  const order = await repo.findOrder(db, caller.clientId, { uuid: completeOrderId });
  if (!order) throw notFound('order_not_found');
  // Another customer's order exists but is not theirs to see (DESIGN.md §7: ids are checked, 403).
  if (order.account_user_id !== caller.accountUserId) throw forbidden();
  const [bookings, client, courses] = await Promise.all([repo.findOrderBookings(db, order.id), repo.findClientName(db, caller.clientId), orderCourses(db, order.id)]);
  return { filename: `booking-${order.reference}.ics`, body: calendarOf(client.name, order.reference, bookings, courses, language) };
};

/**
 * The confirmation email (emails/order-confirmation.ts), queued in the order's transaction (sent
 * only if the order commits). `publicUrl`: the site's public address, for the My account link.
 */
export const queueConfirmation = async (trx: Db, caller: Caller, orderId: number, publicUrl: string) => {
  const [order, account, client, bookings, courses, payments] = await Promise.all([
    repo.findOrder(trx, caller.clientId, { id: orderId }),
    repo.findAccount(trx, caller.clientId, caller.accountUserId),
    repo.findClientName(trx, caller.clientId),
    repo.findOrderBookings(trx, orderId),
    orderCourses(trx, orderId),
    repo.findOrderPayments(trx, orderId),
  ]);
  if (!order || !account) return;
  // Everything in the account holder's recorded language (users.language; issue 27).
  const language = account.language;
  const t = ORDER_TEXTS[language];
  const symbol = client.currency_symbol;
  const discount = await discountOf(trx, orderId, symbol);
  // Each booking's check-in QR code, an inline PNG the HTML part shows (docs/front-of-house.md "Attendance").
  const qrCodes = await Promise.all(
    bookings.map(async (b, index) => ({ cid: `check-in-${index + 1}@${order.reference}`, png: await checkInQrPng(checkInUrl(publicUrl, b.uuid)) })),
  );
  const items = [
    ...bookings.map((b, index) => ({
      name: b.name,
      person: `${b.first_name} ${b.last_name}`,
      when: `${dateInWords(b.local_date, language)}, ${b.starts_24}–${b.ends_24}`,
      where: [b.location_name, b.venue_name].filter(Boolean).join(', '),
      address: b.venue_address,
      price: b.description ? `${money(b.price_pence, symbol)} (${b.description})` : money(b.price_pence, symbol),
      checkInUrl: checkInUrl(publicUrl, b.uuid),
      qrCid: qrCodes[index]!.cid,
    })),
    ...courses.map((c) => {
      const first = c.sessions[0]!;
      return {
        name: c.name,
        person: `${c.first_name} ${c.last_name}`,
        when: COURSE_TEXTS[language].when(c.sessions.length, dateInWords(first.date, language), `${first.start_time}–${first.end_time}`),
        where: c.venue_name,
        address: c.venue_address,
        price: money(c.price_pence, symbol),
      };
    }),
  ];
  await queueEmail(trx, {
    clientId: caller.clientId,
    kind: 'order-confirmation',
    to: account.email,
    ...orderConfirmationEmail({
      operator: client.name,
      firstName: account.first_name,
      reference: order.reference,
      items,
      discount: discount ? { label: t.discount(discount.code), amount: `−${discount.amount.formatted}` } : null,
      total: money(order.total_pence, symbol),
      paidWith: payments.map((p) => `${tenderName(p, language)} ${money(p.amount_pence, symbol)}`),
      manageUrl: accountUrl(publicUrl, '/bookings'),
      policy: orderPolicy(symbol, { sessions: bookings.length > 0, courses: courses.length > 0 }, language),
      language,
    }),
    attachments: [
      { filename: `booking-${order.reference}.ics`, content: calendarOf(client.name, order.reference, bookings, courses, language), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      ...qrCodes.map((qr, index) => ({ filename: `check-in-${index + 1}.png`, content: qr.png.toString('base64'), encoding: 'base64' as const, contentType: 'image/png', cid: qr.cid })),
    ],
  });
};
