import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { activeLocale, type SupportedLanguage } from '../../lib/i18n-format.ts';
import { LANGUAGE_NAMES, languageSwitchHref, switchLanguage } from '../../lib/i18n-switch.ts';
import { isLoggedIn } from '../auth/public.ts';

const ORDER: readonly SupportedLanguage[] = ['en-GB', 'cy'];

/** Where the switch sits: the bar above the header, the mobile drawer, or a kiosk screen (48 px targets). */
type Placement = 'bar' | 'drawer' | 'kiosk';

const LINK: Record<Placement, string> = {
  bar: 'inline-flex min-h-6 items-center rounded px-1 underline underline-offset-4 hover:no-underline',
  drawer: 'inline-flex min-h-11 items-center rounded px-3 text-primary-600 underline underline-offset-4 hover:no-underline',
  kiosk: 'inline-flex min-h-12 items-center rounded px-4 text-lg underline underline-offset-4 hover:no-underline',
};
const CURRENT: Record<Placement, string> = {
  bar: 'inline-flex min-h-6 items-center px-1 font-semibold',
  drawer: 'inline-flex min-h-11 items-center px-3 font-semibold text-neutral-900',
  kiosk: 'inline-flex min-h-12 items-center px-4 text-lg font-semibold',
};

/**
 * The language switch (issue 27; the GOV.UK design system's language navigation,
 * docs/languages.md "The switch"): a `nav` named 'Language' in the page's language, both languages
 * in a fixed order, each named in itself; the current one is text marked `aria-current`, the other
 * a link in its own language (`lang`, `hreflang`) to this address with `?lang=`. Without
 * JavaScript the server follows the link (cookie, then 303 back); in the app, pressing it records a
 * logged-in person's choice first (lib/i18n-switch.ts).
 */
export const LanguageSwitch = ({ placement = 'bar', className = '' }: { placement?: Placement; className?: string }) => {
  const { t } = useTranslation();
  // A new address (client-side navigation) gives the link its new target.
  useLocation();
  const current = activeLocale();
  const follow = (language: SupportedLanguage) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void switchLanguage(language, event.currentTarget.getAttribute('href') ?? languageSwitchHref(language), { isLoggedIn: isLoggedIn() });
  };
  return (
    <nav aria-label={t('language.label')} className={className} data-testid="language-switch">
      <ul className="flex items-center gap-2">
        {ORDER.map((language, index) => (
          <li key={language} className="flex items-center">
            {index > 0 && (
              <span aria-hidden="true" className="px-1 opacity-70">
                |
              </span>
            )}
            {language === current ? (
              <span aria-current="true" data-language-current className={CURRENT[placement]}>
                {LANGUAGE_NAMES[language]}
              </span>
            ) : (
              <a href={languageSwitchHref(language)} lang={language} hrefLang={language} onClick={follow(language)} className={LINK[placement]}>
                {LANGUAGE_NAMES[language]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
};
