import { z } from 'zod';
import { isColour } from '../rules/colour.ts';
import { FONT_CHOICES, GARAGE_GOTHIC_DEFAULT, SECONDARY_BUTTON_STYLES } from '../rules/theme-defaults.ts';

/** Spec §5: a 3- or 6-digit hex value, or a space-separated 'R G B' triple (0–255 each). */
export const ZColour = z
  .string()
  .trim()
  .refine(isColour, { error: "Must be a 3- or 6-digit hex colour or an 'R G B' triple (0–255)" });

export const ZFontChoice = z.enum([...FONT_CHOICES, GARAGE_GOTHIC_DEFAULT]);

export const ZSecondaryButtonStyle = z.enum(SECONDARY_BUTTON_STYLES);

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
  theme_app_secondary_button_style: ZSecondaryButtonStyle,
});
export type ThemeWire = z.infer<typeof ZTheme>;
