import { z } from 'zod';

/** The error body of every non-2xx response (DESIGN.md §3). */
export const ZErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

/** Form messages of spec §5, word for word. */
export const validationMessages = {
  required: 'Required',
  exactly: (n: number) => `Must contain exactly ${n} character(s)`,
  atLeast: (n: number) => `Must contain at least ${n} character(s)`,
  over: (n: number) => `Must contain over ${n} character(s)`,
  atMost: (n: number) => `Must contain at most ${n} character(s)`,
  under: (n: number) => `Must contain under ${n} character(s)`,
} as const;
