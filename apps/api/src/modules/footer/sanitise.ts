import sanitizeHtml from 'sanitize-html';

/**
 * Venue footer HTML is operator-supplied (DESIGN.md §7): keep structure and links, drop
 * scripts, styles, event handlers, frames, forms and any URL scheme but http(s)/mailto/tel.
 */
export const sanitiseFooterHtml = (html: string): string =>
  sanitizeHtml(html, {
    allowedTags: [
      'h2', 'h3', 'h4', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'small',
      'span', 'div', 'section', 'address', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      '*': ['class'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      // Links leaving the site never get a handle on this window.
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    },
  });

/**
 * The input as the sanitiser would write it with nothing removed (tags, attributes and URLs all
 * kept, the same rewriting of links): compared with `sanitiseFooterHtml`'s answer it tells
 * whether anything was taken out, not merely re-serialised ('<br>' as '<br />').
 */
const normalised = (html: string): string =>
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: true,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });

/** The footer HTML sanitised, and whether the sanitiser removed anything (the console tells the manager). */
export const sanitiseFooterHtmlReporting = (html: string): { html: string; removed: boolean } => {
  const safe = sanitiseFooterHtml(html);
  return { html: safe, removed: safe !== normalised(html) };
};
