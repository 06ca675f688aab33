/**
 * Theme colours (spec §5, §9): parsing and the tint scale. Pure functions, no zod, so the
 * web entry chunk can use them without pulling a schema library in.
 */
export type Rgb = readonly [r: number, g: number, b: number];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const TRIPLE = /^(\d{1,3}) (\d{1,3}) (\d{1,3})$/;

/**
 * A 3- or 6-digit hex value (leading '#' optional) or a space-separated 'R G B' triple with
 * each channel 0–255. Anything else is `null`.
 */
export const parseColour = (value: string): Rgb | null => {
  const text = value.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const triple = TRIPLE.exec(text);
  if (!triple) return null;
  const channels = triple.slice(1, 4).map(Number);
  return channels.every((c) => c >= 0 && c <= 255) ? (channels as unknown as Rgb) : null;
};

export const isColour = (value: string): boolean => parseColour(value) !== null;

const assertFactor = (factor: number) => {
  if (!(factor >= 0 && factor <= 1)) throw new RangeError(`A tint factor is 0 to 1, got ${factor}`);
};

/** Mixes the colour with white: factor 1 is the colour itself, 0 is white. */
export const tint = (rgb: Rgb, factor: number): Rgb => {
  assertFactor(factor);
  return rgb.map((c) => Math.round(c * factor + 255 * (1 - factor))) as unknown as Rgb;
};

/** Scales every channel towards black: factor 1 is the colour itself, 0 is black. */
export const darken = (rgb: Rgb, factor: number): Rgb => {
  assertFactor(factor);
  return rgb.map((c) => Math.round(c * factor)) as unknown as Rgb;
};

/** Spec §9: 500 at 100, 400 at 80, 300 at 40, 200 at 20, 100 at 10, 50 at 5 (per cent). */
export const TINTS = { 500: 1, 400: 0.8, 300: 0.4, 200: 0.2, 100: 0.1, 50: 0.05 } as const;
/** Spec §9: the 600 shade is darkened by 0.8. */
export const SHADE_600_FACTOR = 0.8;

export type Shade = 50 | 100 | 200 | 300 | 400 | 500 | 600;
export const SHADES: readonly Shade[] = [50, 100, 200, 300, 400, 500, 600];

export const colourScale = (rgb: Rgb): Record<Shade, Rgb> => ({
  50: tint(rgb, TINTS[50]),
  100: tint(rgb, TINTS[100]),
  200: tint(rgb, TINTS[200]),
  300: tint(rgb, TINTS[300]),
  400: tint(rgb, TINTS[400]),
  500: tint(rgb, TINTS[500]),
  600: darken(rgb, SHADE_600_FACTOR),
});

/** 'R G B', the form CSS variables hold so Tailwind can add alpha (`rgb(var(--x) / 50%)`). */
export const toTriple = (rgb: Rgb): string => rgb.join(' ');

/** WCAG relative luminance, 0 (black) to 1 (white). */
export const luminance = (rgb: Rgb): number => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export const contrastRatio = (a: Rgb, b: Rgb): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
