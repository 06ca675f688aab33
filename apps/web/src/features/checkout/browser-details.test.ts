import { describe, expect, it } from 'vitest';
import { browserDetails, colourDepth } from './browser-details.ts';

const NOW = new Date('2026-07-01T12:00:00Z');

describe('3-D Secure 2 browser fields', () => {
  it('reads colour depth, java, javascript, language, screen size and timezone offset', () => {
    const details = browserDetails(
      { screen: { colorDepth: 30, height: 812.4, width: 375 }, navigator: { language: 'en-GB', javaEnabled: () => false } },
      NOW,
    );
    expect(details).toEqual({
      browserColorDepth: 24,
      browserJavaEnabled: false,
      browserJavascriptEnabled: true,
      browserLanguage: 'en-GB',
      browserScreenHeight: 812,
      browserScreenWidth: 375,
      browserTz: NOW.getTimezoneOffset(),
    });
  });

  it('copes with a browser without javaEnabled or a language', () => {
    const details = browserDetails({ screen: { colorDepth: 24, height: 800, width: 1280 }, navigator: { language: '' } });
    expect(details.browserJavaEnabled).toBe(false);
    expect(details.browserLanguage).toBe('en-GB');
  });

  it.each([
    [24, 24],
    [32, 32],
    [30, 24],
    [0, 24],
    [Number.NaN, 24],
    [2, 1],
    [64, 48],
  ])('colour depth %s is sent as %s', (input, output) => {
    expect(colourDepth(input)).toBe(output);
  });
});
