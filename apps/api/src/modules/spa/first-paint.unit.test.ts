import { describe, expect, it } from 'vitest';
import { forFirstPaint, inlineStyles } from './first-paint.ts';

const CSS =
  '@font-face{font-family:Roboto;font-weight:400;src:url(/assets/roboto-400.woff2)format("woff2")}' +
  "@font-face{font-family:'Roboto Fallback';src:local('Arial');size-adjust:98.5%}" +
  '.a{color:red}' +
  '@font-face{font-family:Oswald;font-weight:700;src:url(/assets/oswald-700.woff2)format("woff2")}';

const PAGE = `<!doctype html>
<html lang="en-GB">
  <head>
    <title>Bookings</title>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-abc.js">
    <link rel="modulepreload" crossorigin href="/assets/HomeScreen-abc.js" />
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('inlineStyles', () => {
  it('reads each stylesheet link and returns its rules as a <style> element', () => {
    const asked: string[] = [];
    const styles = inlineStyles(PAGE, (href) => (asked.push(href), CSS));
    expect(asked).toEqual(['/assets/index-abc.css']);
    expect(styles).toEqual({ links: ['<link rel="stylesheet" crossorigin href="/assets/index-abc.css">'], style: `<style>${CSS}</style>` });
  });

  it('gives up when a stylesheet cannot be read or could close the element', () => {
    expect(inlineStyles(PAGE, () => null)).toBeNull();
    expect(inlineStyles(PAGE, () => '.a::after{content:"</style><script>"}')).toBeNull();
    expect(inlineStyles('<head></head>', () => CSS)).toBeNull();
  });
});

describe('forFirstPaint', () => {
  const styles = inlineStyles(PAGE, () => CSS);

  it('inlines the stylesheet and moves the entry and every modulepreload to start-after-paint.js', () => {
    const html = forFirstPaint(PAGE, styles, '/');
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(styles!.style);
    expect(html).toContain(
      '<script defer src="/start-after-paint.js" data-entry="/assets/index-abc.js" data-preload="/assets/react-abc.js /assets/i18n-abc.js /assets/HomeScreen-abc.js"></script>',
    );
    // The stylesheet comes before the loader, where the link was.
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('start-after-paint.js'));
  });

  it("lists each chunk once when the screen's hints repeat the entry's shared chunks", () => {
    const repeated = PAGE.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/react-abc.js" />\n<link rel="modulepreload" crossorigin href="/assets/venues-abc.js" />\n</head>',
    );
    expect(forFirstPaint(repeated, styles, '/')).toContain(
      'data-preload="/assets/react-abc.js /assets/i18n-abc.js /assets/HomeScreen-abc.js /assets/venues-abc.js"',
    );
  });

  it('keeps the stylesheet link when it could not be inlined, and the page as it is without an entry script', () => {
    const html = forFirstPaint(PAGE, null, '/_/foh/');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(html).toContain('<script defer src="/_/foh/start-after-paint.js"');
    const noEntry = PAGE.replace(/<script type="module"[^\n]*\n/, '');
    expect(forFirstPaint(noEntry, null, '/')).toBe(noEntry);
  });
});
