import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, type Rgb } from '@app/contract/rules/colour';
import { DEFAULT_THEME, themeCssVariables } from '@app/contract/rules/theme-defaults';

/*
 * axe cannot judge text on a gradient, so the pairs are computed here for the default theme
 * (spec §3), against the gradient's lightest stop: the darkest text-to-background ratio anywhere
 * on the band. The hero (home) and the venue header (activity, sub-activity and course pages)
 * both use `from-dark-500 via-primary-600 to-secondary-500` with white text at 100, 85 and 80 %.
 */
const vars = themeCssVariables(DEFAULT_THEME);
const rgb = (triple: string | undefined): Rgb => {
  const [r = NaN, g = NaN, b = NaN] = String(triple).trim().split(/\s+/).map(Number);
  return [r, g, b];
};
const colour = (name: string): Rgb => rgb(vars[`--colour-${name}`]);
const WHITE: Rgb = [255, 255, 255];
const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
/** `top` at `alpha` over `under`, as the browser paints it (sRGB). */
const over = (top: Rgb, alpha: number, under: Rgb): Rgb => {
  const mix = (a: number, b: number) => Math.round(a * alpha + b * (1 - alpha));
  return [mix(top[0], under[0]), mix(top[1], under[1]), mix(top[2], under[2])];
};

const GRADIENT_STOPS = ['dark-500', 'primary-600', 'secondary-500'].map(colour);
const lightestStop = GRADIENT_STOPS.reduce((a, b) => (luminance(b) > luminance(a) ? b : a));

describe('text on the hero and venue-header gradients (WCAG 1.4.3, default theme)', () => {
  it('takes the lightest stop as the worst case', () => {
    expect(lightestStop).toEqual(colour('secondary-500'));
  });

  it.each([
    ['heading and venue name (white)', 1],
    ['intro and venue address (white/85)', 0.85],
    ['eyebrow (white/80)', 0.8],
  ])('%s reaches 4.5:1 on every stop', (_, alpha) => {
    for (const stop of GRADIENT_STOPS) {
      expect(contrastRatio(over(WHITE, alpha, stop), stop)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('white text on the mode switch (white/15 over the gradient) reaches 4.5:1', () => {
    for (const stop of GRADIENT_STOPS) expect(contrastRatio(WHITE, over(WHITE, 0.15, stop))).toBeGreaterThanOrEqual(4.5);
  });
});

/* The focus ring tokens, as styles.css sets them: a 2 px near-black ring inside a 2 px white one. */
const styles = readFileSync(new URL('../../styles.css', import.meta.url), 'utf8');
const token = (name: string) => rgb(new RegExp(`--${name}:\\s*([\\d ]+);`).exec(styles)?.[1]);
const RING_INNER = token('focus-ring-inner');
const RING_OUTER = token('focus-ring-outer');

describe('the two-tone focus ring (WCAG 1.4.11, 2.4.13)', () => {
  const surfaces: [string, Rgb][] = [
    ['white cards and dialogs', WHITE],
    ['the page (neutral-50)', [250, 250, 250]],
    ['the header', colour('header')],
    ['the footer (dark-500)', colour('dark-500')],
    ['primary buttons', colour('primary-500')],
    ['the gradient bands (lightest stop)', lightestStop],
    ['a 3:1 mid grey, the hardest case', [149, 149, 149]],
  ];

  it.each(surfaces)('one of its two rings differs from %s by at least 3:1', (_, surface) => {
    const best = Math.max(contrastRatio(RING_INNER, surface), contrastRatio(RING_OUTER, surface));
    expect(best).toBeGreaterThanOrEqual(3);
  });

  it('reads its tokens from styles.css', () => {
    expect([RING_INNER, RING_OUTER]).toEqual([
      [11, 12, 12],
      [255, 255, 255],
    ]);
  });

  it('keeps its two halves 3:1 apart, so the ring reads as a ring on any colour', () => {
    expect(contrastRatio(RING_INNER, RING_OUTER)).toBeGreaterThanOrEqual(3);
  });
});
