import type { ManageOccurrence, OperatorChange } from '@app/contract/manage/occurrences';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/language.ts';
import type { RequestOrigin } from '../account/service.ts';
import { cancelForOccurrence } from '../bookings/service.ts';
import { accountUrl, dateInWords, queueEmail } from '../email/service.ts';
import { getVenue } from '../venues/service.ts';
import { occurrenceChangedEmail } from './emails/occurrence-changed.ts';
import { changeSummary } from './change-summary.ts';
import * as repo from './repository.ts';

/**
 * The operator console (issue 26, docs/operator-tools.md): staff with the operator (manager) role
 * change a venue's occurrences. Each change is one transaction under the occurrence's row lock (the
 * lock a hold takes), and writes its append-only operator_changes row in that transaction.
 */

import type { Manager } from './manager.ts';

export type { Manager } from './manager.ts';

export const NOT_A_MANAGER = 'Unauthorised.';
export const OCCURRENCE_NOT_FOUND = 'We couldn\u2019t find that session.';

/** 403 unless the caller (already known to be staff) has the manager role at this operator. */
export const assertManager = async (db: Db, manager: Manager) => {
  if (!(await repo.isManager(db, manager.clientId, manager.userId))) throw forbidden();
};

const iso = (value: Date | string) => new Date(value).toISOString();

const toDto = (row: repo.OccurrenceRow): ManageOccurrence => ({
  id: row.id,
  activity_name: row.activity_name,
  kind: row.kind,
  starts_at: iso(row.starts_at),
  ends_at: iso(row.ends_at),
  time: row.time,
  end_time: row.end_time,
  capacity: row.capacity,
  booked: row.booked,
  held: row.held,
  waiting: row.waiting,
  instructor: row.instructor_id === null ? null : { id: row.instructor_id, name: row.instructor_name! },
  location: row.location_id === null ? null : { id: row.location_id, name: row.location_name! },
  cancelled_at: row.cancelled_at === null ? null : iso(row.cancelled_at),
  started: row.started,
  template_id: row.template_id,
});

const venueRef = (venue: { id: number; slug: string; name: string }) => ({ id: venue.id, slug: venue.slug, name: venue.name });

export const listVenues = async (db: Db, manager: Manager) => ({ data: await repo.listVenues(db, manager.clientId) });

/** A venue's occurrences of one day, with the instructors and rooms a change may name. */
export const occurrencesOfDay = async (db: Db, manager: Manager, venueSlug: string, date: string) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const [rows, instructors, locations] = await Promise.all([
    repo.occurrencesOfDay(db, manager.clientId, venue.id, date),
    repo.instructorsOf(db, manager.clientId),
    repo.locationsOf(db, manager.clientId, venue.id),
  ]);
  return { data: rows.map(toDto), venue: venueRef(venue), date, instructors, locations };
};

/** The occurrence locked for a change: 404 when not the operator's, 400 once started or cancelled. */
const lockForChange = async (trx: Db, manager: Manager, occurrenceId: number) => {
  if (!(await repo.lockOccurrence(trx, manager.clientId, occurrenceId))) throw notFound('occurrence_not_found', OCCURRENCE_NOT_FOUND);
  const row = (await repo.findOccurrence(trx, manager.clientId, occurrenceId))!;
  if (row.cancelled_at !== null) throw conflict('occurrence_cancelled', 'This session has already been cancelled.');
  if (row.started) throw badRequest('occurrence_started', 'This session has already started, so it can no longer be changed.');
  return row;
};

/**
 * Cancels the occurrence: marked cancelled (the OpenActive item becomes EventCancelled), every
 * booking cancelled with its price back as credit and an email (bookings.cancelForOccurrence),
 * holds and offers released, the waitlist closed, and the change recorded; all or nothing.
 */
export const cancelOccurrence = async (db: Db, manager: Manager, occurrenceId: number, reason: string, origin: RequestOrigin, publicUrl: string) => {
  const result = await inTransaction(db, async (trx) => {
    const row = await lockForChange(trx, manager, occurrenceId);
    await repo.markOccurrenceCancelled(trx, occurrenceId);
    const cancelled = await cancelForOccurrence(trx, { clientId: manager.clientId, occurrenceId, actorUserId: manager.userId, reason, origin, publicUrl });
    const releasedHolds = await repo.releaseHolds(trx, occurrenceId);
    const closed = await repo.closeWaitlist(trx, occurrenceId);
    const detail = { activity: row.activity_name, starts_at: iso(row.starts_at), bookings_cancelled: cancelled.bookings, credit_pence: cancelled.credit_pence, holds_released: releasedHolds, waitlist_closed: closed };
    await repo.insertChange(trx, { client_id: manager.clientId, venue_id: row.venue_id, occurrence_id: occurrenceId, actor_user_id: manager.userId, action: 'occurrence_cancelled', reason, detail });
    return { cancelled, releasedHolds, closed };
  });
  const after = (await repo.findOccurrence(db, manager.clientId, occurrenceId))!;
  const n = result.cancelled.bookings;
  return {
    data: toDto(after),
    cancelled_bookings: n,
    emailed_accounts: result.cancelled.accounts,
    credit_pence: result.cancelled.credit_pence,
    released_holds: result.releasedHolds,
    closed_waitlist_entries: result.closed,
    message: n === 0 ? 'Session cancelled. Nobody was booked.' : `Session cancelled. ${n === 1 ? '1 booking' : `${n} bookings`} cancelled and credited; the customers have been emailed.`,
  };
};

const isCapacityFloor = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23514' && (error as { constraint?: string }).constraint === 'occurrences_capacity_floor';

/** Changes the capacity; below the places booked or held is refused by PostgreSQL (409). */
export const changeCapacity = async (db: Db, manager: Manager, occurrenceId: number, capacity: number, reason: string | undefined) => {
  await inTransaction(db, async (trx) => {
    const row = await lockForChange(trx, manager, occurrenceId);
    if (row.capacity === capacity) throw unprocessable('capacity_unchanged', `The capacity is already ${capacity}.`, { capacity: [`The capacity is already ${capacity}.`] });
    try {
      await repo.setCapacity(trx, occurrenceId, capacity);
    } catch (error) {
      if (!isCapacityFloor(error)) throw error;
      // The transaction is aborted: the places counted under the row lock say how many are taken.
      throw conflict('capacity_below_taken', `The capacity cannot be lower than the ${row.booked + row.held} places already booked or held.`);
    }
    await repo.insertChange(trx, {
      client_id: manager.clientId,
      venue_id: row.venue_id,
      occurrence_id: occurrenceId,
      actor_user_id: manager.userId,
      action: 'capacity_changed',
      reason: reason ?? null,
      detail: { activity: row.activity_name, starts_at: iso(row.starts_at), from: row.capacity, to: capacity },
    });
  });
  return { data: toDto((await repo.findOccurrence(db, manager.clientId, occurrenceId))!), emailed_accounts: 0, message: `Capacity changed to ${capacity}.` };
};

type StaffingChange = { instructor_id?: number | null | undefined; location_id?: number | null | undefined; reason?: string | undefined };

/** Changes the instructor and/or room; each booked account is emailed what changed. */
export const changeStaffing = async (db: Db, manager: Manager, occurrenceId: number, body: StaffingChange, publicUrl: string) => {
  const emailed = await inTransaction(db, async (trx) => {
    const row = await lockForChange(trx, manager, occurrenceId);
    const [instructors, locations] = await Promise.all([repo.instructorsOf(trx, manager.clientId), repo.locationsOf(trx, manager.clientId, row.venue_id)]);
    const nameOf = (list: readonly { id: number; name: string }[], id: number | null) => (id === null ? null : list.find((x) => x.id === id)?.name);
    const set: { instructor_id?: number | null; location_id?: number | null } = {};
    const changes: { label: string; from: string; to: string; action: 'instructor_changed' | 'location_changed'; fromId: number | null; toId: number | null }[] = [];
    if (body.instructor_id !== undefined && body.instructor_id !== row.instructor_id) {
      const to = nameOf(instructors, body.instructor_id);
      if (to === undefined) throw unprocessable('validation_failed', 'The given data was invalid.', { instructor_id: ['Choose an instructor of this operator.'] });
      set.instructor_id = body.instructor_id;
      changes.push({ label: 'Instructor', from: row.instructor_name ?? 'none', to: to ?? 'none', action: 'instructor_changed', fromId: row.instructor_id, toId: body.instructor_id });
    }
    if (body.location_id !== undefined && body.location_id !== row.location_id) {
      const to = nameOf(locations, body.location_id);
      if (to === undefined) throw unprocessable('validation_failed', 'The given data was invalid.', { location_id: ['Choose a room at this venue.'] });
      set.location_id = body.location_id;
      changes.push({ label: 'Room', from: row.location_name ?? 'the venue', to: to ?? 'the venue', action: 'location_changed', fromId: row.location_id, toId: body.location_id });
    }
    if (changes.length === 0) throw unprocessable('nothing_changed', 'Nothing was changed: choose a different instructor or room.');
    await repo.setStaffing(trx, occurrenceId, set);
    for (const c of changes) {
      await repo.insertChange(trx, {
        client_id: manager.clientId,
        venue_id: row.venue_id,
        occurrence_id: occurrenceId,
        actor_user_id: manager.userId,
        action: c.action,
        reason: body.reason ?? null,
        detail: { activity: row.activity_name, starts_at: iso(row.starts_at), from: c.from, to: c.to, from_id: c.fromId, to_id: c.toId },
      });
    }
    const accounts = await repo.bookedAccounts(trx, occurrenceId);
    const venue = await getVenue(trx, manager.clientId, String(row.venue_id));
    for (const account of accounts) {
      await queueEmail(trx, {
        clientId: manager.clientId,
        kind: 'occurrence-changed',
        to: account.email,
        ...occurrenceChangedEmail({
          operator: account.operator,
          firstName: account.first_name,
          activity: row.activity_name,
          when: `${dateInWords(row.local_date, account.language)}, ${row.time}`,
          venue: venue.name,
          people: account.people,
          changes,
          reason: body.reason ?? null,
          bookingsUrl: accountUrl(publicUrl, '/bookings'),
          language: account.language,
        }),
      });
    }
    return accounts.length;
  });
  const data = toDto((await repo.findOccurrence(db, manager.clientId, occurrenceId))!);
  return { data, emailed_accounts: emailed, message: emailed === 0 ? 'Session changed.' : `Session changed; ${emailed === 1 ? '1 booked customer has' : `${emailed} booked customers have`} been emailed.` };
};

const PER_PAGE = 25;

/** The venue's recorded changes, newest first (the console's audit page), each in words in the language. */
export const changesOfVenue = async (db: Db, manager: Manager, venueSlug: string, page: number, language: Language = DEFAULT_LANGUAGE) => {
  const venue = await getVenue(db, manager.clientId, venueSlug);
  const { rows, total } = await repo.changesOfVenue(db, manager.clientId, venue.id, PER_PAGE, (page - 1) * PER_PAGE);
  const data: OperatorChange[] = rows.map((row) => ({
    id: row.id,
    action: row.action,
    occurrence_id: row.occurrence_id,
    summary: changeSummary(row, language),
    reason: row.reason,
    detail: row.detail,
    by: { id: row.actor_id, name: row.actor_name },
    created_at: iso(row.created_at),
  }));
  return { data, venue: venueRef(venue), meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / PER_PAGE)), total } };
};
