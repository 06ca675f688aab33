import { WAITLIST_JOINED_MESSAGE, WAITLIST_LEFT_MESSAGE, type WaitlistActionResponse, type WaitlistEntryDto } from '@app/contract/waitlist/waitlist';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, notFound, type AppError } from '../../lib/errors.ts';
import { resolvePeople, type Caller } from '../account/service.ts';
import { addOffer, withdrawOffer } from '../basket/service.ts';
import { asBusy, offerPlace } from '../holds/service.ts';
import * as email from '../email/service.ts';
import * as repo from './repository.ts';
import { OFFER_TEXTS } from './email-texts.ts';

/** Which family of ids the caller used: numeric (activities service) or uuid (v1 activities). */
type IdStyle = 'numeric' | 'uuid';

const toDto = (entry: repo.EntryRow, style: IdStyle, type = 'purchasableOccurrence'): WaitlistEntryDto => {
  const id = style === 'numeric' ? entry.id : entry.uuid;
  return {
    id,
    waitlist_id: id,
    type,
    occurrence_id: entry.occurrence_id,
    membership_user_id: entry.membership_user_id,
    status: entry.status,
    position: entry.position,
    offer_expires_at: entry.offer_expires_at === null ? null : new Date(entry.offer_expires_at).toISOString(),
  };
};

const WAITLIST_KINDS = new Set(['class', 'ad_hoc']);

/**
 * Join the waitlist of a full session for the selected person. Only when full (a newcomer could
 * not hold a place now); one entry per person (joining again answers the same entry).
 */
export const join = async (
  db: Db,
  caller: Caller,
  ref: { id: number } | { uuid: string },
  personId: number | null | undefined,
  type?: string,
): Promise<WaitlistActionResponse> => {
  const { selected } = await resolvePeople(db, caller, { selected_user_id: personId });
  const occurrence = await repo.findOccurrence(db, caller.clientId, ref);
  if (!occurrence) throw notFound('occurrence_not_found');
  if (!WAITLIST_KINDS.has(occurrence.kind)) throw badRequest('no_waitlist', 'This session has no waiting list.');
  const entry = await inTransaction(db, async (trx) => {
    await repo.lockOccurrence(trx, occurrence.id);
    if (occurrence.cancelled_at !== null) throw badRequest('occurrence_cancelled', 'This session has been cancelled.');
    if (new Date(occurrence.starts_at) <= new Date()) throw badRequest('occurrence_started', 'This session has already started.');
    const existing = await repo.findLiveEntry(trx, occurrence.id, selected.id);
    if (existing) return existing;
    const claim = await repo.findLiveClaim(trx, occurrence.id, selected.id);
    if (claim?.kind === 'booking') throw badRequest('already_booked', 'This person has already booked this session.');
    if (claim) throw badRequest('already_held', 'This person already has a place held in the basket.');
    if ((await repo.placesForNewcomer(trx, occurrence.id)) > 0) {
      throw badRequest('waitlist_not_full', 'There are still places left in this session, so you can book it now.');
    }
    await repo.insertEntry(trx, { clientId: caller.clientId, occurrenceId: occurrence.id, accountUserId: caller.accountUserId, membershipUserId: selected.id });
    return (await repo.findLiveEntry(trx, occurrence.id, selected.id))!;
  }).catch((error: unknown) => {
    throw asBusy(error);
  });
  return { data: toDto(entry, 'id' in ref ? 'numeric' : 'uuid', type), message: WAITLIST_JOINED_MESSAGE };
};

/** What joining came to for one person of `joinInOrder`: their entry's position, or the refusal `join` would give. */
export type JoinOutcome = { position: number } | { error: AppError };

/**
 * Many people onto one session's waitlist in the order given, inside the caller's transaction
 * (the release draw's requests that found their session full, docs/release.md): the rules of
 * `join` for each, in a few statements for all. The people must be the accounts' own (the caller
 * has checked). A person already on it keeps their entry; one holding or booked is refused as
 * `join` refuses; while a newcomer could still hold a place (one was freed) every one of them is
 * answered `waitlist_not_full` and nobody joins, so the caller tries their holds again in order.
 */
export const joinInOrder = async (
  trx: Db,
  clientId: number,
  occurrenceId: number,
  people: readonly { accountUserId: number; membershipUserId: number }[],
): Promise<JoinOutcome[]> => {
  if (!people.length) return [];
  const everyone = (error: AppError) => people.map(() => ({ error }));
  const occurrence = await repo.findOccurrence(trx, clientId, { id: occurrenceId });
  if (!occurrence) return everyone(notFound('occurrence_not_found'));
  if (!WAITLIST_KINDS.has(occurrence.kind)) return everyone(badRequest('no_waitlist', 'This session has no waiting list.'));
  await repo.lockOccurrence(trx, occurrence.id);
  if (occurrence.cancelled_at !== null) return everyone(badRequest('occurrence_cancelled', 'This session has been cancelled.'));
  if (new Date(occurrence.starts_at) <= new Date()) return everyone(badRequest('occurrence_started', 'This session has already started.'));
  const ids = people.map((p) => p.membershipUserId);
  const claims = new Map((await repo.findLiveClaims(trx, occurrence.id, ids)).map((c) => [c.membership_user_id, c.kind]));
  const entered = new Set((await repo.findLiveEntries(trx, occurrence.id, ids)).map((e) => e.membership_user_id));
  const newcomers = people.filter((p) => !entered.has(p.membershipUserId) && !claims.has(p.membershipUserId));
  if (newcomers.length && (await repo.placesForNewcomer(trx, occurrence.id)) > 0) {
    return everyone(badRequest('waitlist_not_full', 'There are still places left in this session, so you can book it now.'));
  }
  await repo.insertEntriesInOrder(trx, clientId, occurrence.id, newcomers);
  const entries = new Map((await repo.findLiveEntries(trx, occurrence.id, ids)).map((e) => [e.membership_user_id, e]));
  return people.map((p): JoinOutcome => {
    const entry = entries.get(p.membershipUserId);
    if (entry) return { position: entry.position };
    if (claims.get(p.membershipUserId) === 'booking') return { error: badRequest('already_booked', 'This person has already booked this session.') };
    return { error: badRequest('already_held', 'This person already has a place held in the basket.') };
  });
};

/** Leaves: a waiting entry is 'left'; an offered one also gives its place back (to the next waiter). */
const leaveEntry = async (db: Db, entry: repo.EntryRow, style: IdStyle): Promise<WaitlistActionResponse> => {
  const after = await inTransaction(db, async (trx) => {
    await repo.lockOccurrence(trx, entry.occurrence_id);
    const current = (await repo.findEntryById(trx, entry.client_id, entry.id))!;
    if (current.status === 'offered' && current.claim_id !== null) await withdrawOffer(trx, current.claim_id);
    if (current.status === 'waiting' || current.status === 'offered') await repo.setEntryStatus(trx, current.id, 'left');
    return (await repo.findEntryById(trx, entry.client_id, entry.id))!;
  }).catch((error: unknown) => {
    throw asBusy(error);
  });
  return { data: toDto(after, style), message: WAITLIST_LEFT_MESSAGE };
};

/** DELETE waitlist/remove/{waitlistId}: the caller's entry, else 404. */
export const leaveById = async (db: Db, caller: Caller, waitlistId: number) => {
  const entry = await repo.findEntryById(db, caller.clientId, waitlistId);
  if (!entry || entry.account_user_id !== caller.accountUserId) throw notFound('waitlist_entry_not_found');
  return leaveEntry(db, entry, 'numeric');
};

/** DELETE v1 …/occurrences/{uuid}/waitlist/members/{userId}: the person must be the caller's (403). */
export const leaveByMember = async (db: Db, caller: Caller, occurrenceUuid: string, userId: number) => {
  const { selected } = await resolvePeople(db, caller, { selected_user_id: userId });
  const occurrence = await repo.findOccurrence(db, caller.clientId, { uuid: occurrenceUuid });
  if (!occurrence) throw notFound('occurrence_not_found');
  const entry = await repo.findLiveEntry(db, occurrence.id, selected.id);
  if (!entry) throw notFound('waitlist_entry_not_found');
  return leaveEntry(db, entry, 'uuid');
};

/* ---- Automatic promotion ---- */

export type PromotionSettings = { offerMinutes: number; publicUrl: string };

/** The offer email, in the account holder's recorded language (issue 27; `person.language`). */
const offerEmail = (occurrence: repo.WaitlistOccurrence, person: Awaited<ReturnType<typeof repo.findPerson>>, expiresAt: Date, publicUrl: string) => {
  const language = person.language;
  const t = OFFER_TEXTS[language];
  const when = new Intl.DateTimeFormat(language, { timeZone: occurrence.timezone, weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(occurrence.starts_at),
  );
  const until = new Intl.DateTimeFormat(language, {
    timeZone: occurrence.timezone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(expiresAt);
  const basket = `${publicUrl.replace(/\/$/, '')}/basket`;
  const subject = t.session.subject(occurrence.name, when, occurrence.starts_24);
  const text = [
    t.hello(person.account_first_name),
    '',
    t.session.free({ name: occurrence.name, venue: occurrence.venue_name, when, time: occurrence.starts_24, person: `${person.first_name} ${person.last_name}` }),
    '',
    t.session.holding(email.afterPreposition(until, language), basket),
    '',
    t.notWanted,
  ].join('\n');
  return { subject, text };
};

/**
 * Offers every free place of the occurrence to the people waiting, first come first served:
 * an 'offer' claim (hold_place(), under the occurrence lock) lasting WAITLIST_OFFER_MINUTES but
 * never past the start, an item in the waiter's basket, the entry 'offered' and an email, all in
 * one transaction. Idempotent: with no free place or nobody waiting it does nothing.
 */
export const promote = async (db: Db, occurrenceId: number, settings: PromotionSettings): Promise<number> =>
  inTransaction(db, async (trx) => {
    const occurrence = await repo.findOccurrenceById(trx, occurrenceId);
    if (!occurrence) return 0;
    await repo.lockOccurrence(trx, occurrence.id);
    let offered = 0;
    for (;;) {
      const waiter = await repo.findFirstWaiting(trx, occurrence.id);
      if (!waiter) return offered;
      const expiresAt = new Date(Math.min(Date.now() + settings.offerMinutes * 60_000, new Date(occurrence.starts_at).getTime()));
      if (expiresAt.getTime() <= Date.now()) return offered;
      const offer = {
        clientId: occurrence.client_id,
        accountUserId: waiter.account_user_id,
        membershipUserId: waiter.membership_user_id,
        occurrenceId: occurrence.id,
        activityId: occurrence.activity_id,
        expiresAt,
      };
      // The place (holds), then the item in the waiter's basket (basket), in this transaction.
      const result = await offerPlace(trx, offer);
      if (result.outcome === 'held') await addOffer(trx, offer, result.claim_id!);
      if (result.outcome === 'already_held' || result.outcome === 'already_booked') {
        // They hold or booked a place already: no longer waiting.
        await repo.setEntryStatus(trx, waiter.id, 'accepted');
        continue;
      }
      if (result.outcome !== 'held') return offered;
      await repo.markOffered(trx, waiter.id, result.claim_id!, expiresAt);
      const person = await repo.findPerson(trx, waiter.membership_user_id);
      await email.queueEmail(trx, { clientId: occurrence.client_id, kind: 'waitlist_offer', to: person.email, ...offerEmail(occurrence, person, expiresAt, settings.publicUrl) });
      offered += 1;
    }
  });
