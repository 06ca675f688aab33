import { z } from 'zod';

/**
 * Shared pieces of the front-of-house (till) contract (issue 24, docs/front-of-house.md).
 * Every till route is staff only: a customer's token gets 403 'Unauthorised.'.
 */

/** A numeric id in a path ('12'), at most 9 digits, as a number. */
export const ZPathId = z.string().regex(/^\d{1,9}$/, 'Must be a number').transform(Number);

/** Pence, whole, never negative, at most £100,000.00 (a till never takes more in one line). */
export const ZPence = z.number().int('Must be a whole number of pence').min(0, 'Must be at least 0').max(10_000_000, 'Must be at most 10000000');

/** A reason staff give for a pay-in, pay-out, correction, discount or override (recorded). */
export const ZReason = z.string().trim().min(3, 'Give a reason (at least 3 characters)').max(200, 'Must contain at most 200 character(s)');

/** A money value as the till shows it: pence and the staff user's currency symbol applied. */
export const ZMoney = z.object({ raw: z.number().int(), formatted: z.string() });
export type Money = z.infer<typeof ZMoney>;

/** The staff member a record names. */
export const ZStaffRef = z.object({ id: z.number().int(), name: z.string() });
