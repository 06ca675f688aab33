/**
 * The roster's check-in texts (issue 24), apart from the schemas in attendance.ts so the till's
 * roster screen does not carry zod (issue 28). attendance.ts re-exports them.
 */

export const ALREADY_CHECKED_IN_PREFIX = 'Already checked in at';
export const INVALID_QR_MESSAGE = 'This QR code is not valid.';
