/**
 * The 3-D Secure 2 browser fields of spec §7 authorise: colour depth, java flag, javascript
 * flag, language, screen size and timezone offset, read from the browser the customer pays in.
 */
export type BrowserDetails = {
  browserColorDepth: number;
  browserJavaEnabled: boolean;
  browserJavascriptEnabled: boolean;
  browserLanguage: string;
  browserScreenHeight: number;
  browserScreenWidth: number;
  /** Minutes, as Date#getTimezoneOffset gives them (UTC − local: -60 in British Summer Time). */
  browserTz: number;
};

type BrowserLike = {
  screen: Pick<Screen, 'colorDepth' | 'height' | 'width'>;
  navigator: Pick<Navigator, 'language'> & { javaEnabled?: () => boolean };
};

/** EMV 3DS accepts these colour depths only; anything else goes to the nearest one below (24 when unknown). */
const COLOUR_DEPTHS = [1, 4, 8, 15, 16, 24, 32, 48];

export const colourDepth = (depth: number) => {
  if (!Number.isFinite(depth) || depth <= 0) return 24;
  return COLOUR_DEPTHS.filter((allowed) => allowed <= depth).at(-1) ?? 1;
};

export const browserDetails = (browser: BrowserLike = window, now: Date = new Date()): BrowserDetails => ({
  browserColorDepth: colourDepth(browser.screen.colorDepth),
  // navigator.javaEnabled() is false in every current browser; it is still the field's source.
  browserJavaEnabled: typeof browser.navigator.javaEnabled === 'function' ? Boolean(browser.navigator.javaEnabled()) : false,
  browserJavascriptEnabled: true,
  browserLanguage: (browser.navigator.language || 'en-GB').slice(0, 8),
  browserScreenHeight: Math.round(browser.screen.height),
  browserScreenWidth: Math.round(browser.screen.width),
  browserTz: now.getTimezoneOffset(),
});

/** Authorise's browser fields as the API names them (camel-cased; the client snake-cases them). */
export const browserFields = (browser: BrowserDetails) => ({
  browserColorDepth: browser.browserColorDepth,
  browserJavaEnabled: browser.browserJavaEnabled,
  browserJavascriptEnabled: browser.browserJavascriptEnabled,
  browserLanguage: browser.browserLanguage,
  browserScreenHeight: browser.browserScreenHeight,
  browserScreenWidth: browser.browserScreenWidth,
  browserTimezone: browser.browserTz,
});
