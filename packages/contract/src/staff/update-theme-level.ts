import { z } from 'zod';
import { ZColour, ZFontChoice, ZSecondaryButtonStyle } from '../theme/theme.ts';
import { ZThemeLevelQuery, ZThemeLevelResponse } from './theme-level.ts';

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** PATCH /api/staff/theme: change theme fields of the client, or of one venue with `?venue=`. */
export const ZUpdateThemeLevelQuery = ZThemeLevelQuery;

/**
 * Every field is optional; `null` clears a field so it falls back to the level below
 * (venue → client → defaults).
 */
export const ZUpdateThemeLevelRequest = z
  .object({
    theme_app_logo: nullable(
      z.string().regex(/^(https?:\/\/|\/)\S+$/, 'Must be an http(s) URL or a path starting with /').max(2000),
    ),
    theme_app_dark_bg_colour: nullable(ZColour),
    theme_app_header_bg_colour: nullable(ZColour),
    header_primary_colour: nullable(ZColour),
    theme_app_primary_colour: nullable(ZColour),
    theme_app_secondary_colour1: nullable(ZColour),
    theme_app_secondary_colour2: nullable(ZColour),
    theme_app_body_font_style: nullable(ZFontChoice),
    theme_app_heading_font_style: nullable(ZFontChoice),
    theme_app_secondary_button_style: nullable(ZSecondaryButtonStyle),
  })
  .strict();
export type UpdateThemeLevelRequest = z.infer<typeof ZUpdateThemeLevelRequest>;

export const ZUpdateThemeLevelResponse = ZThemeLevelResponse;
