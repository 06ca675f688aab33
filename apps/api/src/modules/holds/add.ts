import type { CartAddRequest } from '@app/contract/cart/cart';
import type { Db } from '../../db/connect.ts';
import type { ActivityKind } from '../../db/schema.ts';
import { badRequest, notFound, unprocessable } from '../../lib/errors.ts';
import { pickPeople, resolvePeople, type Caller } from '../account/service.ts';
import { assertNoUnpaidFees } from '../bookings/service.ts';
import { markFull, type FullMark, type FullMarks } from './full-marks.ts';
import { cartFull } from './refusals.ts';
import * as repo from './repository.ts';

/**
 * What an add decides before it holds anything (docs/holds.md "One query per refusal"): the
 * caller, each item's occurrence, person and ticket type, and a refusal from the committed
 * state (full, not open yet, unpaid fees) that takes no lock.
 */

/**
 * A caller whose session is not looked up yet (the route's `sessionInHandler`): the add's first
 * query finds it with the context, and `settle` turns what it found into the caller (401 when
 * none). `lookUp` finds it alone, when the first item cannot be read.
 */
export type UnsettledCaller = {
  clientId: number;
  token: { hash: string; idleMinutes: number };
  settle: (session: { sessionId: number; userId: number; role: 'customer' | 'staff' } | undefined) => Caller;
  lookUp: () => Promise<{ sessionId: number; userId: number; role: 'customer' | 'staff' } | undefined>;
};

type AddItem = CartAddRequest['items'][number];
export const isOccurrenceItem = (item: AddItem) => item.type === undefined || item.type === 'purchasableOccurrence';

const OCCURRENCE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A v1 numeric id (number or digits) or a v2 uuid. */
const occurrenceRef = (id: number | string): { id: number } | { uuid: string } | null => {
  if (typeof id === 'number') return { id };
  if (/^\d{1,9}$/.test(id)) return { id: Number(id) };
  return OCCURRENCE_UUID.test(id) ? { uuid: id.toLowerCase() } : null;
};

export const TICKET_NOT_AVAILABLE = 'The selected ticket type is not available for this session.';
export const NOT_OPEN_YET_MESSAGE = 'This session is not open for booking yet.';

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
const refuseUnderMark = async (db: Db, who: Caller | UnsettledCaller, body: CartAddRequest, mark: FullMark): Promise<Caller> => {
  let caller: Caller;
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
 * The caller, and the first item's add context when the session was found in the same query
 * (one round trip for a refusal, docs/holds.md "One query per refusal"); `null` when not read yet.
 */
const settleCaller = async (db: Db, who: Caller | UnsettledCaller, first: AddItem | undefined) => {
  if (!('token' in who)) return { caller: who, firstContext: null };
  const ref = first && isOccurrenceItem(first) ? occurrenceRef(first.id) : null;
  if (!first || !ref) return { caller: who.settle(await who.lookUp()), firstContext: null };
  const found = await repo.findAddContextForSession(db, who.clientId, who.token, ref, (first.ticket_id ?? first.pricing_option_id) ?? undefined);
  return { caller: who.settle(found.session), firstContext: found.context };
};

/** One item an add will hold: the occurrence, for whom, the ticket type, and whether benefits apply. */
export type AddWanted = {
  occurrence: { id: number; uuid: string; activity_id: number; kind: ActivityKind; starts_at: Date; location_id: number | null; allocation_strategy: string | null; cancelled_at: Date | null };
  person: { id: number; first_name: string; last_name: string; relationship: 'self' | 'partner' | 'child' | 'other'; is_member: boolean; may_be_covered?: boolean };
  option: { id: number; name: string; price_pence: number; member_price_pence: number };
  /** Wire notes' `apply_benefit`: false keeps the full price. */
  applyBenefit: boolean;
};

/**
 * POST cart/add before any hold: the caller settled, a refusal from a "full" mark or from the
 * committed add context (one statement per item; unpaid fees first, then not open yet, ticket
 * type, full), and otherwise what to hold for whom. Throws the refusal.
 */
export const decideAdd = async (
  db: Db,
  who: Caller | UnsettledCaller,
  body: CartAddRequest,
  marks?: FullMarks,
  // allowFull: a release request (modules/releases) is judged like an add but never refused as full.
  atDesk: { pastRelease?: boolean; allowFull?: boolean } = {},
) => {
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
  const read = contexts.find((c) => c);
  const { selected, pick } = read ? pickPeople(read.people, body) : await resolvePeople(db, caller, body);
  let fullAlready = false;
  const wanted: AddWanted[] = body.items.map((item, index) => {
    const found = contexts[index];
    if (!found) throw notFound('occurrence_not_found');
    // null or absent: the selected person (wire notes: null means the customer whose basket it is).
    const person = item.purchased_for_user_id == null ? selected : pick(item.purchased_for_user_id);
    const { option, free, claimed_by, people: _people, open, unpaid_fees: _fees, venue_id: _v, category_id: _c, local_day: _d, ...occurrence } = found;
    // Staff at the desk are not bound by the online release time (docs/front-of-house.md).
    if (!open && !atDesk.pastRelease) throw badRequest('not_open_yet', NOT_OPEN_YET_MESSAGE);
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
    return { occurrence, person, option, applyBenefit };
  });
  if (fullAlready && !atDesk.allowFull) {
    if (marks && markKey) await markFull(db, marks, markKey, caller.clientId, contexts[0]!);
    throw cartFull();
  }
  return { caller, selected, wanted };
};
