/**
 * The theme of spec §3 as the web client uses it, with its defaults. Zod-free so the web
 * entry chunk stays small; the wire schema lives in theme.ts.
 */
import { colourScale, contrastRatio, parseColour, SHADES, toTriple, type Rgb } from './colour.ts';

export const FONT_CHOICES = ['garage_gothic', 'lato', 'open_sans', 'roboto'] as const;
/** The spec's default heading font name; it means the same face as 'garage_gothic'. */
export const GARAGE_GOTHIC_DEFAULT = 'garagegothic-boldregular';
export type FontChoice = (typeof FONT_CHOICES)[number] | typeof GARAGE_GOTHIC_DEFAULT;

export const SECONDARY_BUTTON_STYLES = ['solid', 'outline'] as const;
export type SecondaryButtonStyle = (typeof SECONDARY_BUTTON_STYLES)[number];

export type Theme = {
  themeAppLogo?: string;
  themeAppDarkBgColour: string;
  themeAppHeaderBgColour: string;
  headerPrimaryColour: string;
  themeAppPrimaryColour: string;
  themeAppSecondaryColour1: string;
  themeAppSecondaryColour2: string;
  themeAppBodyFontStyle: FontChoice;
  themeAppHeadingFontStyle: FontChoice;
  themeAppSecondaryButtonStyle: SecondaryButtonStyle;
};

export type ThemeField = keyof Theme;

/**
 * Spec §3 defaults: white header text, dark backgrounds, primary purple, secondary indigo,
 * body font roboto, heading font garagegothic-boldregular, solid secondary button.
 */
export const DEFAULT_THEME: Theme = {
  themeAppDarkBgColour: '#1d1430',
  themeAppHeaderBgColour: '#1d1430',
  headerPrimaryColour: '#ffffff',
  themeAppPrimaryColour: '#6b2fa0',
  themeAppSecondaryColour1: '#3f3fbf',
  themeAppSecondaryColour2: '#5c6bc0',
  themeAppBodyFontStyle: 'roboto',
  themeAppHeadingFontStyle: GARAGE_GOTHIC_DEFAULT,
  themeAppSecondaryButtonStyle: 'solid',
};

const COLOUR_FIELDS = [
  'themeAppDarkBgColour',
  'themeAppHeaderBgColour',
  'headerPrimaryColour',
  'themeAppPrimaryColour',
  'themeAppSecondaryColour1',
  'themeAppSecondaryColour2',
] as const;

const isFont = (v: unknown): v is FontChoice =>
  v === GARAGE_GOTHIC_DEFAULT || (FONT_CHOICES as readonly unknown[]).includes(v);

/**
 * Layers partial themes over the defaults (later layers win). Null, missing and invalid
 * values are dropped, so a bad stored colour can never break the page.
 */
export const resolveTheme = (...layers: readonly (Readonly<Record<string, unknown>> | null | undefined)[]): Theme => {
  const theme: Theme = { ...DEFAULT_THEME };
  for (const layer of layers) {
    if (!layer) continue;
    for (const field of COLOUR_FIELDS) {
      const value = layer[field];
      if (typeof value === 'string' && parseColour(value)) theme[field] = value;
    }
    if (isFont(layer.themeAppBodyFontStyle)) theme.themeAppBodyFontStyle = layer.themeAppBodyFontStyle;
    if (isFont(layer.themeAppHeadingFontStyle)) theme.themeAppHeadingFontStyle = layer.themeAppHeadingFontStyle;
    const button = layer.themeAppSecondaryButtonStyle;
    if (button === 'solid' || button === 'outline') theme.themeAppSecondaryButtonStyle = button;
    const logo = layer.themeAppLogo;
    if (typeof logo === 'string' && /^(https?:\/\/|\/)\S+$/.test(logo)) theme.themeAppLogo = logo;
  }
  return theme;
};

/** CSS font-family stacks; garage_gothic is served by self-hosted Oswald (see docs/shell.md). */
export const FONT_STACKS: Record<FontChoice, string> = {
  garage_gothic: "'Oswald', 'Oswald Fallback', 'Arial Narrow', sans-serif",
  [GARAGE_GOTHIC_DEFAULT]: "'Oswald', 'Oswald Fallback', 'Arial Narrow', sans-serif",
  lato: "'Lato', 'Lato Fallback', system-ui, sans-serif",
  open_sans: "'Open Sans', 'Open Sans Fallback', system-ui, sans-serif",
  roboto: "'Roboto', 'Roboto Fallback', system-ui, sans-serif",
};

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 17, 17];
/** White or near-black, whichever reads better on the colour (WCAG contrast). */
const onColour = (rgb: Rgb): Rgb => (contrastRatio(rgb, WHITE) >= 4.5 ? WHITE : INK);

/**
 * The CSS custom properties the stylesheet's Tailwind colours read (`R G B` triples):
 * `--colour-primary-50 … -600`, the same for secondary, tertiary and dark, plus header
 * colours, readable text colours and the two font stacks.
 */
export const themeCssVariables = (theme: Theme): Record<string, string> => {
  const vars: Record<string, string> = {};
  const scales = {
    primary: theme.themeAppPrimaryColour,
    secondary: theme.themeAppSecondaryColour1,
    tertiary: theme.themeAppSecondaryColour2,
    dark: theme.themeAppDarkBgColour,
  };
  for (const [name, value] of Object.entries(scales)) {
    const rgb = parseColour(value)!;
    const scale = colourScale(rgb);
    for (const shade of SHADES) vars[`--colour-${name}-${shade}`] = toTriple(scale[shade]);
    vars[`--colour-on-${name}`] = toTriple(onColour(rgb));
    vars[`--colour-on-${name}-600`] = toTriple(onColour(scale[600]));
  }
  const header = parseColour(theme.themeAppHeaderBgColour)!;
  const headerText = parseColour(theme.headerPrimaryColour)!;
  vars['--colour-header'] = toTriple(header);
  // The configured header text colour, unless it would be unreadable on the header.
  vars['--colour-header-text'] = toTriple(contrastRatio(header, headerText) >= 4.5 ? headerText : onColour(header));
  vars['--font-body-stack'] = FONT_STACKS[theme.themeAppBodyFontStyle];
  vars['--font-heading-stack'] = FONT_STACKS[theme.themeAppHeadingFontStyle];
  return vars;
};
