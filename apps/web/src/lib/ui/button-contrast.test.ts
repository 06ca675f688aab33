import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, type Rgb } from '@app/contract/rules/colour';
import { DEFAULT_THEME, resolveTheme, themeCssVariables, type Theme } from '@app/contract/rules/theme-defaults';
import { BUTTON_VARIANTS, VARIANT_CLASSES, VARIANT_COLOURS } from './Button.tsx';

/*
 * Every button variant's text on its background, at rest and on hover, reaches 4.5:1 (WCAG
 * 1.4.3) in the default theme and in the demo's venue theme (Salford Quays' teal, seed
 * client.ts VENUE_THEMES), whose tint scale comes from the same themeCssVariables the browser
 * uses. The danger colour is the stylesheet's own (not an operator setting); neutral is
 * Tailwind's fixed grey.
 */
const styles = readFileSync(new URL('../../styles.css', import.meta.url), 'utf8');
const triple = (text: string | undefined): Rgb => {
  const [r = NaN, g = NaN, b = NaN] = String(text).trim().split(/\s+/).map(Number);
  return [r, g, b];
};
const stylesheetToken = (name: string) => triple(new RegExp(`--colour-${name}:\\s*([\\d ]+);`).exec(styles)?.[1]);
/** Tailwind 4's neutral greys in sRGB (its oklch values rounded). */
const TAILWIND: Record<string, Rgb> = { 'neutral-100': [245, 245, 245], 'neutral-900': [23, 23, 23], white: [255, 255, 255] };

const THEMES: [string, Theme][] = [
  ['the default theme', DEFAULT_THEME],
  // Salford Quays (seed client.ts VENUE_THEMES): the client theme with a teal primary and a blue secondary.
  ['a venue theme (Salford Quays teal)', resolveTheme(DEFAULT_THEME, { themeAppHeaderBgColour: '0 77 72', themeAppPrimaryColour: '0 133 124', themeAppSecondaryColour1: '0 96 128' })],
];

const colourIn = (theme: Theme) => {
  const vars = themeCssVariables(theme);
  return (token: string): Rgb => {
    if (TAILWIND[token]) return TAILWIND[token];
    const fromTheme = vars[`--colour-${token}`];
    return fromTheme ? triple(fromTheme) : stylesheetToken(token);
  };
};

describe.each(THEMES)('button variants in %s (WCAG 1.4.3)', (_, theme) => {
  const colour = colourIn(theme);

  it.each(BUTTON_VARIANTS.map((variant) => [variant]))('%s: text reaches 4.5:1 on its background, at rest and on hover', (variant) => {
    const { text, background, hoverText, hoverBackground } = VARIANT_COLOURS[variant];
    for (const token of [text, background, hoverText, hoverBackground]) expect(colour(token).every(Number.isFinite), token).toBe(true);
    expect(contrastRatio(colour(text), colour(background))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour(hoverText), colour(hoverBackground))).toBeGreaterThanOrEqual(4.5);
  });

  it("secondary in the theme's outline style (secondary-600 on white, on secondary-50 when hovered)", () => {
    expect(contrastRatio(colour('secondary-600'), colour('white'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(colour('secondary-600'), colour('secondary-50'))).toBeGreaterThanOrEqual(4.5);
  });

  it('danger differs from primary, so a destructive button never reads as the primary one', () => {
    expect(colour('danger-700')).not.toEqual(colour('primary-500'));
  });
});

describe('variant classes use the colours checked above', () => {
  it.each(BUTTON_VARIANTS.map((variant) => [variant]))('%s', (variant) => {
    const { text, background, hoverText, hoverBackground } = VARIANT_COLOURS[variant];
    const classes = VARIANT_CLASSES[variant].split(/\s+/);
    expect(classes).toContain(`text-${text}`);
    expect(classes).toContain(background === 'white' && variant === 'text' ? 'bg-transparent' : `bg-${background}`);
    if (hoverText !== text) expect(classes).toContain(`hover:text-${hoverText}`);
    if (hoverBackground !== background) expect(classes).toContain(`hover:bg-${hoverBackground}`);
  });

  it('the destructive variants are outlined in, or filled with, the danger colour', () => {
    expect(VARIANT_CLASSES['danger-outline']).toMatch(/\bborder-danger-700\b/);
    expect(VARIANT_CLASSES['danger-outline']).toMatch(/\bbg-white\b/);
    expect(VARIANT_CLASSES.danger).toMatch(/\bbg-danger-700\b/);
  });
});
