import { z } from 'zod';

/** GET /api/health: liveness and database check (503 with the same body when degraded). */
export const ZGetHealthResponse = z.object({
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'unreachable']),
    version: z.string(),
  }),
});
export type GetHealthResponse = z.infer<typeof ZGetHealthResponse>;
