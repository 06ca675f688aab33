import { z } from 'zod';

/**
 * The kiosk's identification (issue 24 "The kiosk"): nobody types a password on a public screen.
 * A customer scans their booking QR token, or gives their membership number and a short PIN set in
 * My account. Either answers a short-lived kiosk session token (bearer) for that customer.
 */

/** PUT /api/my-account/kiosk-pin: set or change the PIN (4 to 6 digits; stored hashed). */
export const ZSetKioskPinRequest = z.object({ pin: z.string().regex(/^\d{4,6}$/, 'Must be 4 to 6 digits') }).strict();
export const ZSetKioskPinResponse = z.object({ data: z.object({ is_set: z.boolean() }) });

/** POST /api/kiosk/identify */
export const ZKioskIdentifyRequest = z.union([
  z.object({ token: z.string().trim().min(10).max(200) }).strict(),
  z.object({ membership_number: z.string().trim().min(3).max(40), pin: z.string().regex(/^\d{4,6}$/, 'Must be 4 to 6 digits') }).strict(),
]);
export const ZKioskIdentify = z.object({
  token: z.string(),
  expires_in_seconds: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** With a QR token: the booking it names (the kiosk offers to check it in). */
  booking_id: z.number().int().nullable(),
});
export const ZKioskIdentifyResponse = z.object({ data: ZKioskIdentify });

/** POST /api/kiosk/check-in { token }: the same attendance record as the till (no staff member). */
export const ZKioskCheckInRequest = z.object({ token: z.string().trim().min(10).max(200) }).strict();

export const KIOSK_PIN_WRONG_MESSAGE = 'The membership number or PIN is not right.';
export const KIOSK_PIN_LOCKED_MESSAGE = 'Too many wrong PINs. Please ask at reception.';
/** Wrong PINs before the PIN is locked for KIOSK_PIN_LOCK_MINUTES. */
export const KIOSK_PIN_MAX_ATTEMPTS = 5;
export const KIOSK_PIN_LOCK_MINUTES = 15;
export const KIOSK_SESSION_SECONDS = 300;

/**
 * Booking at the kiosk (docs/kiosk.md "Booking and paying at the kiosk"), with the kiosk's session.
 * GET /api/kiosk/people: the account's people (the customer and their family), to book for.
 */
export const ZKioskPerson = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), relationship: z.string() });
export type KioskPersonDto = z.infer<typeof ZKioskPerson>;
export const ZKioskPeopleResponse = z.object({ data: z.array(ZKioskPerson) });

/** Which day at the kiosk: its venue's today or tomorrow, nothing else. */
export const KIOSK_DAYS = ['today', 'tomorrow'] as const;
export const ZKioskSessionsQuery = z.object({
  venue: z.string().trim().min(1).max(120),
  day: z.enum(KIOSK_DAYS),
  person_id: z.coerce.number().int().positive(),
});
/**
 * GET /api/kiosk/sessions: the day's sessions still to start at the venue (classes and sessions,
 * not courts), each with the first ticket type that fits the person (null: none fits, and why).
 */
export const ZKioskSession = z.object({
  id: z.number().int(),
  activity_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Venue-local 'HH:MM'. */
  time: z.string(),
  end_time: z.string(),
  location_name: z.string().nullable(),
  spaces_left: z.number().int(),
  ticket: z.object({ id: z.number().int(), name: z.string(), price_pence: z.number().int() }).nullable(),
  not_for_person: z.string().nullable(),
});
export const ZKioskSessions = z.object({ date: z.string(), venue: z.object({ slug: z.string(), name: z.string() }), sessions: z.array(ZKioskSession) });
export const ZKioskSessionsResponse = z.object({ data: ZKioskSessions });
export type KioskSessionsDto = z.infer<typeof ZKioskSessions>;

