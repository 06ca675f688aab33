import { z } from 'zod';

const MAX_ID = 2_147_483_647;

/**
 * A record id (a PostgreSQL integer key) in a path, a query or a JSON body: a positive whole
 * number, or the same written as digits ("227"), as clients send either. Anything else (true,
 * [5], "5abc", 1.5, "") is refused, where `z.coerce.number()` would have read `true` as 1 and
 * `[5]` as 5.
 */
export const recordId = () =>
  z.union([z.number(), z.string().trim().regex(/^\d{1,10}$/, 'Must be a number').transform(Number)], { error: 'Must be a number' }).pipe(
    z.number().int('Must be a whole number').positive('Must be a positive number').max(MAX_ID, `Must be at most ${MAX_ID}`),
  );
