import { describe, expect, it } from 'vitest';
import { colourScale, darken, parseColour, tint, toTriple } from './colour.ts';
import { DEFAULT_THEME, resolveTheme, themeCssVariables } from './theme-defaults.ts';

describe('parseColour (spec §5: 3- or 6-digit hex, or an R G B triple with channels 0–255)', () => {
  it.each([
    ['#fff', [255, 255, 255]],
    ['fff', [255, 255, 255]],
    ['#6B2FA0', [107, 47, 160]],
    ['6b2fa0', [107, 47, 160]],
    ['#a1b', [170, 17, 187]],
    ['0 133 124', [0, 133, 124]],
    ['255 255 255', [255, 255, 255]],
    ['0 0 0', [0, 0, 0]],
    ['  12 34 56 ', [12, 34, 56]],
  ])('reads %j', (input, expected) => {
    expect(parseColour(input)).toEqual(expected);
  });

  it.each([
    '#ffff',
    '#fffff',
    '#1234567',
    'ggg',
    '256 0 0',
    '0 0 300',
    '-1 0 0',
    '1 2',
    '1 2 3 4',
    '1,2,3',
    'rgb(1, 2, 3)',
    'purple',
    '',
  ])('rejects %j', (input) => {
    expect(parseColour(input)).toBeNull();
  });
});

describe('tint scale (spec §9)', () => {
  const purple = parseColour('#6b2fa0')!;

  it('keeps the colour itself at 500 (100 %)', () => {
    expect(colourScale(purple)[500]).toEqual(purple);
  });

  it('mixes with white at 400 80 %, 300 40 %, 200 20 %, 100 10 %, 50 5 %', () => {
    const scale = colourScale([0, 0, 0]);
    expect(scale[400]).toEqual([51, 51, 51]); // 20 % white
    expect(scale[300]).toEqual([153, 153, 153]); // 60 % white
    expect(scale[200]).toEqual([204, 204, 204]);
    expect(scale[100]).toEqual([230, 230, 230]);
    expect(scale[50]).toEqual([242, 242, 242]);
  });

  it('darkens the 600 shade by 0.8', () => {
    expect(colourScale([100, 200, 50])[600]).toEqual([80, 160, 40]);
  });

  it('accepts tint factors from 0 to 1 only', () => {
    expect(tint([10, 20, 30], 0)).toEqual([255, 255, 255]);
    expect(tint([10, 20, 30], 1)).toEqual([10, 20, 30]);
    expect(() => tint([0, 0, 0], 1.1)).toThrow(RangeError);
    expect(() => tint([0, 0, 0], -0.1)).toThrow(RangeError);
    expect(() => darken([0, 0, 0], Number.NaN)).toThrow(RangeError);
  });

  it('writes CSS variable values as R G B triples', () => {
    expect(toTriple([1, 22, 255])).toBe('1 22 255');
  });
});

describe('resolveTheme (spec §3 defaults; null fields dropped)', () => {
  it('uses the spec defaults when nothing is configured', () => {
    const theme = resolveTheme();
    expect(theme).toEqual(DEFAULT_THEME);
    expect(theme.headerPrimaryColour).toBe('#ffffff');
    expect(theme.themeAppBodyFontStyle).toBe('roboto');
    expect(theme.themeAppHeadingFontStyle).toBe('garagegothic-boldregular');
    expect(theme.themeAppSecondaryButtonStyle).toBe('solid');
    expect(theme).not.toHaveProperty('themeAppLogo');
  });

  it('lets later layers win and ignores null or invalid values', () => {
    const theme = resolveTheme(
      { themeAppPrimaryColour: '#112233', themeAppBodyFontStyle: 'lato' },
      { themeAppPrimaryColour: '0 133 124', themeAppBodyFontStyle: null, themeAppSecondaryColour1: 'not a colour' },
    );
    expect(theme.themeAppPrimaryColour).toBe('0 133 124');
    expect(theme.themeAppBodyFontStyle).toBe('lato');
    expect(theme.themeAppSecondaryColour1).toBe(DEFAULT_THEME.themeAppSecondaryColour1);
  });

  it('produces the 50…600 scale as CSS variables for each theme colour', () => {
    const vars = themeCssVariables(resolveTheme({ themeAppPrimaryColour: '0 133 124' }));
    expect(vars['--colour-primary-500']).toBe('0 133 124');
    expect(vars['--colour-primary-600']).toBe('0 106 99');
    expect(vars['--colour-primary-50']).toBe('242 249 248');
    expect(vars['--colour-header-text']).toBe('255 255 255');
    expect(vars['--font-heading-stack']).toContain('Oswald');
  });
});
