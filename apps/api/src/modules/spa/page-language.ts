import { isLanguage, type Language } from '../../lib/language.ts';

/** The query parameter of the language switch's link (docs/languages.md "The switch"). */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * A page address carrying `?lang=`: the language it asks for (null when it names none of ours)
 * and the same address without the parameter, other parameters kept in their order, for the
 * 303 that follows. Only a path of this site: a path that a browser would read as another host
 * (`//evil.example/`, `/\evil.example/`) goes to the home page instead.
 */
export const languageSwitch = (url: string): { language: Language | null; location: string } | null => {
  const mark = url.indexOf('?');
  if (mark === -1) return null;
  const query = new URLSearchParams(url.slice(mark + 1));
  if (!query.has(LANGUAGE_PARAMETER)) return null;
  const asked = query.get(LANGUAGE_PARAMETER);
  query.delete(LANGUAGE_PARAMETER);
  const path = url.slice(0, mark);
  const ownPath = path.startsWith('/') && !/^\/[/\\]/.test(path) ? path : '/';
  const rest = query.toString();
  return { language: isLanguage(asked) ? asked : null, location: rest ? `${ownPath}?${rest}` : ownPath };
};

const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * A built page in a language: `<html lang>` (the web app's i18n starts from it, apps/web/src/lib/i18n.ts)
 * and, for a page the server does not render, the site's name as its title in that language.
 */
export const pageInLanguage = (html: string, language: Language, siteName: string | null): string => {
  const withLang = html.replace(/<html([^>]*?)\slang="[^"]*"/, (_, before: string) => `<html${before} lang="${language}"`);
  return siteName ? withLang.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(siteName)}</title>`) : withLang;
};
