/**
 * What a server-rendered page (home, a venue page) changes in the built `index.html` so that it
 * paints from the HTML alone (docs/performance.md "Lighthouse", "Before the first paint"):
 *
 * - the stylesheet is inlined as a `<style>` element (the CSP allows inline styles), so the
 *   first paint waits on no request but the fonts the page preloads (font-display: swap with
 *   metric-matched fallbacks: even those do not hold it back);
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

export const START_AFTER_PAINT = 'start-after-paint.js';

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The page's stylesheets as one `<style>` element, or null when one cannot be read or could close
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
  return { links, style: `<style>${texts.join('\n')}</style>` };
};

/** The page as a server-rendered first screen sends it (see the top of this file). */
export const forFirstPaint = (page: string, styles: InlineStyles | null, base: string): string => {
  let html = page;
  if (styles) html = styles.links.reduce((text, link, i) => text.replace(link, () => (i === 0 ? styles.style : '')), html);
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  // Each file once: the screen's chunk's imports repeat the entry's shared chunks.
  const preload = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!))];
  const boot =
    `<script defer src="${escapeAttribute(base + START_AFTER_PAINT)}" data-entry="${escapeAttribute(entry[1]!)}"` +
    ` data-preload="${escapeAttribute(preload.join(' '))}"></script>`;
  return html.replace(MODULE_PRELOAD, '').replace(entry[0], () => boot);
};
