import { z } from 'zod';
import { isColour } from './colour.ts';
import { FONT_CHOICES, GARAGE_GOTHIC_DEFAULT, SECONDARY_BUTTON_STYLES } from './theme-defaults.ts';

/** Spec §5: a 3- or 6-digit hex value, or a space-separated 'R G B' triple (0–255 each). */
export const ZColour = z
  .string()
  .trim()
  .refine(isColour, { error: "Must be a 3- or 6-digit hex colour or an 'R G B' triple (0–255)" });

export const ZFontChoice = z.enum([...FONT_CHOICES, GARAGE_GOTHIC_DEFAULT]);

/** Theme of spec §3 on the wire (snake_case). Null fields are dropped from responses. */
export const ZTheme = z.object({
  theme_app_logo: z.string().optional(),
  theme_app_dark_bg_colour: z.string(),
  theme_app_header_bg_colour: z.string(),
  header_primary_colour: z.string(),
  theme_app_primary_colour: z.string(),
  theme_app_secondary_colour1: z.string(),
  theme_app_secondary_colour2: z.string(),
  theme_app_body_font_style: ZFontChoice,
  theme_app_heading_font_style: ZFontChoice,
  theme_app_secondary_button_style: z.enum(SECONDARY_BUTTON_STYLES),
});

export type ThemeWire = z.infer<typeof ZTheme>;

export const ZThemeResponse = z.object({ data: ZTheme });
export type ThemeResponse = z.infer<typeof ZThemeResponse>;

export const ZThemeQuery = z.object({
  venue: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'Must be a venue slug')
    .optional(),
});

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/**
 * A staff edit of one theme level (client or venue). Every field is optional; `null`
 * clears a field so it falls back to the level below (venue → client → defaults).
 */
export const ZThemeUpdate = z
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
    theme_app_secondary_button_style: nullable(z.enum(SECONDARY_BUTTON_STYLES)),
  })
  .strict();
export type ThemeUpdate = z.infer<typeof ZThemeUpdate>;

/** The stored layer as staff see it: exactly what is set at that level (nulls kept). */
export const ZThemeLevelResponse = z.object({
  data: z.object({
    venue: z.string().nullable(),
    theme: z.record(z.string(), z.string().nullable()),
  }),
});
