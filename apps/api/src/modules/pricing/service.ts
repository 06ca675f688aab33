import { toMoney } from '@app/contract/rules/money';
import type { Db } from '../../db/connect.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { accountHolderPlan } from '../holdings/service.ts';
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
  const yours = (o: { price_pence: number; member_price_pence: number }) => (plan !== undefined ? Math.min(o.member_price_pence, o.price_pence) : o.price_pence);
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
