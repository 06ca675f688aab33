import { useEffect } from 'react';
import { adoptLanguage } from '../../lib/i18n-switch.ts';
import { useAuthUser } from '../auth/public.ts';

/**
 * A logged-in person's recorded language is the site's (issue 27, docs/languages.md "Recorded
 * language"): once their user has loaded (a login, or a page of a sub-domain whose own cookie said
 * otherwise), the page adopts it in place. The server set the `lang` cookie on that answer.
 */
export const useAccountLanguage = () => {
  const language = useAuthUser().data?.language;
  useEffect(() => {
    if (language) void adoptLanguage(language);
  }, [language]);
};
