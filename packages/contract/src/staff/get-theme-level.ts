import type { z } from 'zod';
import { ZThemeLevelQuery, ZThemeLevelResponse } from './theme-level.ts';

/** GET /api/staff/theme: the stored theme of the client, or of one venue; null fields inherit. */
export const ZGetThemeLevelQuery = ZThemeLevelQuery;
export type GetThemeLevelQuery = z.infer<typeof ZGetThemeLevelQuery>;

export const ZGetThemeLevelResponse = ZThemeLevelResponse;
