import { z } from 'zod';
import { ZPathId } from './common.ts';

/**
 * Attendance (issue 24): today's roster per class and court at a venue; check-in by tapping a
 * name (booking id) or by the booking's signed QR token; no-shows after the session ends.
 */

/** GET /api/foh/venues/{venue}/roster : today's sessions at the venue (venue time), each with who is booked. */
export const ZRosterParams = z.object({ venue: z.string().regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug') });
export const ATTENDANCE_STATES = ['booked', 'checked_in', 'no_show'] as const;
export const ZRosterBooking = z.object({
  booking_id: z.number().int(),
  person: z.string(),
  account_holder: z.string(),
  account_user_id: z.number().int(),
  state: z.enum(ATTENDANCE_STATES),
  checked_in_at: z.string().nullable(),
});
export const ZRosterSession = z.object({
  occurrence_id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  location: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  bookings: z.array(ZRosterBooking),
});
export const ZRosterResponse = z.object({ data: z.array(ZRosterSession) });

export const ZBookingParams = z.object({ bookingId: ZPathId });

/** POST /api/foh/bookings/{bookingId}/check-in (tap) and POST /api/foh/check-in/scan { token } (QR). */
export const ZCheckInRequest = z.object({ till_session_id: z.number().int().positive().optional() }).strict();
export const ZScanRequest = z.object({ token: z.string().trim().min(10).max(200), till_session_id: z.number().int().positive().optional() }).strict();
export const ZCheckIn = z.object({
  booking_id: z.number().int(),
  person: z.string(),
  name: z.string(),
  starts_at: z.string(),
  checked_in_at: z.string(),
  /** True when this request checked them in; false when they already were (the time says when). */
  is_new: z.boolean(),
  message: z.string(),
});
export const ZCheckInResponse = z.object({ data: ZCheckIn });

/** GET /api/my-account/bookings/{bookingId}/qr : the signed token and the QR payload (the check-in link). */
export const ZBookingQr = z.object({ booking_id: z.number().int(), token: z.string(), qr_payload: z.string() });
export const ZBookingQrResponse = z.object({ data: ZBookingQr });

export { ALREADY_CHECKED_IN_PREFIX, INVALID_QR_MESSAGE } from './attendance-texts.ts';
