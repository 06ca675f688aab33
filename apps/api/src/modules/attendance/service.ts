import { ALREADY_CHECKED_IN_PREFIX, INVALID_QR_MESSAGE } from '@app/contract/foh/attendance';
import type { Db } from '../../db/connect.ts';
import { AppError, forbidden, unprocessable } from '../../lib/errors.ts';
import { checkInToken, checkInUrl, verifyCheckInToken } from '../../lib/check-in-token.ts';
import * as repo from './repository.ts';

/** The staff member acting, and their operator (foh's Staff: attendance does not import foh, which imports it). */
export type Staff = { clientId: number; staffUserId: number };
/** Timestamps come back as Date (pg). */
const iso = (d: unknown) => new Date(d as Date).toISOString();

/** Attendance (docs/front-of-house.md "Attendance"): the roster, check-in by tap, QR and kiosk, the booking's QR. */

export const roster = async (db: Db, staff: Staff, venueSlug: string) => {
  const rows = await repo.findRoster(db, staff.clientId, venueSlug);
  if (!rows) throw forbidden();
  const sessions = new Map<number, { occurrence_id: number; name: string; kind: string; location: string | null; starts_at: string; ends_at: string; bookings: unknown[] }>();
  for (const r of rows) {
    let session = sessions.get(r.occurrence_id);
    if (!session) {
      session = { occurrence_id: r.occurrence_id, name: r.name, kind: r.kind, location: r.location, starts_at: iso(r.starts_at), ends_at: iso(r.ends_at), bookings: [] };
      sessions.set(r.occurrence_id, session);
    }
    if (r.booking_id !== null)
      session.bookings.push({
        booking_id: r.booking_id,
        person: r.person!,
        account_holder: r.account_holder!,
        account_user_id: r.account_user_id!,
        state: r.checked_in_at ? 'checked_in' : r.no_show ? 'no_show' : 'booked',
        checked_in_at: r.checked_in_at ? iso(r.checked_in_at) : null,
      });
  }
  return { data: [...sessions.values()] as never };
};

type Via = 'tap' | 'qr' | 'kiosk';

/**
 * Checks a booking in once (check_ins' primary key is the booking). Another operator's booking →
 * 403; cancelled or not today → 422. Already checked in: a tap answers 200 with `is_new: false`;
 * a scan (QR, kiosk) answers 409 `already_checked_in` 'Already checked in at 09:14.' (venue time)
 * with the time in `errors.checked_in_at`, so a second scan of one code says when it was used.
 */
const checkIn = async (db: Db, clientId: number, booking: repo.CheckInBooking | undefined, via: Via, by: { staffUserId: number | null; sessionId: number | null }) => {
  if (!booking || booking.client_id !== clientId) throw forbidden();
  if (booking.status !== 'confirmed') throw unprocessable('booking_cancelled', 'This booking was cancelled.');
  if (!booking.is_today) throw unprocessable('not_today', 'This booking is not for today.');
  const written = booking.checked_in_at ? undefined : await repo.insertCheckIn(db, { bookingId: booking.id, clientId, via, ...by });
  const current = written ? booking : await repo.findBookingById(db, booking.id);
  const at = written?.checked_in_at ?? current!.checked_in_at!;
  const message = written ? `${booking.person} is checked in.` : `${ALREADY_CHECKED_IN_PREFIX} ${current!.checked_in_local}.`;
  if (!written && via !== 'tap') throw new AppError({ code: 'already_checked_in', status: 409, message, errors: { checked_in_at: [iso(at)] } });
  return {
    data: { booking_id: booking.id, person: booking.person, name: booking.name, starts_at: iso(booking.starts_at), checked_in_at: iso(at), is_new: written !== undefined, message },
  };
};

/** The till session named must be the caller's own open one (403 otherwise). */
const staffSession = async (db: Db, staff: Staff, sessionId: number | undefined) => {
  if (sessionId === undefined) return null;
  const session = await repo.findTillSession(db, staff.clientId, sessionId);
  if (!session || session.staff_user_id !== staff.staffUserId || session.closed_at) throw forbidden();
  return session.id;
};

export const checkInByTap = async (db: Db, staff: Staff, bookingId: number, tillSessionId: number | undefined) => {
  const sessionId = await staffSession(db, staff, tillSessionId);
  return checkIn(db, staff.clientId, await repo.findBookingById(db, bookingId), 'tap', { staffUserId: staff.staffUserId, sessionId });
};

/** The booking a scanned token names, of this operator: 422 for a token that is not ours' signature, 403 for another operator's booking. */
export const bookingOfToken = async (db: Db, clientId: number, token: string) => {
  const uuid = verifyCheckInToken(token);
  if (!uuid) throw unprocessable('invalid_qr', INVALID_QR_MESSAGE);
  const booking = await repo.findBookingByUuid(db, uuid);
  if (!booking || booking.client_id !== clientId) throw forbidden();
  return booking;
};

export const checkInByScan = async (db: Db, staff: Staff, token: string, tillSessionId: number | undefined) => {
  const sessionId = await staffSession(db, staff, tillSessionId);
  return checkIn(db, staff.clientId, await bookingOfToken(db, staff.clientId, token), 'qr', { staffUserId: staff.staffUserId, sessionId });
};

/** The kiosk's check-in: the same record, no staff member. */
export const checkInAtKiosk = async (db: Db, clientId: number, token: string) =>
  checkIn(db, clientId, await bookingOfToken(db, clientId, token), 'kiosk', { staffUserId: null, sessionId: null });

/** My account → Bookings: the booking's QR token and payload; another customer's booking → 403. */
export const bookingQr = async (db: Db, caller: { clientId: number; accountUserId: number }, bookingId: number, publicUrl: string) => {
  const booking = await repo.findBookingById(db, bookingId);
  if (!booking || booking.client_id !== caller.clientId || booking.account_user_id !== caller.accountUserId) throw forbidden();
  return { data: { booking_id: booking.id, token: checkInToken(booking.uuid), qr_payload: checkInUrl(publicUrl, booking.uuid) } };
};
