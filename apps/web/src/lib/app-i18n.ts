import type { i18n as I18n } from 'i18next';

let instance: I18n | null = null;

/**
 * The app's own i18next instance (lib/i18n.ts registers it as it is made). Modules that only need
 * to read or change its language (page titles, the language switch) reach it here instead of
 * importing i18n.ts, whose import starts loading translations: a component test that renders a
 * screen with its own i18next would otherwise fetch the app's files behind its back.
 */
export const appI18n = (): I18n | null => instance;

export const registerAppI18n = (i18n: I18n) => {
  instance = i18n;
};
