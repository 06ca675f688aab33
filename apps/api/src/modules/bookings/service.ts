import type { BookingDto, CancellationPolicy } from '@app/contract/bookings/booking';
import type { LateFeeDto } from '@app/contract/bookings/late-fees';
import { CANCELLATION_CREDIT_HOURS, CANCELLATION_CREDIT_VALID_MONTHS, addMonths, cancellationOutcome } from '@app/contract/rules/cancellation';
import { DEFAULT_CURRENCY_SYMBOL, toMoney } from '@app/contract/rules/money';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordAccountChange, type Caller, type RequestOrigin } from '../account/service.ts';
import * as credits from '../credits/service.ts';
import { accountUrl, afterPreposition, dateInWords, instantInWords } from '../email/service.ts';
import { queueEmail } from '../email/service.ts';
import { bookingCancelledEmail, type CancelledItem } from './emails/booking-cancelled.ts';
import { CANCELLED_TEXTS } from './emails/texts.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import * as repo from './repository.ts';

/** The cancellation email's words by language (a course's cancellation writes its line with them too). */
export { CANCELLED_TEXTS } from './emails/texts.ts';

/**
 * The account's bookings and cancellation with the operator's policy (docs/account-bookings.md):
 * at least CANCELLATION_CREDIT_HOURS before the start the price paid comes back as general credit
 * valid for 12 months; later a late-cancellation fee is recorded, and the basket refuses new
 * bookings until it is paid; once started, no cancellation.
 */

const iso = (value: Date | string) => new Date(value).toISOString();
const money = (pence: number, symbol: string) => toMoney(pence, symbol).formatted;
const symbolOf = async (db: Db, clientId: number) => (await repo.findCurrencySymbol(db, clientId)) ?? DEFAULT_CURRENCY_SYMBOL;

const policyOf = (row: repo.BookingRow, symbol: string, now: Date): CancellationPolicy | null => {
  if (row.status !== 'confirmed') return null;
  const startsAt = new Date(row.starts_at);
  const outcome = cancellationOutcome(startsAt, row.price_pence, now);
  if (outcome.kind === 'started') return null;
  return {
    outcome: outcome.kind,
    amount: outcome.amount,
    formatted_amount: money(outcome.amount, symbol),
    credit_expires_at: outcome.kind === 'credit' ? outcome.expiresAt.toISOString() : null,
    credit_until: new Date(startsAt.getTime() - CANCELLATION_CREDIT_HOURS * 3_600_000).toISOString(),
  };
};

const cancelledWith = (row: repo.BookingRow, symbol: string): NonNullable<BookingDto['cancelled_with']> => {
  if (row.fee_amount !== null) {
    return { outcome: 'fee', amount: row.fee_amount, formatted_amount: money(row.fee_amount, symbol), credit_expires_at: null, fee_paid: row.fee_status === 'paid' };
  }
  const amount = row.refund_amount ?? 0;
  return {
    outcome: row.refund_amount === null ? 'none' : 'credit',
    amount,
    formatted_amount: money(amount, symbol),
    credit_expires_at: row.refund_expires_at === null ? null : iso(row.refund_expires_at),
    fee_paid: null,
  };
};

const toDto = (row: repo.BookingRow, symbol: string, now: Date): BookingDto => {
  const cancellation = policyOf(row, symbol, now);
  return {
    id: row.id,
    uuid: row.uuid,
    status: row.status === 'confirmed' ? 'booked' : 'cancelled',
    reference: row.reference,
    complete_order_id: row.complete_order_id,
    activity_id: row.activity_id,
    activity_name: row.activity_name,
    occurrence_id: row.occurrence_id,
    venue: { id: row.venue_id, slug: row.venue_slug, name: row.venue_name },
    date: row.local_date,
    time: row.local_time,
    end_time: row.local_end_time,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    person: { id: row.person_id, first_name: row.person_first_name, last_name: row.person_last_name, relationship: row.person_relationship },
    price: { raw: row.price_pence, formatted: money(row.price_pence, symbol) },
    // The live product's item[]: the place booked; a class without a court or studio is at the venue.
    item: [{ id: row.occurrence_id, name: row.activity_name, location: { id: row.location_id, name: row.location_name ?? row.venue_name } }],
    cancellable: cancellation !== null,
    cancellation,
    cancelled_at: row.cancelled_at === null ? null : iso(row.cancelled_at),
    cancelled_with: row.status === 'confirmed' ? null : cancelledWith(row, symbol),
    cancellation_source: row.cancellation_source,
  };
};

/** GET my-account/bookings: one page of the account's future or past bookings. */
export const listBookings = async (db: Db, caller: Caller, query: { filter: 'future' | 'past'; page: number; per_page: number }) => {
  const [{ rows, total }, symbol] = await Promise.all([
    repo.listBookings(db, caller.clientId, caller.accountUserId, query.filter, query.per_page, (query.page - 1) * query.per_page),
    symbolOf(db, caller.clientId),
  ]);
  const now = new Date();
  return {
    data: rows.map((row) => toDto(row, symbol, now)),
    meta: { current_page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) },
  };
};

export const ALREADY_CANCELLED_MESSAGE = 'This booking has already been cancelled.';
export const STARTED_MESSAGE = 'This session has already started, so the booking can no longer be cancelled.';

/**
 * Cancels bookings of the caller, all or none, in one transaction: each booking cancelled, its
 * place released (the 0009 trigger tells live timetables, the 0010 trigger queues the waitlist's
 * promotion), the credit given back or the fee recorded, and an audit row. Another customer's
 * booking → 403, unknown → 404, already cancelled → 409, started → 400; checked before anything is
 * written and again under the bookings' row locks, so two cancellations at once credit once.
 */
export const cancelBookings = async (db: Db, caller: Caller, ids: readonly number[], source: string, origin: RequestOrigin, publicUrl = 'http://localhost') => {
  const unique = [...new Set(ids)];
  const check = (rows: repo.BookingRow[], now: Date) => {
    if (rows.length !== unique.length) throw notFound('booking_not_found', 'Unable to complete request, item not found.');
    if (rows.some((row) => row.account_user_id !== caller.accountUserId)) throw forbidden();
    if (rows.some((row) => row.status === 'cancelled')) throw conflict('booking_already_cancelled', ALREADY_CANCELLED_MESSAGE);
    if (rows.some((row) => new Date(row.starts_at).getTime() <= now.getTime())) throw badRequest('booking_started', STARTED_MESSAGE);
  };
  check(await repo.findBookings(db, caller.clientId, unique), new Date());
  const symbol = await symbolOf(db, caller.clientId);
  const cancellations = await inTransaction(db, async (trx) => {
    await repo.lockBookings(trx, unique);
    const rows = await repo.findBookings(trx, caller.clientId, unique);
    const now = new Date();
    check(rows, now);
    const done = [];
    for (const row of rows) {
      const outcome = cancellationOutcome(new Date(row.starts_at), row.price_pence, now);
      if (outcome.kind === 'started') throw badRequest('booking_started', STARTED_MESSAGE);
      await repo.markCancelled(trx, row.id, source);
      await repo.releaseClaim(trx, row.claim_id);
      const label = `${row.activity_name}, ${row.local_date} ${row.local_time}`;
      if (outcome.kind === 'credit' && outcome.amount > 0) {
        await credits.refundBooking(trx, caller, row.id, outcome.amount, outcome.expiresAt, `Cancelled: ${label}`);
      }
      if (outcome.kind === 'fee') await repo.insertFee(trx, { clientId: caller.clientId, accountUserId: caller.accountUserId, bookingId: row.id, amount: outcome.amount });
      await recordAccountChange(trx, {
        clientId: caller.clientId,
        userId: caller.accountUserId,
        actorUserId: caller.accountUserId,
        action: 'booking_cancelled',
        detail: { booking_id: row.id, source, outcome: outcome.kind, amount: outcome.amount, starts_at: iso(row.starts_at) },
        origin,
      });
      done.push({
        booking_id: row.id,
        outcome: outcome.kind,
        amount: outcome.amount,
        formatted_amount: money(outcome.amount, symbol),
        credit_expires_at: outcome.kind === 'credit' ? outcome.expiresAt.toISOString() : null,
      });
    }
    await queueCancelledEmail(trx, caller, rows, done, symbol, publicUrl);
    return done;
  });
  const now = new Date();
  const data = (await repo.findBookings(db, caller.clientId, unique)).map((row) => toDto(row, symbol, now));
  return { data, cancellations, message: cancellationMessage(cancellations, symbol) };
};

/**
 * The operator cancelled the occurrence (docs/operator-tools.md), inside the manager's transaction
 * that set its cancelled_at: every confirmed booking of it cancelled (source 'operator'), its place
 * released, the whole price paid back as general credit whatever the time to the start (no fee:
 * the venue cancelled), an audit row naming the manager, and one email per account with the reason.
 */
export const cancelForOccurrence = async (
  trx: Db,
  input: { clientId: number; occurrenceId: number; actorUserId: number; reason: string; origin: RequestOrigin; publicUrl: string },
) => {
  const rows = await repo.lockConfirmedOfOccurrence(trx, input.clientId, input.occurrenceId);
  const symbol = await symbolOf(trx, input.clientId);
  const now = new Date();
  const expiresAt = addMonths(now, CANCELLATION_CREDIT_VALID_MONTHS);
  // Each line is written in the account holder's language once it is known (queueCancellationEmail).
  const byAccount = new Map<number, { items: ((language: Language) => CancelledItem)[]; credit: number }>();
  for (const row of rows) {
    const caller = { clientId: input.clientId, accountUserId: row.account_user_id };
    await repo.markCancelled(trx, row.id, 'operator');
    await repo.releaseClaim(trx, row.claim_id);
    if (row.price_pence > 0) await credits.refundBooking(trx, caller, row.id, row.price_pence, expiresAt, `Cancelled by the venue: ${row.activity_name}, ${row.local_date} ${row.local_time}`);
    await recordAccountChange(trx, {
      clientId: input.clientId,
      userId: row.account_user_id,
      actorUserId: input.actorUserId,
      action: 'booking_cancelled',
      detail: { booking_id: row.id, source: 'operator', outcome: 'credit', amount: row.price_pence, starts_at: iso(row.starts_at) },
      origin: input.origin,
    });
    const account = byAccount.get(row.account_user_id) ?? { items: [], credit: 0 };
    account.items.push((language) => {
      const paidBack = row.price_pence > 0 ? creditOutcome(row.price_pence, expiresAt, symbol, language) : CANCELLED_TEXTS[language].nothingPaid;
      return {
        name: row.activity_name,
        person: `${row.person_first_name} ${row.person_last_name}`,
        when: `${dateInWords(row.local_date, language)}, ${row.local_time}`,
        where: [row.location_name, row.venue_name].filter(Boolean).join(', '),
        outcome: CANCELLED_TEXTS[language].byVenue(row.venue_name, input.reason, paidBack),
      };
    });
    account.credit += row.price_pence;
    byAccount.set(row.account_user_id, account);
  }
  for (const [accountUserId, account] of byAccount) {
    await queueCancellationEmail(trx, { clientId: input.clientId, accountUserId }, (language) => account.items.map((item) => item(language)), account.credit, symbol, input.publicUrl);
  }
  return { bookings: rows.length, accounts: byAccount.size, credit_pence: rows.reduce((sum, row) => sum + row.price_pence, 0) };
};

/** The cancellation email (emails/booking-cancelled.ts), in the cancellation's transaction: sent only if it commits. */
const queueCancelledEmail = async (
  trx: Db,
  caller: Caller,
  rows: readonly repo.BookingRow[],
  done: readonly { booking_id: number; outcome: 'credit' | 'fee'; amount: number; credit_expires_at: string | null }[],
  symbol: string,
  publicUrl: string,
) => {
  const items = (language: Language) =>
    rows.map((row) => {
      const t = CANCELLED_TEXTS[language];
      const result = done.find((d) => d.booking_id === row.id)!;
      let outcome = t.nothingPaid;
      if (result.outcome === 'fee') outcome = t.fee(money(result.amount, symbol));
      else if (result.amount > 0) outcome = creditOutcome(result.amount, new Date(result.credit_expires_at!), symbol, language);
      return {
        name: row.activity_name,
        person: `${row.person_first_name} ${row.person_last_name}`,
        when: `${dateInWords(row.local_date, language)}, ${row.local_time}`,
        where: [row.location_name, row.venue_name].filter(Boolean).join(', '),
        outcome,
      };
    });
  const credit = done.filter((d) => d.outcome === 'credit').reduce((sum, d) => sum + d.amount, 0);
  await queueCancellationEmail(trx, caller, items, credit, symbol, publicUrl);
};

/** One cancelled booking's line in the email when it was paid back as credit. */
export const creditOutcome = (pence: number, expiresAt: Date, symbol: string, language: Language = DEFAULT_LANGUAGE) =>
  CANCELLED_TEXTS[language].credit(money(pence, symbol), afterPreposition(instantInWords(expiresAt, undefined, language), language));

/**
 * Queues the 'booking-cancelled' email to the account holder for what was cancelled (sessions
 * here, a course by courses/service.ts), inside the caller's transaction: sent only if it commits.
 * `items` writes the lines in the account holder's recorded language (issue 27), read with their address.
 */
export const queueCancellationEmail = async (
  trx: Db,
  caller: Caller,
  items: (language: Language) => readonly CancelledItem[],
  creditPence: number,
  symbol: string,
  publicUrl: string,
) => {
  const to = await repo.findMailTo(trx, caller.clientId, caller.accountUserId);
  if (!to) return;
  const lines = items(to.language);
  if (lines.length === 0) return;
  await queueEmail(trx, {
    clientId: caller.clientId,
    kind: 'booking-cancelled',
    to: to.email,
    ...bookingCancelledEmail({
      operator: to.operator,
      firstName: to.first_name,
      items: lines,
      totalCredit: creditPence > 0 ? money(creditPence, symbol) : null,
      creditUrl: accountUrl(publicUrl, '/bookings'),
      language: to.language,
    }),
  });
};

/** The toast after a cancellation: what came back, or what it cost. */
const cancellationMessage = (done: readonly { outcome: 'credit' | 'fee'; amount: number }[], symbol: string) => {
  const credit = done.filter((d) => d.outcome === 'credit').reduce((sum, d) => sum + d.amount, 0);
  const fees = done.filter((d) => d.outcome === 'fee').reduce((sum, d) => sum + d.amount, 0);
  const parts = [done.length === 1 ? 'Booking cancelled.' : `${done.length} bookings cancelled.`];
  if (credit > 0) parts.push(`${money(credit, symbol)} has been added to your account credit.`);
  if (fees > 0) parts.push(`A late-cancellation fee of ${money(fees, symbol)} has been recorded.`);
  return parts.join(' ');
};

/* ---- Late-cancellation fees ---- */

const feeDto = (row: repo.FeeRow, symbol: string): LateFeeDto => ({
  id: row.id,
  booking_id: row.booking_id,
  activity_name: row.activity_name,
  venue_name: row.venue_name,
  date: row.local_date,
  time: row.local_time,
  amount: row.amount_pence,
  formatted_amount: money(row.amount_pence, symbol),
  created_at: iso(row.created_at),
});

export const listUnpaidFees = async (db: Db, caller: Caller) => {
  const [rows, symbol] = await Promise.all([repo.findUnpaidFees(db, caller.clientId, caller.accountUserId), symbolOf(db, caller.clientId)]);
  const total = rows.reduce((sum, row) => sum + row.amount_pence, 0);
  return { data: rows.map((row) => feeDto(row, symbol)), total, formatted_total: money(total, symbol) };
};

/** Whether the account has a fee to pay (the auth user's `has_outstanding_penalties`). */
export const hasUnpaidFees = async (db: Db, caller: Caller) => (await repo.unpaidFeesTotal(db, caller.clientId, caller.accountUserId)) > 0;

/** The basket's add: 400 naming the fee while one is unpaid. */
export const assertNoUnpaidFees = async (db: Db, caller: Caller) => {
  const total = await repo.unpaidFeesTotal(db, caller.clientId, caller.accountUserId);
  if (total > 0) {
    const amount = money(total, await symbolOf(db, caller.clientId));
    throw badRequest('late_fee_unpaid', `You have an unpaid late-cancellation fee of ${amount}. Please pay it from your account dashboard before booking again.`);
  }
  // A failed membership Direct Debit blocks booking the same way (docs/memberships.md "Arrears").
  const arrears = await repo.membershipArrearsTotal(db, caller.clientId, caller.accountUserId);
  if (arrears > 0) {
    const amount = money(arrears, await symbolOf(db, caller.clientId));
    throw badRequest('membership_arrears', `Your membership Direct Debit of ${amount} was not paid. Please pay it by card from My account → Memberships before booking again.`);
  }
};

/**
 * The account's unpaid fees, locked FOR UPDATE in the caller's transaction (the orders module's fee
 * payment: every payment of one account's fees queues on these rows).
 */
export const lockUnpaidFees = (trx: Db, caller: Caller) => repo.findUnpaidFees(trx, caller.clientId, caller.accountUserId, true);

/** Marks fees paid by an order (and the ledger row of a credit payment), in the payer's transaction. */
export const markFeesPaid = (trx: Db, feeIds: readonly number[], paidBy: { orderId: number; creditEntryId: number | null }) => repo.markFeesPaid(trx, feeIds, paidBy);

/** GET dashboard/credit: the general balance, what of it expires when, the latest rows. */
export const creditSummary = async (db: Db, caller: Caller) => {
  const [explained, symbol] = await Promise.all([credits.explainBalance(db, caller), symbolOf(db, caller.clientId)]);
  return {
    data: {
      balance: explained.balance,
      formatted_balance: money(explained.balance, symbol),
      expiring: explained.expiring.map((lot) => ({ amount: lot.amount, formatted_amount: money(lot.amount, symbol), expires_at: lot.expiresAt.toISOString() })),
      entries: explained.entries.map((e) => ({ ...e, expires_at: e.expires_at === null ? null : iso(e.expires_at as Date), created_at: iso(e.created_at as unknown as Date) })),
    },
  };
};
