import i18next from 'i18next';
import { runtimeConfig } from './runtime-config.ts';
import { createTranslationsBackend } from './i18n-backend.ts';
import { hasPageData } from './page-data.ts';
import { registerAppI18n } from './app-i18n.ts';

export const DEFAULT_LANGUAGE = 'en-GB';
export const SUPPORTED_LANGUAGES = ['en-GB', 'cy'] as const;

/** Namespaces a server-rendered page may carry besides `common` (apps/api/src/modules/spa/page-routes.ts). */
export const PAGE_NAMESPACES = ['catalogue', 'timetable', 'basket', 'checkout', 'account', 'auth', 'my-account', 'holdings', 'joining'] as const;

/** The <html lang> picks the language; anything unsupported reads English. */
const pickLanguage = (): string => {
  const requested = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(requested) ? requested : DEFAULT_LANGUAGE;
};

/**
 * One i18next instance (spec §7: translations loaded from a configured path). Namespaces
 * are fetched on first use from runtime config `translationsPath`; components suspend until
 * theirs has arrived (see docs/shell.md).
 */
export const i18n = i18next.createInstance();
registerAppI18n(i18n);

const translationsUrl = (ns: string) => runtimeConfig().translationsPath.replaceAll('{{lng}}', pickLanguage()).replaceAll('{{ns}}', ns);

export const i18nReady = i18n
  .use(createTranslationsBackend(runtimeConfig().translationsPath))
  .init({
    lng: pickLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // Only 'en-GB' itself, never a generic 'en' file nobody ships.
    load: 'currentOnly',
    // Namespaces the server put in the page load with 'common', before the first render.
    ns: ['common', ...PAGE_NAMESPACES.filter((ns) => hasPageData(translationsUrl(ns)))],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    // No advertisement in the customer's console or the server's log (server rendering runs this too).
    showSupportNotice: false,
  });
