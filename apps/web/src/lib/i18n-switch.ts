import { api } from './api/client.ts';
import { rememberForNextPage } from './a11y/after-reload-note.ts';
import { activeLocale, type SupportedLanguage } from './i18n-format.ts';
import { appI18n } from './app-i18n.ts';
import { currentLocation } from './request-env.ts';

/** Each language's name in itself: the switch's texts (issue 27), never translated. */
export const LANGUAGE_NAMES: Record<SupportedLanguage, string> = { 'en-GB': 'English', cy: 'Cymraeg' };

/** The switch's current item, which takes focus on the page the switch loads. */
export const CURRENT_LANGUAGE_SELECTOR = '[data-language-current]';

/**
 * This page's address asking for `language` (`?lang=`, other parameters kept): the server sets the
 * `lang` cookie and answers 303 to the same address without it (apps/api/src/modules/spa/page-language.ts),
 * so the link works without JavaScript too. The full path, `/_/<source>` prefix included.
 */
export const languageSwitchHref = (language: SupportedLanguage, location: Pick<Location, 'pathname' | 'search'> = currentLocation()): string => {
  const query = new URLSearchParams(location.search);
  query.delete('lang');
  query.set('lang', language);
  return `${location.pathname}?${query.toString()}`;
};

/**
 * Pressing the switch in the live app (docs/languages.md "The switch"): a logged-in person's choice
 * is recorded on their account first (PUT /api/dashboard/language), then the page loads again through
 * the link's own address, in the new language from the server's first byte (title, dates, server
 * render); on it, focus goes to the switch's new current item and the change is announced.
 */
export const switchLanguage = async (language: SupportedLanguage, href: string, { isLoggedIn }: { isLoggedIn: boolean }) => {
  if (isLoggedIn) {
    try {
      await api.put('language', { language }, { base: 'dashboardBase' });
    } catch {
      // Not recorded (the session ended, the network): the link still sets this browser's language.
    }
  }
  rememberForNextPage({ messageKey: 'language.changed', focus: CURRENT_LANGUAGE_SELECTOR });
  window.location.assign(href);
};

/**
 * The account's recorded language, adopted in place once the person is known (a login, or a
 * sub-domain whose own cookie said otherwise; the server has set the cookie on that answer):
 * `<html lang>` and i18next change, and every screen re-renders in it without losing its state.
 */
export const adoptLanguage = async (language: SupportedLanguage) => {
  if (activeLocale() === language) return;
  document.documentElement.lang = language;
  await appI18n()?.changeLanguage(language);
};
