import { z } from 'zod';

export const ZHealthResponse = z.object({
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unreachable']),
    version: z.string(),
  }),
});
export type HealthResponse = z.infer<typeof ZHealthResponse>;
