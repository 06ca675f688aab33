import type { ListGuestPassesResponse } from '@app/contract/guest-passes/list-guest-passes';
import type { MembershipDto } from '@app/contract/memberships/list-memberships';
import type { AccountOrderDto, ReceiptDto } from '@app/contract/orders/account-orders';
import type { PackageHoldingDto } from '@app/contract/packages/list-packages';
import { toMoney } from '@app/contract/rules/money';
import type { Db } from '../../db/connect.ts';
import type { CoverKind } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * What an account holds (issue 11; docs/account-holdings.md): memberships, visit packages, guest
 * passes and the account's orders (payments and receipts), and the cover a membership or a
 * package gives a basket item (the basket and orders services call in here).
 */
export type HoldingsCaller = { clientId: number; accountUserId: number };

const money = (pence: number, symbol: string) => ({ raw: pence, formatted: toMoney(pence, symbol).formatted });
const iso = (value: Date | string) => new Date(value).toISOString();

/* ---- Memberships ---- */

export const listMemberships = async (db: Db, caller: HoldingsCaller): Promise<MembershipDto[]> => {
  const [rows, symbol] = await Promise.all([repo.findMemberships(db, caller.clientId, caller.accountUserId), repo.findCurrencySymbol(db, caller.clientId)]);
  return rows.map((m) => ({
    id: m.id,
    reference: m.reference,
    plan: { id: m.plan_id, name: m.plan_name, description: m.plan_description },
    person: { id: m.membership_user_id, first_name: m.first_name, last_name: m.last_name },
    venue: { slug: m.venue_slug, name: m.venue_name },
    home_venue_only: m.home_venue_only,
    status: m.status,
    start_date: m.started_on,
    renewal_date: m.status === 'cancelled' ? null : m.renews_on,
    price: money(m.price_pence, symbol),
    covers: m.covers,
  }));
};

/* ---- Packages ---- */

export const listPackages = async (db: Db, caller: HoldingsCaller): Promise<PackageHoldingDto[]> => {
  const [rows, symbol] = await Promise.all([repo.findPackages(db, caller.clientId, caller.accountUserId), repo.findCurrencySymbol(db, caller.clientId)]);
  const now = Date.now();
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    person: { id: p.membership_user_id, first_name: p.first_name, last_name: p.last_name },
    visits_total: p.visits_total,
    uses_left: p.uses_left,
    uses_pending: p.uses_pending,
    purchased_at: iso(p.purchased_at),
    expires_at: iso(p.expires_at),
    status: new Date(p.expires_at).getTime() <= now ? 'expired' : p.uses_left === 0 ? 'used_up' : 'active',
    price: money(p.price_pence, symbol),
    covers: p.covers,
  }));
};

/* ---- Guest passes ---- */

export const listGuestPasses = async (db: Db, caller: HoldingsCaller): Promise<ListGuestPassesResponse> => {
  if (!(await repo.findGuestPassesEnabled(db, caller.clientId))) throw notFound('guest_passes_disabled', 'Guest passes are not available online.');
  const rows = await repo.findGuestPasses(db, caller.clientId, caller.accountUserId);
  const used = rows.filter((g) => g.status === 'used').length;
  return {
    data: rows.map((g) => ({
      id: g.id,
      code: g.code,
      status: g.status,
      valid_until: g.valid_until,
      used_at: g.used_at === null ? null : iso(g.used_at),
      used_venue: g.venue_slug === null ? null : { slug: g.venue_slug, name: g.venue_name! },
      guest_name: g.guest_name,
      membership_reference: g.membership_reference,
    })),
    summary: { held: rows.length, used, available: rows.length - used },
  };
};

/* ---- Cover of basket items (basket and orders) ---- */

/** What covers a basket item: a membership or a package holding, by id, with its name. */
export type Cover = { type: CoverKind; id: number; name: string };
export const COVERED_BY_MEMBERSHIP = 'Covered by membership';
export const packageLineDescription = (name: string) => `Package visit: ${name}`;

/** What would cover `membershipUserId`'s place on the occurrence now (a membership first, then a package visit), or undefined. */
export const coverFor = (db: Db, clientId: number, membershipUserId: number, occurrenceId: number, exceptItemId: number | null = null): Promise<Cover | undefined> =>
  repo.findCover(db, clientId, membershipUserId, occurrenceId, exceptItemId);

/** Whether a person holds an active membership: they pay member prices (docs/account-holdings.md "Member prices"). */
export const isMember = (db: Db, clientId: number, membershipUserId: number) => repo.findIsMember(db, clientId, membershipUserId);

/** The plan of the account holder's own active membership, if any (the pricing page's `is_member`). */
export const accountHolderPlan = (db: Db, clientId: number, accountUserId: number) => repo.findAccountHolderPlan(db, clientId, accountUserId);

/** The names the basket shows for the memberships and packages covering its items. */
export const coverNames = (db: Db, membershipIds: readonly number[], holdingIds: readonly number[]) => repo.findCoverNames(db, membershipIds, holdingIds);

export type CoveredLine = { covered_by: CoverKind | null; membership_id: number | null; package_holding_id: number | null; booking_id: number };

/** The codes spendCover() refuses with (orders voids a card authorisation on them). */
export const COVER_REFUSALS: ReadonlySet<string> = new Set(['membership_not_active', 'package_used_up']);
export const MEMBERSHIP_NOT_ACTIVE_MESSAGE = 'Your membership no longer covers an item in your basket: remove the membership benefit from it to pay the full price.';
export const PACKAGE_USED_UP_MESSAGE = 'Your package has no visits left for every item that uses it: remove the package usage from an item to pay for it.';

/**
 * At completion, in the order's transaction: every membership cover must still be active, and
 * every package visit is taken now (one conditional update per package, so two baskets can
 * never spend the last visit twice) and recorded against its booking. Throws 400 otherwise
 * (the caller's transaction rolls back: nothing is spent).
 */
export const spendCover = async (trx: Db, orderId: number, lines: readonly CoveredLine[]) => {
  const membershipIds = [...new Set(lines.filter((l) => l.covered_by === 'membership').map((l) => l.membership_id))];
  if (membershipIds.includes(null)) throw badRequest('membership_not_active', MEMBERSHIP_NOT_ACTIVE_MESSAGE);
  const active = new Set(await repo.findActiveMembershipIds(trx, membershipIds as number[]));
  if (membershipIds.some((id) => !active.has(id!))) throw badRequest('membership_not_active', MEMBERSHIP_NOT_ACTIVE_MESSAGE);
  const byHolding = new Map<number | null, CoveredLine[]>();
  for (const line of lines.filter((l) => l.covered_by === 'package')) byHolding.set(line.package_holding_id, [...(byHolding.get(line.package_holding_id) ?? []), line]);
  // One order of row locks for every completion: two orders spending the same packages never deadlock.
  for (const [holdingId, uses] of [...byHolding].sort(([a], [b]) => (a ?? 0) - (b ?? 0))) {
    if (holdingId === null || (await repo.takePackageUses(trx, holdingId, uses.length)) === undefined) throw badRequest('package_used_up', PACKAGE_USED_UP_MESSAGE);
    await repo.insertPackageUses(trx, uses.map((u) => ({ holding_id: holdingId, order_id: orderId, booking_id: u.booking_id })));
  }
};

/* ---- Orders: the account's payments and receipts ---- */

const TENDER_LABELS: Record<string, string> = {
  card: 'Card',
  'general-credit': 'Account credit',
  'membership-credit': 'Membership credit',
  cash: 'Cash',
  'offline-voucher': 'Voucher',
  cheque: 'Cheque',
};

const ordersOf = async (db: Db, caller: HoldingsCaller, where: { uuid?: string; limit: number }): Promise<AccountOrderDto[]> => {
  const [orders, symbol] = await Promise.all([repo.findOrders(db, caller.clientId, caller.accountUserId, where), repo.findCurrencySymbol(db, caller.clientId)]);
  const ids = orders.map((o) => o.id);
  const [lines, tenders] = await Promise.all([repo.findOrderLines(db, ids), repo.findOrderTenders(db, ids)]);
  return orders.map((o) => ({
    id: o.uuid,
    reference: o.reference,
    created_at: iso(o.created_at),
    source: o.source,
    person: { id: o.membership_user_id, first_name: o.first_name, last_name: o.last_name },
    lines: lines
      .filter((l) => l.order_id === o.id)
      .map((l) => ({
        id: l.id,
        name: l.name,
        description: l.description,
        person: { id: l.membership_user_id, first_name: l.first_name, last_name: l.last_name },
        date: l.local_date,
        time: l.starts_24,
        venue: { slug: l.venue_slug, name: l.venue_name },
        price: money(l.price_pence, symbol),
        status: l.status === 'confirmed' ? ('booked' as const) : ('cancelled' as const),
      })),
    tenders: tenders
      .filter((t) => t.order_id === o.id)
      .map((t) => ({
        tender_type: t.tender_type,
        label: TENDER_LABELS[t.tender_type] ?? t.tender_type,
        amount: money(t.amount_pence, symbol),
        card: t.tender_type === 'card' && t.card_brand && t.card_last_four ? { brand: t.card_brand, last_four: t.card_last_four } : null,
      })),
    discount: o.discount_pence > 0 && o.discount_code ? { code: o.discount_code, amount: money(o.discount_pence, symbol) } : null,
    total: money(o.total_pence, symbol),
    vat: null,
  }));
};

/** Every order of the account (all its people), newest first. */
export const listOrders = (db: Db, caller: HoldingsCaller, limit = 50) => ordersOf(db, caller, { limit });

/** One order of the account as a receipt; another account's order is 403, an unknown one 404. */
export const receipt = async (db: Db, caller: HoldingsCaller, orderId: string): Promise<ReceiptDto> => {
  const [order] = await ordersOf(db, caller, { uuid: orderId, limit: 1 });
  if (!order) {
    if (await repo.orderExists(db, caller.clientId, orderId)) throw forbidden();
    throw notFound('order_not_found');
  }
  const parties = await repo.findReceiptParties(db, caller.clientId, caller.accountUserId);
  return {
    ...order,
    operator: { name: parties.operator },
    customer: { reference: parties.reference, first_name: parties.first_name, last_name: parties.last_name, email: parties.email },
  };
};
