import { toMoney } from '@app/contract/rules/money';
import { priceBasis, ticketFit, ticketPrice, type PriceBasis } from '@app/contract/rules/prices';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound, unprocessable } from '../../lib/errors.ts';
import { accountHolderPlan, coverFor, isMember } from '../holdings/service.ts';
import * as repo from './repository.ts';

const money = (pence: number, symbol: string) => toMoney(pence, symbol).formatted;

/* ---- Pricing (spec §7 POST price/{venue}/ticket/{activity}) ---- */

/**
 * Member and non-member prices of an activity's ticket types side by side. `activity` is the
 * activity's id; `occurrence_id` (id or uuid) may name it instead. Visitors (`accountUserId`
 * null) get both prices and nothing personal: no customer, not a member, no discount, and
 * `your_price` the non-member price (what a visitor pays). `reference` is the customer the price
 * is for: it must be the caller's own reference (a discount is per customer), else 400; a
 * visitor has none, so a visitor's reference is 400 too (nothing says whether it exists).
 * `is_member` when the caller holds an active membership: `your_price` is then the member price
 * (what the basket charges them, docs/account-holdings.md "Member prices") and `discount` their
 * plan with the percentage saved on the first ticket type; otherwise the full price and null.
 */
export const ticketPrices = async (
  db: Db,
  clientId: number,
  accountUserId: number | null,
  venue: string,
  activity: string,
  body: { reference?: string | null | undefined; occurrence_id?: number | string | null | undefined },
) => {
  let activityId = /^\d{1,9}$/.test(activity) ? Number(activity) : undefined;
  if (body.occurrence_id !== undefined && body.occurrence_id !== null) {
    const ref = typeof body.occurrence_id === 'number' || /^\d{1,9}$/.test(body.occurrence_id) ? { id: Number(body.occurrence_id) } : { uuid: String(body.occurrence_id).toLowerCase() };
    activityId = (await repo.findOccurrenceActivity(db, clientId, ref)) ?? activityId;
  }
  if (activityId === undefined) throw notFound('activity_not_found');
  const options = await repo.findActivityPricing(db, clientId, venue, activityId);
  if (!options.length) throw notFound('activity_not_found');
  const customerId = body.reference ? await customerOf(db, clientId, accountUserId, body.reference) : null;
  const symbol = await repo.findCurrencySymbol(db, clientId);
  const m = (pence: number) => ({ raw: pence, formatted: money(pence, symbol) });
  const plan = accountUserId === null ? undefined : await accountHolderPlan(db, clientId, accountUserId);
  const yours = (o: { price_pence: number; member_price_pence: number }) => ticketPrice(plan !== undefined ? 'member' : 'standard', o);
  const [first] = options;
  const percent = plan !== undefined && first!.price_pence > 0 ? Math.round(((first!.price_pence - yours(first!)) * 100) / first!.price_pence) : 0;
  return {
    customer_id: customerId,
    is_member: plan !== undefined,
    discount: plan !== undefined && percent > 0 ? { name: plan, percent } : null,
    tickets: options.map((o) => ({ pricing_option_id: o.id, name: o.name, non_member: m(o.price_pence), member: m(o.member_price_pence), your_price: m(yours(o)) })),
  };
};

/** The customer of `reference`: only the caller's own (a visitor has none), else 400. */
const customerOf = async (db: Db, clientId: number, accountUserId: number | null, reference: string) => {
  const user = accountUserId === null ? undefined : await repo.findUserByReference(db, clientId, reference);
  if (!user || user.id !== accountUserId) throw badRequest('discount_not_applicable', 'This discount does not apply to this customer.');
  return user.id;
};

/* ---- The caller's price on the timetable (issue 21; docs/first-booking.md "Prices and choices") ---- */

type Priced = { occurrence_id: number; category_id: number; price_pence: number | null; member_price_pence: number | null };

/** One row's price for the viewer: the basis (rules/prices.ts) and the pence, with the standard price and the cheapest a membership makes it. */
export type RowPrice = { basis: PriceBasis; pence: number; standard_pence: number; members_from_pence: number | null };

/**
 * The price each row costs the person booked for, by the basket's own rules: their cover
 * (holdings.coverFor, as the basket's applyCover asks it: a membership first, then a package
 * visit) makes it 0, else ticketPrice() of their basis. A visitor (`personId` null) pays the
 * standard price. `members_from_pence` is not personal (visitors share one cached answer): 0
 * where a membership plan covers the activity, else the member price, and null when a
 * membership makes it no cheaper.
 */
export const rowPrices = async (db: Db, clientId: number, personId: number | null, rows: readonly Priced[]): Promise<Map<number, RowPrice>> => {
  const covered = new Set(await repo.findPlanCoveredCategories(db, clientId, [...new Set(rows.map((r) => r.category_id))]));
  const member = personId !== null && (await isMember(db, clientId, personId));
  const covers = personId === null ? [] : await Promise.all(rows.map((row) => coverFor(db, clientId, personId, row.occurrence_id)));
  return new Map(
    rows.map((row, i) => {
      const option = { price_pence: row.price_pence ?? 0, member_price_pence: row.member_price_pence ?? row.price_pence ?? 0 };
      const basis = priceBasis(covers[i]?.type, member);
      const from = covered.has(row.category_id) ? 0 : ticketPrice('member', option);
      return [row.occurrence_id, { basis, pence: ticketPrice(basis, option), standard_pence: option.price_pence, members_from_pence: from < option.price_pence ? from : null }];
    }),
  );
};

/* ---- Ticket age rules (issue 21) ---- */

/**
 * Refuses (422 `ticket_age_rule`, naming the ticket and the person) any item whose ticket type's
 * age rule does not fit the person it is for on the session's date, or needs a date of birth
 * the person has not given (rules/prices.ts ticketFit). `field` names each item's field in `errors`.
 */
export const assertTicketsFit = async (db: Db, clientId: number, items: readonly { personId: number; optionId: number; occurrenceId: number; field: string }[]) => {
  if (items.length === 0) return;
  for (const row of await repo.findTicketFitRows(db, clientId, items)) {
    const fit = ticketFit(row, row, row.local_date);
    if (!fit.ok) throw unprocessable('ticket_age_rule', fit.reason, { [items[row.i - 1]!.field]: [fit.reason] });
  }
};
