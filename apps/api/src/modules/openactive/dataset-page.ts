import { OPENACTIVE_FEEDS } from '@app/contract/openactive/feeds';
import { FEED_KINDS } from './model.ts';

/**
 * The dataset site (docs/openactive.md): a plain server-rendered page that says what the data is
 * and links each feed, with the Dataset as embedded JSON-LD for harvesters and search engines.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value, null, 2).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export type DatasetPageInput = { name: string; description: string; license: string; publisher: string; feedUrl: (feed: (typeof OPENACTIVE_FEEDS)[number]) => string; jsonLd: unknown };

export const datasetPage = ({ name, description, license, publisher, feedUrl, jsonLd }: DatasetPageInput) => `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(name)}: OpenActive open data</title>
<meta name="description" content="${escapeHtml(description)}">
<script type="application/ld+json">
${scriptJson(jsonLd)}
</script>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; line-height: 1.5; color: #1b1b1b; background: #fff; margin: 0; }
  main { max-width: 48rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 1rem; }
  h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; }
  a { color: #0b57a4; text-underline-offset: 0.15em; }
  a:focus-visible { outline: 3px solid #1b1b1b; outline-offset: 2px; }
  ul { padding-left: 1.25rem; }
  li { margin: 0.5rem 0; }
  code { font-size: 0.9em; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(name)}</h1>
<p>${escapeHtml(description)}</p>
<p>Published by ${escapeHtml(publisher)} as <a href="https://openactive.io/">OpenActive</a> open data, under the <a href="${escapeHtml(license)}">Creative Commons Attribution 4.0 licence</a>.</p>
<h2>Feeds</h2>
<p>Each feed follows the Realtime Paged Data Exchange (RPDE) specification: start at the first page and follow <code>next</code>.</p>
<ul>
${OPENACTIVE_FEEDS.map((feed) => `<li><a href="${escapeHtml(feedUrl(feed))}">${escapeHtml(FEED_KINDS[feed].name)} feed</a> (<code>${escapeHtml(FEED_KINDS[feed].type)}</code>)</li>`).join('\n')}
</ul>
</main>
</body>
</html>
`;
