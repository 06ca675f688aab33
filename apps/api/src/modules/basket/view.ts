import { createHash } from 'node:crypto';
import type { CartDto, CartItemDto } from '@app/contract/cart/cart';
import { DEFAULT_CURRENCY_SYMBOL, toMoney } from '@app/contract/rules/money';
import { discountPence } from '@app/contract/cart/discount';
import type { Db } from '../../db/connect.ts';
import type { Caller } from '../account/service.ts';
import * as courses from '../courses/service.ts';
import { creditSummary } from '../credits/service.ts';
import * as repo from './repository.ts';

export const CART_SOURCE = 'activity-booking';

/* ---- The cart as the wire shows it ---- */

const iso = (value: Date | string) => new Date(value).toISOString();

const toItem = (row: repo.CartItemRow, symbol: string): CartItemDto => ({
  id: row.id,
  name: row.name,
  type: 'purchasableOccurrence',
  cartable_id: row.occurrence_id,
  cartable_uuid: row.occurrence_uuid,
  cartable_resource: {
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    date: row.local_date,
    starts_at_clock: { format_12_hour: row.starts_12, format_24_hour: row.starts_24 },
    ends_at_clock: { format_12_hour: row.ends_12, format_24_hour: row.ends_24 },
    location: row.location_name === null ? null : { name: row.location_name },
    venue: { slug: row.venue_slug, name: row.venue_name },
    category: { slug: row.category_slug, name: row.category_name },
    kind: row.kind,
  },
  purchased_for_user_id: row.purchased_for_user_id,
  purchased_for: { id: row.purchased_for_user_id, first_name: row.first_name, last_name: row.last_name },
  pricing_option_id: row.pricing_option_id,
  pricing_option_name: row.pricing_option_name,
  price: {
    raw: row.price_pence,
    formatted: toMoney(row.price_pence, symbol).formatted,
    benefit_applied: row.covered_by === 'membership',
    package_applied: row.covered_by === 'package',
  },
  covered_by: row.covered_by === null ? null : { type: row.covered_by, name: row.cover_name ?? '' },
  status: row.held ? 'held' : 'expired',
  expires_at: row.expires_at === null ? null : iso(row.expires_at),
  origin: row.origin,
  sort_by: `${iso(row.starts_at)}#${String(row.id).padStart(10, '0')}`,
  enable_print_receipt: false,
});

/**
 * The whole cart of (account, selected person). Totals count held items only (an expired item
 * has no place behind it until it is held again); `item_count` counts every item shown.
 * Prices include VAT (tax_total 0); credits are the customer's ledger balances (credits module),
 * and `payments` the credit this cart has reserved (POST credits/apply); `balance` is what is left.
 */
export const cartView = async (db: Db, caller: Caller, selectedUserId: number): Promise<CartDto> => {
  const [{ cart, symbol, discount }, rows, courseRows] = await Promise.all([
    repo.findOpenCartAndSymbol(db, caller.clientId, caller.accountUserId, selectedUserId),
    repo.findCartItemsForView(db, caller.clientId, caller.accountUserId, selectedUserId),
    courses.basketCourses(db, caller, selectedUserId),
  ]);
  const currency = symbol ?? DEFAULT_CURRENCY_SYMBOL;
  // Sessions and whole courses (docs/courses.md), in the order they start.
  const items = [...rows.map((row) => toItem(row, currency)), ...courses.toBasketItems(courseRows, currency)].sort((a, b) => (a.sort_by < b.sort_by ? -1 : a.sort_by > b.sort_by ? 1 : 0));
  const held = items.filter((item) => item.status === 'held');
  const subTotal = held.reduce((sum, item) => sum + item.price.raw, 0);
  // The applied code (docs/discounts.md) takes off what it applies to among the held items: a
  // session by its activity, a whole course (no activity) only for an unrestricted code.
  const activityOf = new Map(rows.map((row) => [row.id, row.activity_id]));
  const discountTotal = discount
    ? discountPence(
        discount,
        held.map((item) => ({ activity_id: item.type === 'purchasableOccurrence' ? (activityOf.get(item.id) ?? null) : null, price_pence: item.price.raw })),
      )
    : 0;
  const total = Math.max(0, subTotal - discountTotal);
  const expiries = held.map((item) => item.expires_at).filter((e): e is string => e !== null).sort();
  const credits = await creditSummary(db, caller, cart?.id ?? null, total);
  const reservedTenders = (['general', 'membership'] as const)
    .filter((type) => credits.reserved[type] > 0)
    .map((type) => ({ tender_type: `${type}-credit`, amount: credits.reserved[type] }));
  const balance = Math.max(0, total - reservedTenders.reduce((sum, t) => sum + t.amount, 0));
  const hash = createHash('sha256')
    .update(items.map((item) => `${item.id}:${item.price.raw}`).join(',') + (discount ? `|${discount.code}:${discountTotal}` : ''))
    .digest('hex');
  return {
    id: cart?.id ?? null,
    uuid: cart?.uuid ?? null,
    source: cart?.source ?? CART_SOURCE,
    items,
    item_count: items.length,
    total,
    sub_total: subTotal,
    tax_total: 0,
    balance,
    formatted_total: toMoney(total, currency).formatted,
    formatted_balance: toMoney(balance, currency).formatted,
    credits: { general: credits.general, membership: credits.membership },
    attendee_waivers_required: 0,
    payments: reservedTenders,
    selected_user_id: selectedUserId,
    complete_order_id: null,
    expires_at: expiries[0] ?? null,
    itemHash: hash,
    item_hash: hash,
    discount: discount ? { code: discount.code, description: discount.description, amount: { raw: discountTotal, formatted: toMoney(discountTotal, currency).formatted } } : null,
    discount_total: discountTotal,
  };
};
