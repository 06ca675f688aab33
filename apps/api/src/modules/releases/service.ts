import {
  RELEASE_LIMIT_MESSAGE,
  RELEASE_NOT_FOUND_MESSAGE,
  RELEASE_NOT_OPEN_MESSAGE,
  RELEASE_PUBLISH_HOURS,
  RELEASE_REQUEST_LEAD_MINUTES,
  RELEASE_REQUESTS_PER_CUSTOMER,
  type PublicReleaseDto,
  type ReleaseRequestBody,
  type ReleaseRequestDto,
} from '@app/contract/releases/releases';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../account/service.ts';
import { decideAdd } from '../holds/service.ts';
import { assertTicketsFit } from '../pricing/service.ts';
import { dayOpensAt } from '../timetable/service.ts';
import { makeSeed } from './draw-order.ts';
import * as repo from './repository.ts';

export { drawsDueSoon, resumeStrandedDraws, runDraw } from './draw.ts';
export { drawOrder, rankOf, seedHashOf } from './draw-order.ts';

/**
 * A fair release (issue 25; docs/release.md): a venue's day opens at one instant (the booking
 * window's rule, or a staff override); from 10 minutes before it customers ask for places, and
 * at the instant a draw whose seed was committed beforehand decides them (draw.ts).
 */

const MINUTE_MS = 60_000;

const drawJob = (db: Db, release: { id: number; release_at: Date }, runAt: Date = release.release_at) =>
  enqueue(db, 'release-draw', { releaseId: release.id }, { runAt, jobKey: `release-draw:${release.id}` });

/**
 * The day's release, made with its seed (and its draw job, in the same transaction) the first
 * time it is needed: before the first request for the day can exist. `releaseAt` is the time
 * to use when none is stored yet; else the booking window's rule.
 */
const ensureRelease = async (db: Db, clientId: number, venueId: number, date: string, releaseAt?: Date): Promise<repo.ReleaseRow> => {
  const found = await repo.findRelease(db, venueId, date);
  if (found) return found;
  const at = releaseAt ?? (await dayOpensAt(db, clientId, venueId, date));
  if (!at) throw notFound('release_not_found');
  await inTransaction(db, async (trx) => {
    const { seed, seedHash } = makeSeed();
    const id = await repo.insertRelease(trx, { clientId, venueId, date, releaseAt: at, seed, seedHash });
    if (id !== undefined) await drawJob(trx, { id, release_at: at });
  });
  return (await repo.findRelease(db, venueId, date))!;
};

export type RequestAnswer =
  | { kind: 'accepted'; data: { id: number; status: ReleaseRequestDto['status']; release_at: string; seed_hash: string } }
  | { kind: 'not_open'; body: { message: string; code: 'release_not_open'; opens_at: string; release_at: string } };

/**
 * POST release-requests: the item judged as the basket's add judges it (holds.decideAdd: the
 * caller's people, 403 for anyone else's, the ticket type, unpaid fees; pricing's age rules),
 * except that a day not open yet or a full session is no refusal here. Before the window: its
 * opening. Inside it: one request per person and occurrence (asking again answers the same one),
 * at most 2 per customer and release. After the release it queues behind the drawn ones.
 */
export const makeRequest = async (db: Db, caller: Caller, body: ReleaseRequestBody, now = new Date()): Promise<RequestAnswer> => {
  const { wanted } = await decideAdd(db, caller, { items: [body.item] }, undefined, { pastRelease: true, allowFull: true });
  const want = wanted[0]!;
  await assertTicketsFit(db, caller.clientId, [{ personId: want.person.id, optionId: want.option.id, occurrenceId: want.occurrence.id, field: 'item.pricing_option_id' }]);
  const day = await repo.findOccurrenceDay(db, caller.clientId, want.occurrence.id);
  if (!day) throw notFound('occurrence_not_found');
  const release = await ensureRelease(db, caller.clientId, day.venue_id, day.local_date);
  const opensAt = new Date(release.release_at.getTime() - RELEASE_REQUEST_LEAD_MINUTES * MINUTE_MS);
  if (now < opensAt) {
    return {
      kind: 'not_open',
      body: { message: RELEASE_NOT_OPEN_MESSAGE, code: 'release_not_open', opens_at: opensAt.toISOString(), release_at: release.release_at.toISOString() },
    };
  }
  const request = await inTransaction(db, async (trx) => {
    await repo.lockCustomerAtRelease(trx, release.id, caller.accountUserId);
    const mine = await repo.findCustomerRequests(trx, release.id, caller.accountUserId);
    const same = mine.find((r) => r.membership_user_id === want.person.id && r.occurrence_id === want.occurrence.id);
    if (same) return same;
    if (mine.length >= RELEASE_REQUESTS_PER_CUSTOMER) {
      throw unprocessable('release_limit', RELEASE_LIMIT_MESSAGE, { item: [RELEASE_LIMIT_MESSAGE] });
    }
    const made = await repo.insertRequest(trx, {
      clientId: caller.clientId,
      releaseId: release.id,
      accountUserId: caller.accountUserId,
      membershipUserId: want.person.id,
      occurrenceId: want.occurrence.id,
      item: { ...body.item, purchased_for_user_id: want.person.id },
    });
    // After the release: first come, first served behind the drawn ones (the draw job again, now).
    if (made.created_at >= release.release_at) await drawJob(trx, release, new Date());
    return made;
  });
  return { kind: 'accepted', data: { id: request.id, status: request.status, release_at: release.release_at.toISOString(), seed_hash: release.seed_hash } };
};

/** GET release-requests: the caller's requests; the seed once its draw is over. */
export const listRequests = async (db: Db, caller: Caller): Promise<ReleaseRequestDto[]> =>
  (await repo.findAccountRequests(db, caller.clientId, caller.accountUserId)).map((row) => ({
    id: row.id,
    status: row.status,
    occurrence_id: row.occurrence_id,
    purchased_for_user_id: row.membership_user_id,
    position: row.status === 'waitlisted' ? row.position : null,
    reason: row.reason,
    release_at: new Date(row.release_at).toISOString(),
    seed_hash: row.seed_hash,
    seed: row.drawn_at === null ? null : row.seed,
  }));

/**
 * GET venues/{venue}/releases/{date} (public): the day's release with its committed hash, and
 * its seed once drawn, so the page shows both to everyone. A release not stored yet is made
 * (seed and draw job, as the first request would) only when the rule's instant is still ahead
 * and within RELEASE_PUBLISH_HOURS: a visitor cannot make rows for far dates.
 */
export const publicRelease = async (db: Db, clientId: number, venue: string, date: string, now = new Date()): Promise<PublicReleaseDto> => {
  const found = await repo.findVenue(db, clientId, venue);
  if (!found) throw notFound('venue_not_found', "We couldn't find the venue you are looking for.");
  if (found.client_id !== clientId) throw forbidden();
  let release = await repo.findRelease(db, found.id, date);
  if (!release) {
    const at = await dayOpensAt(db, clientId, found.id, date);
    if (!at || at <= now || at.getTime() - now.getTime() > RELEASE_PUBLISH_HOURS * 60 * MINUTE_MS) throw notFound('release_not_found', RELEASE_NOT_FOUND_MESSAGE);
    release = await ensureRelease(db, clientId, found.id, date, at);
  }
  const drawn = release.drawn_at !== null;
  return {
    venue_id: found.id,
    date,
    release_at: release.release_at.toISOString(),
    requests_open_at: new Date(release.release_at.getTime() - RELEASE_REQUEST_LEAD_MINUTES * MINUTE_MS).toISOString(),
    seed_hash: release.seed_hash,
    seed: drawn ? release.seed : null,
    drawn,
  };
};

export const RELEASE_IN_PAST_MESSAGE = 'The release time must be in the future.';
export const RELEASE_DRAWN_MESSAGE = "This day's release has already been drawn.";

/**
 * PUT foh/venues/{venue}/releases/{date}: staff of the venue's operator move the day's release
 * (its draw job moves with it). The instant must be in the future, and the draw not run yet.
 */
export const moveRelease = async (db: Db, staff: Caller, venue: string, date: string, releaseAtText: string, now = new Date()) => {
  const found = await repo.findVenue(db, staff.clientId, venue);
  if (!found) throw notFound('venue_not_found', "We couldn't find the venue you are looking for.");
  if (found.client_id !== staff.clientId) throw forbidden();
  const releaseAt = new Date(releaseAtText);
  if (!(releaseAt > now)) throw unprocessable('validation_failed', 'The given data was invalid.', { release_at: [RELEASE_IN_PAST_MESSAGE] });
  const made = await ensureRelease(db, staff.clientId, found.id, date, releaseAt);
  const moved = await inTransaction(db, async (trx) => {
    const release = (await repo.findReleaseById(trx, made.id, true))!;
    if (release.drawn_at !== null || release.release_at <= now) {
      throw new AppError({ code: 'release_drawn', status: 422, message: RELEASE_DRAWN_MESSAGE, errors: { release_at: [RELEASE_DRAWN_MESSAGE] } });
    }
    await repo.moveRelease(trx, release.id, releaseAt, staff.accountUserId);
    await drawJob(trx, { id: release.id, release_at: releaseAt });
    return { ...release, release_at: releaseAt };
  });
  return { venue_id: found.id, date, release_at: moved.release_at.toISOString(), seed_hash: moved.seed_hash, drawn: false };
};
