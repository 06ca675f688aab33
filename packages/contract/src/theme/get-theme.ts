import { z } from 'zod';
import { ZVenueSlugQuery } from '../common/slug.ts';
import { ZTheme } from './theme.ts';

/** GET /api/frontend/theme: the client's theme, with a venue's overrides when `venue` is given. */
export const ZGetThemeQuery = z.object({ venue: ZVenueSlugQuery.optional() });
export type GetThemeQuery = z.infer<typeof ZGetThemeQuery>;

export const ZGetThemeResponse = z.object({ data: ZTheme });
export type GetThemeResponse = z.infer<typeof ZGetThemeResponse>;
