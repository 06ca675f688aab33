import { createHash } from 'node:crypto';
import { CART_BUSY_MESSAGE, CART_FULL_MESSAGE, type CartAddRequest, type CartDto, type CartItemDto } from '@app/contract/cart/cart';
import { DEFAULT_CURRENCY_SYMBOL, toMoney } from '@app/contract/rules/money';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { availabilityScope } from '../../lib/availability-scope.ts';
import { createScopedCache } from '../../lib/scoped-cache.ts';
import * as repo from './repository.ts';
import { creditSummary } from '../credits/service.ts';
import { coverFor, isMember } from '../holdings/service.ts';
import { assertNoUnpaidFees } from '../bookings/service.ts';

export const CART_SOURCE = 'activity-booking';

export type CartCaller = { clientId: number; accountUserId: number };
/**
 * A caller whose session is not looked up yet (the route's `sessionInHandler`): the add's first
 * query finds it with the context, and `settle` turns what it found into the caller (401 when
 * none). `lookUp` finds it alone, when the first item cannot be read.
 */
export type UnsettledCaller = {
  clientId: number;
  token: { hash: string; idleMinutes: number };
  settle: (session: repo.AddSession | undefined) => CartCaller;
  lookUp: () => Promise<repo.AddSession | undefined>;
};
export type PersonIds = { selected_user_id?: number | null | undefined; membership_user_id?: number | null | undefined };
type Person = repo.MembershipUser;

/* ---- People (spec §6: the selected user decides whose basket is used) ---- */

/**
 * The caller's membership users and the selected one: `selected_user_id`, else
 * `membership_user_id`, else the customer. Any id that is not one of theirs: 403.
 */
export const resolvePeople = async (db: Db, caller: CartCaller, ids: PersonIds) =>
  pickPeople(await repo.findMembershipUsers(db, caller.clientId, caller.accountUserId), ids);

/** resolvePeople() over people already read. */
const pickPeople = <P extends Pick<Person, 'id' | 'relationship'>>(people: readonly P[], ids: PersonIds) => {
  const self = people.find((p) => p.relationship === 'self') ?? people[0];
  if (!self) throw forbidden();
  const pick = (id: number | null | undefined): P => {
    if (id === null || id === undefined) return self;
    const person = people.find((p) => p.id === id);
    if (!person) throw forbidden();
    return person;
  };
  pick(ids.membership_user_id);
  const selected = pick(ids.selected_user_id ?? ids.membership_user_id);
  return { people, self, selected, pick };
};

/* ---- Errors from the database ---- */

const BUSY_SQLSTATES = new Set(['55P03', '40001', '40P01', '57014']);

/** Lock time-outs and contention that outlived the retries: 409 without 'full'. */
export const asBusy = (error: unknown): unknown => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && BUSY_SQLSTATES.has(code)) {
    return new AppError({ code: 'cart_busy', status: 409, message: CART_BUSY_MESSAGE, cause: error });
  }
  return error;
};

export const cartFull = () => conflict('cart_full', CART_FULL_MESSAGE);

/** What a refusal of hold_place() means to the customer (full is 409 with 'full'). */
const refusal = (outcome: repo.HoldOutcome): AppError => {
  switch (outcome) {
    case 'started':
      return badRequest('occurrence_started', 'This session has already started.');
    case 'cancelled':
      return badRequest('occurrence_cancelled', 'This session has been cancelled.');
    case 'not_found':
      return notFound('occurrence_not_found');
    case 'already_booked':
      return badRequest('already_booked', 'This person has already booked this session.');
    default:
      return cartFull();
  }
};

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
export const cartView = async (db: Db, caller: CartCaller, selectedUserId: number): Promise<CartDto> => {
  const [{ cart, symbol }, rows] = await Promise.all([
    repo.findOpenCartAndSymbol(db, caller.clientId, caller.accountUserId, selectedUserId),
    repo.findCartItemsForView(db, caller.clientId, caller.accountUserId, selectedUserId),
  ]);
  const currency = symbol ?? DEFAULT_CURRENCY_SYMBOL;
  const items = rows.map((row) => toItem(row, currency));
  const held = items.filter((item) => item.status === 'held');
  const total = held.reduce((sum, item) => sum + item.price.raw, 0);
  const expiries = held.map((item) => item.expires_at).filter((e): e is string => e !== null).sort();
  const credits = await creditSummary(db, caller, cart?.id ?? null, total);
  const reservedTenders = (['general', 'membership'] as const)
    .filter((type) => credits.reserved[type] > 0)
    .map((type) => ({ tender_type: `${type}-credit`, amount: credits.reserved[type] }));
  const balance = Math.max(0, total - reservedTenders.reduce((sum, t) => sum + t.amount, 0));
  const hash = createHash('sha256')
    .update(items.map((item) => `${item.id}:${item.price.raw}`).join(','))
    .digest('hex');
  return {
    id: cart?.id ?? null,
    uuid: cart?.uuid ?? null,
    source: cart?.source ?? CART_SOURCE,
    items,
    item_count: items.length,
    total,
    sub_total: total,
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
  };
};

export const getCart = async (db: Db, caller: CartCaller, ids: PersonIds) => {
  const { selected } = await resolvePeople(db, caller, ids);
  return cartView(db, caller, selected.id);
};

/* ---- Holding ---- */

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** A promotion for an occurrence whose free places are kept for its waitlist. */
const queuePromotion = (db: Db, occurrenceId: number) =>
  enqueue(db, 'promote-waitlist', { occurrenceId }, { jobKey: `promote-waitlist:${occurrenceId}` });

/**
 * Holds one place of `occurrence` for `membershipUserId` (or, for a court whose category lets
 * the system allocate, a free court at the same time). Returns the claim and the occurrence it
 * is on; throws the refusal. Must run inside the add's transaction.
 */
const holdOne = async (
  trx: Db,
  caller: CartCaller,
  occurrence: repo.OccurrenceForCart,
  membershipUserId: number,
  expiresAt: Date,
  reserved: Set<number>,
) => {
  const attempt = (occurrenceId: number) =>
    repo.holdPlace(trx, { occurrenceId, accountUserId: caller.accountUserId, membershipUserId, kind: 'hold', expiresAt });
  const first = await attempt(occurrence.id);
  if (first.outcome === 'held' || first.outcome === 'already_held') return { claimId: first.claim_id!, occurrenceId: occurrence.id };
  if (first.outcome === 'reserved') reserved.add(occurrence.id);
  const systemAllocates = occurrence.kind === 'resource' && occurrence.allocation_strategy !== 'customer';
  if (first.outcome === 'full' && systemAllocates) {
    for (const alternative of await repo.findAlternativeOccurrences(trx, caller.clientId, occurrence)) {
      const next = await attempt(alternative.id);
      if (next.outcome === 'held' || next.outcome === 'already_held') return { claimId: next.claim_id!, occurrenceId: alternative.id };
    }
  }
  throw refusal(first.outcome);
};

const OCCURRENCE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A v1 numeric id (number or digits) or a v2 uuid. */
const occurrenceRef = (id: number | string): { id: number } | { uuid: string } | null => {
  if (typeof id === 'number') return { id };
  if (/^\d{1,9}$/.test(id)) return { id: Number(id) };
  return OCCURRENCE_UUID.test(id) ? { uuid: id.toLowerCase() } : null;
};

const TICKET_NOT_AVAILABLE = 'The selected ticket type is not available for this session.';
export const NOT_OPEN_YET_MESSAGE = 'This session is not open for booking yet.';

/**
 * What a person pays for a ticket type: the member price while they hold an active membership
 * (never more than the full price), else the full price. A membership that covers the activity
 * makes it free instead (applyCover below).
 */
const priceFor = (person: { is_member: boolean }, option: repo.PricingOption) =>
  person.is_member ? Math.min(option.member_price_pence, option.price_pence) : option.price_pence;

type WantedItem = {
  occurrence: repo.OccurrenceForCart;
  person: Person;
  option: { id: number; name: string; price_pence: number };
  /** Wire notes' `apply_benefit`: false keeps the full price. */
  applyBenefit: boolean;
};

type AddedItem = { itemId: number; occurrenceId: number; personId: number; pricePence: number; existed: boolean; applyBenefit: boolean };

/* ---- Cover: a membership or a package visit makes an item free (docs/account-holdings.md) ---- */

const NO_COVER = { covered_by: null, membership_id: null, package_holding_id: null } as const;

/**
 * Covers an item when `wanted` and the person's membership, else a visit of their package,
 * covers the occurrence: its price becomes 0. Answers whether it was covered.
 */
const applyCover = async (db: Db, caller: CartCaller, item: { itemId: number; personId: number; occurrenceId: number }, wanted: boolean) => {
  const cover = wanted ? await coverFor(db, caller.clientId, item.personId, item.occurrenceId, item.itemId) : undefined;
  if (cover) {
    await repo.updateCartItem(db, item.itemId, {
      price_pence: 0,
      covered_by: cover.type,
      membership_id: cover.type === 'membership' ? cover.id : null,
      package_holding_id: cover.type === 'package' ? cover.id : null,
    });
    return true;
  }
  return false;
};

/**
 * One item through cart_add_item() (hold, basket, item in one statement); for a court whose
 * category lets the system allocate, another free court at the same time when it is taken.
 */
const addOne = async (db: Db, caller: CartCaller, selectedId: number, want: WantedItem, expiresAt: Date, reserved: Set<number>): Promise<AddedItem> => {
  const attempt = (occurrenceId: number) =>
    repo.cartAddItem(db, {
      clientId: caller.clientId,
      accountUserId: caller.accountUserId,
      selectedUserId: selectedId,
      occurrenceId,
      membershipUserId: want.person.id,
      pricingOptionId: want.option.id,
      pricePence: want.option.price_pence,
      expiresAt,
    });
  const added = (result: { outcome: repo.AddOutcome; cart_item_id: number | null }, occurrenceId: number): AddedItem => ({
    itemId: result.cart_item_id!,
    occurrenceId,
    personId: want.person.id,
    pricePence: want.option.price_pence,
    existed: result.outcome === 'already_held',
    // Nobody without a membership or a package can be covered: no need to look (findAddContext).
    applyBenefit: want.applyBenefit && want.person.may_be_covered !== false,
  });
  const first = await attempt(want.occurrence.id);
  if (first.outcome === 'held' || first.outcome === 'already_held') return added(first, want.occurrence.id);
  if (first.outcome === 'reserved') reserved.add(want.occurrence.id);
  const systemAllocates = want.occurrence.kind === 'resource' && want.occurrence.allocation_strategy !== 'customer';
  if (first.outcome === 'full' && systemAllocates) {
    for (const alternative of await repo.findAlternativeOccurrences(db, caller.clientId, want.occurrence)) {
      const next = await attempt(alternative.id);
      if (next.outcome === 'held' || next.outcome === 'already_held') return added(next, alternative.id);
    }
  }
  if (first.outcome === 'other_basket') {
    throw badRequest('held_in_another_basket', `${want.person.first_name} already has this session in another basket.`);
  }
  throw refusal(first.outcome);
};

/**
 * POST cart/add: every item is held in one transaction (all or nothing); a single item is one
 * atomic statement (cart_add_item), so the occurrence lock is held only for that statement.
 * Full → 409 with CART_FULL_MESSAGE and the cart unchanged; lock time-out or contention → 409
 * CART_BUSY_MESSAGE.
 */
type AddItem = CartAddRequest['items'][number];
const isOccurrenceItem = (item: AddItem) => item.type === undefined || item.type === 'purchasableOccurrence';

/* ---- Refusing from memory: "full" marks (docs/holds.md "Refusing from memory") ---- */

/**
 * An occurrence found full (free <= 0, bookable, open, the ticket type valid) for one
 * (occurrence ref, ticket type) as an add names them, and the accounts with a live claim on it.
 * Kept per instance in a ScopedCache under the occurrence's day: dropped by that day's
 * availability notes (every claim or capacity change sends one), at the first live claim's
 * expiry and at the start, and read only while the instance listens.
 */
export type FullMark = { occurrenceId: number; claimers: ReadonlySet<number> };

/**
 * A mark's facts are read at most this often per key: while places of the same day keep
 * changing (a release minute), a mark read during a note is not kept, and refusals meanwhile
 * should not each pay for another try.
 */
const MARK_RETRY_MS = 250;
const MARK_ENTRIES = 10_000;
/** A backstop only: every change of a claim or a capacity sends a note. */
const MARK_BACKSTOP_MS = 60_000;

export const createFullMarks = (listening: () => boolean) => ({
  cache: createScopedCache<FullMark>({ maxEntries: MARK_ENTRIES, backstopMs: MARK_BACKSTOP_MS }),
  listening,
  /** When each key's facts were last read. */
  tried: new Map<string, number>(),
});
export type FullMarks = ReturnType<typeof createFullMarks>;

/** The mark's key of a one-item add, or null when the item cannot have one. */
const fullMarkKey = (clientId: number, body: CartAddRequest): string | null => {
  const item = body.items.length === 1 ? body.items[0]! : null;
  if (!item || !isOccurrenceItem(item)) return null;
  const ref = occurrenceRef(item.id);
  if (!ref) return null;
  return `${clientId}:${'id' in ref ? ref.id : ref.uuid}:${item.ticket_id ?? item.pricing_option_id ?? ''}`;
};

/**
 * Under a mark, an add is refused after one statement that reads only the caller's account: the
 * session (401), its people (403 for anyone else's), and its fees. When the account owes a fee or
 * holds a claim on the occurrence (it may be adding again), the answer is the full path's: this
 * returns the settled caller for it.
 */
const refuseUnderMark = async (db: Db, who: CartCaller | UnsettledCaller, body: CartAddRequest, mark: FullMark): Promise<CartCaller> => {
  let caller: CartCaller;
  let account: repo.RefusalAccount;
  if ('token' in who) {
    const found = await repo.findRefusalAccountForSession(db, who.clientId, who.token);
    caller = who.settle(found.session);
    account = found.account!;
  } else {
    caller = who;
    account = await repo.findRefusalAccount(db, caller.clientId, caller.accountUserId);
  }
  if (account.owes_fees || mark.claimers.has(caller.accountUserId)) return caller;
  const { pick } = pickPeople(account.people, body);
  const forWhom = body.items[0]!.purchased_for_user_id;
  if (forWhom != null) pick(forWhom);
  throw cartFull();
};

/**
 * After a refusal as full on the add context: reads what a mark rests on (after taking its
 * stamp, so a change committed meanwhile is never missed) and keeps it while it holds. A failure
 * here changes nothing for the customer, whose answer is the refusal either way.
 */
const markFull = async (db: Db, marks: FullMarks, key: string, clientId: number, context: repo.AddContext) => {
  const now = Date.now();
  if (marks.cache.get(key, now) || !marks.listening() || now - (marks.tried.get(key) ?? -Infinity) < MARK_RETRY_MS) return;
  if (marks.tried.size >= MARK_ENTRIES) marks.tried.clear();
  marks.tried.set(key, now);
  const scope = availabilityScope({ clientId, venueId: context.venue_id, categoryId: context.category_id, date: context.local_day });
  const stamp = marks.cache.stamp(scope);
  const facts = await repo.findFullMarkFacts(db, context.id).catch(() => undefined);
  if (!facts || facts.free > 0 || facts.cancelled_at !== null) return;
  const validUntil = Math.min(new Date(facts.starts_at).getTime(), facts.first_expiry === null ? Infinity : new Date(facts.first_expiry).getTime());
  // Kept unless a note of the day came meanwhile; once kept, the next mark may be read at once.
  if (marks.cache.set(key, scope, stamp, { occurrenceId: context.id, claimers: new Set(facts.claimers) }, validUntil)) marks.tried.delete(key);
};

/**
 * The caller, and the first item's add context when the session was found in the same query
 * (one round trip for a refusal, docs/holds.md "One query per refusal"); `null` when not read yet.
 */
const settleCaller = async (db: Db, who: CartCaller | UnsettledCaller, first: AddItem | undefined) => {
  if (!('token' in who)) return { caller: who, firstContext: null };
  const ref = first && isOccurrenceItem(first) ? occurrenceRef(first.id) : null;
  if (!first || !ref) return { caller: who.settle(await who.lookUp()), firstContext: null };
  const found = await repo.findAddContextForSession(db, who.clientId, who.token, ref, (first.ticket_id ?? first.pricing_option_id) ?? undefined);
  return { caller: who.settle(found.session), firstContext: found.context };
};

export const addToCart = async (
  db: Db,
  who: CartCaller | UnsettledCaller,
  body: CartAddRequest,
  holdMinutes: number,
  marks?: FullMarks,
): Promise<CartDto> => {
  const markKey = marks ? fullMarkKey(who.clientId, body) : null;
  const mark = markKey && marks!.listening() ? marks!.cache.get(markKey) : undefined;
  const { caller, firstContext } = await settleCaller(db, mark ? await refuseUnderMark(db, who, body, mark) : who, body.items[0]);
  // An unpaid late-cancellation fee must be settled before booking again (docs/account-bookings.md),
  // before anything else is judged. The add context carries the fees' total, so the bookings
  // module's check (its message) runs only when that says there is one, or the contexts failed.
  const checkFees = () => assertNoUnpaidFees(db, caller);
  const contexts = await Promise.all(
    body.items.map(async (item, index) => {
      if (!isOccurrenceItem(item)) {
        throw unprocessable('validation_failed', 'The given data was invalid.', {
          [`items.${index}.type`]: ['Only purchasableOccurrence items can be added to the basket.'],
        });
      }
      if (index === 0 && firstContext !== null) return firstContext;
      const ref = occurrenceRef(item.id);
      const optionId = item.ticket_id ?? item.pricing_option_id;
      return ref ? repo.findAddContext(db, caller.clientId, caller.accountUserId, ref, optionId ?? undefined) : undefined;
    }),
  ).catch(async (error: unknown) => {
    await checkFees();
    throw error;
  });
  if (!contexts.every((c) => c !== undefined && c.unpaid_fees === 0)) await checkFees();
  const people = contexts.find((c) => c)?.people ?? (await repo.findMembershipUsers(db, caller.clientId, caller.accountUserId));
  const { selected, pick } = pickPeople(people, body);
  let fullAlready = false;
  const wanted: WantedItem[] = body.items.map((item, index) => {
    const found = contexts[index];
    if (!found) throw notFound('occurrence_not_found');
    // null or absent: the selected person (wire notes: null means the customer whose basket it is).
    const person = item.purchased_for_user_id == null ? selected : pick(item.purchased_for_user_id);
    const { option, free, claimed_by, people: _people, open, unpaid_fees: _fees, venue_id: _v, category_id: _c, local_day: _d, ...occurrence } = found;
    if (!open) throw badRequest('not_open_yet', NOT_OPEN_YET_MESSAGE);
    if (!option) {
      throw unprocessable('validation_failed', 'The given data was invalid.', {
        [`items.${index}.${item.ticket_id ? 'ticket_id' : 'pricing_option_id'}`]: [TICKET_NOT_AVAILABLE],
      });
    }
    // Full of live claims (committed, read without a lock) and not theirs: refuse without
    // taking the lock. Refusing on committed data cannot oversell; hold_place() decides every hold.
    const live = occurrence.cancelled_at === null && new Date(occurrence.starts_at).getTime() > Date.now();
    const systemAllocates = occurrence.kind === 'resource' && occurrence.allocation_strategy !== 'customer';
    if (live && free <= 0 && !claimed_by.includes(person.id) && !systemAllocates) fullAlready = true;
    // apply_benefit: false declines the membership's benefits: no cover and no member price.
    const applyBenefit = (item as { apply_benefit?: boolean }).apply_benefit !== false;
    return { occurrence, person, option: { id: option.id, name: option.name, price_pence: applyBenefit ? priceFor(person, option) : option.price_pence }, applyBenefit };
  });
  if (fullAlready) {
    if (marks && markKey) await markFull(db, marks, markKey, caller.clientId, contexts[0]!);
    throw cartFull();
  }
  // One order of locks for every transaction: two baskets with the same sessions never deadlock.
  wanted.sort((a, b) => a.occurrence.id - b.occurrence.id);
  const reserved = new Set<number>();
  const expiresAt = minutesFromNow(holdMinutes);
  try {
    if (wanted.length === 1) {
      const added = await addOne(db, caller, selected.id, wanted[0]!, expiresAt, reserved);
      await coverAdded(db, caller, [added]);
    } else {
      await inTransaction(db, async (trx) => {
        reserved.clear();
        const added: AddedItem[] = [];
        for (const want of wanted) added.push(await addOne(trx, caller, selected.id, want, expiresAt, reserved));
        await coverAdded(trx, caller, added);
      });
    }
  } catch (error) {
    // Places kept for waiters: make sure their promotion is on its way.
    for (const occurrenceId of reserved) await queuePromotion(db, occurrenceId);
    throw asBusy(error);
  }
  return cartView(db, caller, selected.id);
};

/** Cover for items just added; an item added again loses a cover it no longer has (cart_add_item reset its price). */
const coverAdded = async (db: Db, caller: CartCaller, added: readonly AddedItem[]) => {
  for (const item of added) {
    const covered = await applyCover(db, caller, item, item.applyBenefit);
    if (!covered && item.existed) await repo.updateCartItem(db, item.itemId, NO_COVER);
  }
};

/** Releases the claims behind items and deletes the items (promotion is queued by the 0010 trigger). */
const dropItems = async (trx: Db, items: readonly { id: number; claim_id: number | null }[]) => {
  await repo.releaseClaims(
    trx,
    items.map((i) => i.claim_id).filter((id): id is number => id !== null),
  );
  await repo.deleteCartItems(
    trx,
    items.map((i) => i.id),
  );
};

/** DELETE cart: every item's hold is released and the items go. */
export const clearCart = async (db: Db, caller: CartCaller, ids: PersonIds): Promise<CartDto> => {
  const { selected } = await resolvePeople(db, caller, ids);
  await inTransaction(db, async (trx) => {
    const cart = await repo.findOpenCart(trx, caller.clientId, caller.accountUserId, selected.id);
    if (!cart) return;
    await dropItems(trx, await repo.findCartClaims(trx, cart.id));
    await repo.touchCart(trx, cart.id);
  }).catch((error: unknown) => {
    throw asBusy(error);
  });
  return cartView(db, caller, selected.id);
};

/** An item of the caller's open carts, or 404 (another customer's item is simply not found). */
const ownItems = async (db: Db, caller: CartCaller, itemIds: readonly number[]) => {
  const items = await repo.findAccountItems(db, caller.clientId, caller.accountUserId, itemIds);
  if (items.length !== new Set(itemIds).size) throw notFound('cart_item_not_found');
  return items;
};

/** POST cart/remove: the items' holds are released. */
export const removeFromCart = async (db: Db, caller: CartCaller, itemIds: readonly number[], ids: PersonIds): Promise<CartDto> => {
  const { selected } = await resolvePeople(db, caller, ids);
  await inTransaction(db, async (trx) => {
    await dropItems(trx, await ownItems(trx, caller, itemIds));
  }).catch((error: unknown) => {
    throw asBusy(error);
  });
  return cartView(db, caller, selected.id);
};

export type UpdateItemChanges = {
  pricing_option_id?: number | undefined;
  purchased_for_user_id?: number | null | undefined;
  hold_again?: boolean | undefined;
};

/**
 * PUT cart/{cartItemId}: another ticket type, another person (a new hold for them, the old one
 * released), or `hold_again` for an expired item. A waitlist offer stays with the person offered.
 */
export const updateItem = async (
  db: Db,
  caller: CartCaller,
  itemId: number,
  changes: UpdateItemChanges,
  ids: PersonIds,
  holdMinutes: number,
): Promise<CartDto> => {
  const { selected, pick } = await resolvePeople(db, caller, ids);
  const [item] = await ownItems(db, caller, [itemId]);
  const person = changes.purchased_for_user_id === undefined ? undefined : pick(changes.purchased_for_user_id ?? selected.id);
  const occurrence = (await repo.findOccurrence(db, caller.clientId, { id: item!.occurrence_id }))!;
  const option =
    changes.pricing_option_id === undefined
      ? undefined
      : await repo.findPricingOption(db, caller.clientId, occurrence.activity_id, changes.pricing_option_id);
  if (changes.pricing_option_id !== undefined && !option) {
    throw unprocessable('validation_failed', 'The given data was invalid.', { pricing_option_id: [TICKET_NOT_AVAILABLE] });
  }
  const personChanges = person !== undefined && person.id !== item!.purchased_for_user_id;
  if (personChanges && item!.origin === 'waitlist_offer') {
    throw badRequest('offer_not_transferable', 'A waitlist offer is for the person who was waiting.');
  }
  const reserved = new Set<number>();
  try {
    await inTransaction(db, async (trx) => {
      reserved.clear();
      const forWhom = personChanges ? person : undefined;
      if (forWhom || (changes.hold_again && !item!.held)) {
        const held = await holdOne(trx, caller, occurrence, forWhom?.id ?? item!.purchased_for_user_id, minutesFromNow(holdMinutes), reserved);
        if (forWhom && item!.claim_id !== null) await repo.releaseClaims(trx, [item!.claim_id]);
        await repo.updateCartItem(trx, item!.id, {
          claim_id: held.claimId,
          ...(forWhom ? { purchased_for_user_id: forWhom.id } : {}),
        });
      }
      const covered = item!.covered_by !== null;
      const payer = forWhom ?? pick(item!.purchased_for_user_id);
      if (option) await repo.updateCartItem(trx, item!.id, { pricing_option_id: option.id, price_pence: covered && !forWhom ? 0 : priceFor(payer, option) });
      if (forWhom) {
        // Another person: their own cover (or none) and membership decide the price.
        const pricePence = priceFor(forWhom, option ?? (await repo.findPricingOption(trx, caller.clientId, occurrence.activity_id, item!.pricing_option_id))!);
        await repo.updateCartItem(trx, item!.id, { ...NO_COVER, price_pence: pricePence });
        if (covered) await applyCover(trx, caller, { itemId: item!.id, personId: forWhom.id, occurrenceId: occurrence.id }, true);
      }
      await repo.touchCart(trx, item!.cart_id);
    });
  } catch (error) {
    for (const occurrenceId of reserved) await queuePromotion(db, occurrenceId);
    const code = (error as { code?: unknown } | null)?.code;
    if (code === '23505') throw badRequest('already_in_basket', 'That person already has this session in the basket.');
    throw asBusy(error);
  }
  return cartView(db, caller, selected.id);
};

/**
 * DELETE benefit/remove/{id} (membership cover) and package/remove/{id} (package visit): the
 * item goes back to its ticket type's full price and keeps it (no cover is applied again until
 * it is added again). An item without that cover answers the cart unchanged; another's is 404.
 */
export const removeAppliedExtra = async (db: Db, caller: CartCaller, itemId: number, ids: PersonIds, extra: 'benefit' | 'package'): Promise<CartDto> => {
  const { selected, pick } = await resolvePeople(db, caller, ids);
  const [item] = await ownItems(db, caller, [itemId]);
  if (item!.covered_by === (extra === 'benefit' ? 'membership' : 'package')) {
    const occurrence = (await repo.findOccurrence(db, caller.clientId, { id: item!.occurrence_id }))!;
    const option = (await repo.findPricingOption(db, caller.clientId, occurrence.activity_id, item!.pricing_option_id))!;
    // Without the benefit a member still pays the member price; without the package, their own price.
    const payer = extra === 'benefit' ? { is_member: false } : pick(item!.purchased_for_user_id);
    await repo.updateCartItem(db, item!.id, { ...NO_COVER, price_pence: priceFor(payer, option) });
    await repo.touchCart(db, item!.cart_id);
  }
  return cartView(db, caller, selected.id);
};

/* ---- Waitlist offers (called by the waitlist service) ---- */

/**
 * Holds a freed place as an offer for a waiting person and puts it in their open basket
 * (origin 'waitlist_offer'). Runs in the promotion's transaction, under the occurrence lock
 * that hold_place() takes.
 */
export const offerPlace = async (
  trx: Db,
  offer: { clientId: number; accountUserId: number; membershipUserId: number; occurrenceId: number; activityId: number; expiresAt: Date },
): Promise<repo.HoldResult> => {
  const result = await repo.holdPlace(trx, {
    occurrenceId: offer.occurrenceId,
    accountUserId: offer.accountUserId,
    membershipUserId: offer.membershipUserId,
    kind: 'offer',
    expiresAt: offer.expiresAt,
  });
  if (result.outcome !== 'held') return result;
  // The account holder's basket, the one the site shows and pays (a child's place is an item
  // for the child in it), as for a place the customer adds for a family member.
  const { self } = pickPeople(await repo.findMembershipUsers(trx, offer.clientId, offer.accountUserId), {});
  const cart = await repo.openCart(trx, offer.clientId, offer.accountUserId, self.id);
  const option = await repo.findPricingOption(trx, offer.clientId, offer.activityId, undefined);
  if (!option) throw new AppError({ code: 'no_pricing_option', status: 500, message: `Activity ${offer.activityId} has no pricing option.` });
  const { id: itemId } = await repo.upsertCartItem(trx, {
    clientId: offer.clientId,
    cartId: cart.id,
    occurrenceId: offer.occurrenceId,
    pricingOptionId: option.id,
    purchasedForUserId: offer.membershipUserId,
    claimId: result.claim_id!,
    pricePence: priceFor({ is_member: await isMember(trx, offer.clientId, offer.membershipUserId) }, option),
    origin: 'waitlist_offer',
  });
  // The person's membership or package covers an offered place as it would a place they add.
  await applyCover(trx, { clientId: offer.clientId, accountUserId: offer.accountUserId }, { itemId, personId: offer.membershipUserId, occurrenceId: offer.occurrenceId }, true);
  await repo.touchCart(trx, cart.id);
  return result;
};

/** A waiter leaves while holding an offer: the offer's place is released and its item goes. */
export const withdrawOffer = async (trx: Db, claimId: number) => {
  const item = await repo.findItemByClaim(trx, claimId);
  await repo.releaseClaims(trx, [claimId]);
  if (item) await repo.deleteCartItems(trx, [item.id]);
};

/**
 * The sweep (every minute): expired holds and offers are marked released in batches; the 0010
 * trigger lapses the offers' waitlist entries and queues promotion. Availability never waits for
 * it (expired claims are ignored at once, and hold_place() releases them itself).
 */
export const releaseExpiredClaims = async (db: Db, batch = 1000): Promise<number> => {
  let total = 0;
  for (;;) {
    const released = await inTransaction(db, (trx) => repo.releaseExpiredClaims(trx, batch));
    total += released;
    if (released < batch) return total;
  }
};

/* ---- Checkout (issue 10, modules/checkout): the cart locked, lost holds taken again, holds → bookings ---- */

/** The open cart's id of (account, selected person), or undefined. */
export const findOpenCartId = async (db: Db, caller: CartCaller, selectedUserId: number) =>
  (await repo.findOpenCart(db, caller.clientId, caller.accountUserId, selectedUserId))?.id;

/** Locks the cart row (FOR UPDATE) in the caller's transaction; undefined when not this client's. */
export const lockCartForCheckout = (trx: Db, clientId: number, cartId: number) => repo.lockCart(trx, clientId, cartId);

export const checkoutItems = (trx: Db, cartId: number) => repo.findCheckoutItems(trx, cartId);
export type CheckoutItem = repo.CheckoutItemRow;

/**
 * A hold that expired during payment, taken again when the place is still free: answers the new
 * claim id (the item points at it), or null when the place is gone.
 */
export const retakeHold = async (trx: Db, caller: CartCaller, item: CheckoutItem, holdMinutes: number): Promise<number | null> => {
  const result = await repo.holdPlace(trx, {
    occurrenceId: item.occurrence_id,
    accountUserId: caller.accountUserId,
    membershipUserId: item.purchased_for_user_id,
    kind: 'hold',
    expiresAt: minutesFromNow(holdMinutes),
  });
  if ((result.outcome !== 'held' && result.outcome !== 'already_held') || result.claim_id === null) return null;
  await repo.updateCartItem(trx, item.id, { claim_id: result.claim_id });
  return result.claim_id;
};

/**
 * The cart's held places become bookings (claims kind 'booking', no expiry; one `bookings` row
 * each, `claim_id` UNIQUE) and the cart is completed. Answers the booking id per cart item.
 * Throws when a claim is no longer active (the caller's transaction rolls back).
 */
export const bookCart = async (trx: Db, caller: CartCaller, cartId: number, items: readonly (CheckoutItem & { claim_id: number })[]) => {
  const converted = new Set(await repo.convertClaims(trx, items.map((i) => i.claim_id)));
  if (converted.size !== items.length) throw conflict('cart_hold_lost', CART_FULL_MESSAGE);
  const rows = items.length
    ? await repo.insertBookings(
        trx,
        items.map((i) => ({
          client_id: caller.clientId,
          claim_id: i.claim_id,
          occurrence_id: i.occurrence_id,
          account_user_id: caller.accountUserId,
          membership_user_id: i.purchased_for_user_id,
          pricing_option_id: i.pricing_option_id,
          price_pence: i.price_pence,
        })),
      )
    : [];
  await repo.markCartCompleted(trx, cartId);
  const byClaim = new Map(rows.map((r) => [Number(r.claim_id), r.id]));
  return new Map(items.map((i) => [i.id, byClaim.get(i.claim_id)!]));
};
