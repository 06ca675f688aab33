import type { JoinQuoteDto, JoinQuoteRequest, PlanDto } from '@app/contract/memberships/online-joining';
import { toMoney } from '@app/contract/rules/money';
import { AGE_BAND_LABELS, ageBandRefusal, joinQuote, londonDate, longDate, startDateRefusal, type JoinQuote, type QuotePlan } from '@app/contract/rules/join-quote';
import type { Db } from '../../db/connect.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import * as venues from '../venues/service.ts';
import * as repo from './repository.ts';

/**
 * Plans and the one join quote (issue 23; docs/memberships.md "The quote rule"): the plans a venue
 * sells, and the quote every screen shows (and the join charges), from the pure rule
 * `rules/join-quote.ts`, with the checks that name their field.
 */

export const moneyOf = (pence: number, symbol: string) => {
  const m = toMoney(pence, symbol);
  return { raw: pence, formatted: m.formatted };
};
const dated = (date: string) => ({ date, text: longDate(date) });

export const planDto = (p: repo.PlanRow, symbol: string): PlanDto => ({
  id: p.id,
  name: p.name,
  description: p.description,
  venues: p.venues.map((v) => ({ slug: v.slug, name: v.name })),
  billing: p.billing,
  monthly_price: moneyOf(p.price_pence, symbol),
  annual_price: p.annual_price_pence === null ? null : moneyOf(p.annual_price_pence, symbol),
  joining_fee: moneyOf(p.joining_fee_pence, symbol),
  minimum_term_months: p.minimum_term_months,
  term_text: p.billing === 'annual' ? 'Paid for a year upfront' : p.minimum_term_months ? '12-month minimum term' : 'No minimum term',
  age_band: p.age_band,
  age_band_text: AGE_BAND_LABELS[p.age_band],
  peak: p.peak,
  peak_text: p.peak === 'peak' ? 'Any time' : 'Off-peak: weekdays before 4pm, and weekends',
  includes: [...p.covers.map((name) => ({ name, kind: 'free' as const })), { name: 'Member prices on other activities', kind: 'member_price' as const }],
});

export const quotePlanOf = (p: repo.PlanRow): QuotePlan => ({
  monthlyPence: p.price_pence,
  joiningFeePence: p.joining_fee_pence,
  billing: p.billing,
  annualPence: p.annual_price_pence,
  minimumTermMonths: p.minimum_term_months,
});

export const quoteDto = (q: JoinQuote, planId: number, venueSlug: string, symbol: string): JoinQuoteDto => ({
  plan_id: planId,
  venue: venueSlug,
  billing: q.billing,
  start_date: dated(q.startDate),
  joining_fee: moneyOf(q.joiningFee, symbol),
  pro_rata: q.proRata && { amount: moneyOf(q.proRata.amount, symbol), from: dated(q.proRata.from), to: dated(q.proRata.to), days: q.proRata.days, days_in_month: q.proRata.daysInMonth },
  next_month: q.nextMonth && { amount: moneyOf(q.nextMonth.amount, symbol), from: dated(q.nextMonth.from), to: dated(q.nextMonth.to) },
  annual: q.annual && { amount: moneyOf(q.annual.amount, symbol), from: dated(q.annual.from), to: dated(q.annual.to) },
  today_total: moneyOf(q.todayTotal, symbol),
  nothing_to_pay_today: q.todayTotal === 0,
  first_collection: q.firstCollection && { date: dated(q.firstCollection.date), amount: moneyOf(q.firstCollection.amount, symbol) },
  monthly: moneyOf(q.monthly, symbol),
  minimum_term_ends_on: q.minimumTermEndsOn === null ? null : dated(q.minimumTermEndsOn),
  cooling_off_ends_on: dated(q.coolingOffEndsOn),
  mandate_required: q.mandateRequired,
  notice_rule: q.noticeRule,
});

const refused = (r: { field: string; code: string; message: string }) => unprocessable(r.code, r.message, { [r.field]: [r.message] });

/** The plan, sold online at the venue, or 422 naming plan_id. */
export const planAtVenue = async (db: Db, clientId: number, planId: number, venueId: number) => {
  const plan = await repo.findPlan(db, clientId, planId);
  if (!plan || !plan.venues.some((v) => v.id === venueId)) {
    const message = 'This plan is not sold at this venue.';
    throw unprocessable('plan_not_sold_at_venue', message, { plan_id: [message] });
  }
  return plan;
};

/** 422 naming start_date unless it is today (London) up to 30 days ahead. */
export const assertStartDate = (startDate: string, today: string) => {
  const refusal = startDateRefusal(startDate, today);
  if (refusal) throw refused(refusal);
};

/** 422 naming date_of_birth unless the age on the start date fits the plan's band. */
export const assertAgeBand = (plan: repo.PlanRow, dateOfBirth: string, startDate: string) => {
  const refusal = ageBandRefusal(plan.age_band, dateOfBirth, startDate);
  if (refusal) throw refused(refusal);
};

export const alreadyAMember = (planName: string) => {
  const message = `You already hold ${planName}: a person can hold each plan once.`;
  return new AppError({ code: 'already_a_member', status: 409, message, errors: { plan_id: [message] } });
};

/** The venue (online joining on), the plan sold there and today's London date. */
export const joinContext = async (db: Db, clientId: number, venueSlug: string, planId: number, now = new Date()) => {
  const venue = await venues.getVenue(db, clientId, venueSlug, { onlineJoining: true });
  const plan = await planAtVenue(db, clientId, planId, venue.id);
  const client = await repo.findClient(db, clientId);
  return { venue, plan, symbol: client.currency_symbol, clientName: client.name, today: londonDate(now) };
};

/** POST online-joining/quote: the quote, after the start date (and date of birth, when given) checks. */
export const quote = async (db: Db, clientId: number, body: JoinQuoteRequest, now = new Date()): Promise<JoinQuoteDto> => {
  const ctx = await joinContext(db, clientId, body.venue, body.plan_id, now);
  assertStartDate(body.start_date, ctx.today);
  if (body.date_of_birth) assertAgeBand(ctx.plan, body.date_of_birth, body.start_date);
  return quoteDto(joinQuote(quotePlanOf(ctx.plan), body.start_date, ctx.today), ctx.plan.id, ctx.venue.slug, ctx.symbol);
};

/** GET online-joining/venues/{venue}/plans. */
export const listPlans = async (db: Db, clientId: number, venueSlug: string): Promise<PlanDto[]> => {
  const venue = await venues.getVenue(db, clientId, venueSlug, { onlineJoining: true });
  const [plans, client] = await Promise.all([repo.findPlansAtVenue(db, clientId, venue.id), repo.findClient(db, clientId)]);
  return plans.map((p) => planDto(p, client.currency_symbol));
};
