/**
 * What a server-rendered page (home, a venue page) changes in the built `index.html` so that it
 * paints from the HTML alone, before any other request (docs/performance.md "Lighthouse",
 * "Before the first paint"):
 *
 * - the stylesheet is inlined as a `<style>` element (the CSP allows inline styles), so the
 *   first paint waits on no request;
 * - the web fonts' `@font-face` rules go in a second `<style id="web-fonts" media="not all">`:
 *   the page paints with the metric-matched fallback faces (which stay in the first element),
 *   and the fonts are requested when `start-after-paint.js` turns that element on, after the
 *   first paint; the swap does not move the page;
 * - the entry script and its modulepreload hints move to `start-after-paint.js` (`data-entry`,
 *   `data-preload`), which adds them after the first contentful paint; `main.tsx` then
 *   hydrates as before.
 *
 * Pages rendered in the browser keep the built `index.html` as it is.
 */

/** The stylesheet links of a built page and the same rules, ready to inline. */
export type InlineStyles = { links: string[]; style: string };

const MODULE_PRELOAD = /\n?[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g;
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;

export const FONTS_ELEMENT_ID = 'web-fonts';
export const START_AFTER_PAINT = 'start-after-paint.js';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The web fonts' `@font-face` rules apart from the rest; the `… Fallback` faces stay in `rules`. */
export const splitWebFonts = (css: string): { rules: string; webFonts: string } => {
  const webFonts: string[] = [];
  const rules = css.replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
    if (/font-family:\s*['"]?[^;'"}]*Fallback\b/.test(rule)) return rule;
    webFonts.push(rule);
    return '';
  });
  return { rules, webFonts: webFonts.join('') };
};

/**
 * The page's stylesheets as `<style>` elements, or null when one cannot be read or could close
 * the element (`</style` in its text). `readAsset` gets the link's `href` and returns the file's
 * text, or null when it is not a file of this site. Vite writes URLs in CSS from the site root,
 * so the rules mean the same inline on any path.
 */
export const inlineStyles = (html: string, readAsset: (href: string) => string | null): InlineStyles | null => {
  const links = html.match(STYLESHEET) ?? [];
  if (links.length === 0) return null;
  const texts = links.map((link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1];
    return href ? readAsset(href) : null;
  });
  if (texts.some((text) => text === null || /<\/style/i.test(text))) return null;
  const { rules, webFonts } = splitWebFonts(texts.join('\n'));
  return {
    links,
    style: `<style>${rules}</style>` + (webFonts ? `<style id="${FONTS_ELEMENT_ID}" media="not all">${webFonts}</style>` : ''),
  };
};

/** The page as a server-rendered first screen sends it (see the top of this file). */
export const forFirstPaint = (page: string, styles: InlineStyles | null, base: string): string => {
  let html = page;
  if (styles) html = styles.links.reduce((text, link, i) => text.replace(link, () => (i === 0 ? styles.style : '')), html);
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const boot =
    `<script defer src="${escapeAttribute(base + START_AFTER_PAINT)}" data-entry="${escapeAttribute(entry[1]!)}"` +
    ` data-preload="${escapeAttribute(preload.join(' '))}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(entry[0], () => boot);
};
