import { z } from 'zod';

/** A number given in a query string: '53.6', '-2', never '' or 'abc'. */
export const queryNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'Must be a number')
    .transform(Number)
    .pipe(z.number().min(min, `Must be at least ${min}`).max(max, `Must be at most ${max}`));
