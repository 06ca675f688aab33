import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SOURCES, sourceForHost, sourceForPath, type Source } from '@app/contract/rules/sources';
import { pageExists as catalogueHasPage } from '../catalogue/service.ts';
import { isSpaPath, pageLookup, withoutTrailingSlash } from './known-paths.ts';
import { jsonForScript, pageDataBuilder } from './page-data.ts';
import { rendersNotFoundScreen, staticNotFoundPage } from './not-found-page.ts';
import { SERVER_RENDER_BUDGET_MS, serverRenderer } from './server-render.ts';
import { forFirstPaint, inlineStyles, type InlineStyles } from './first-paint.ts';
import { languageSwitch, pageInLanguage } from './page-language.ts';
import { DEFAULT_LANGUAGE, requestLanguage, type Language } from '../../lib/language.ts';
import { setLanguageCookie } from '../../lib/language-cookie.ts';

const safeDecode = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

type Options = {
  distDir: string;
  runtimeConfig: Record<string, string | null>;
  /** How long a page waits for its server render before it is sent for the browser to render. */
  serverRenderBudgetMs?: number;
};

/**
 * Which bundle answers: `/_/<source>/…` on any host (hosts without sub-domains), else the
 * host's sub-domain. `request.host` honours X-Forwarded-Host only from trusted proxies.
 */
const sourceOf = (host: string, pathname: string): { source: Source | null; rest: string } =>
  sourceForPath(pathname) ?? { source: sourceForHost(host), rest: pathname };

const escapeText = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Serves the built SPA: one bundle per source (spec §1), picked by sub-domain
 * (`my-account.<host>` → my-account) or path prefix (`/_/my-account/…`); a bare host serves
 * bookings. A page whose venue, activity or course does not exist answers 404 (the SPA still
 * loads and shows its not-found page).
 */
/**
 * Whether a built file is there. A path no file can have (a segment over the file system's 255
 * bytes: ENAMETOOLONG; a file used as a folder: ENOTDIR) is simply not a file, so the address
 * goes on to the pages and their 404, not a 500.
 */
const isFile = (file: string): boolean => {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
};

export const spaRoutes: FastifyPluginAsync<Options> = async (app, { distDir, runtimeConfig, serverRenderBudgetMs = SERVER_RENDER_BUDGET_MS }) => {
  const available = SOURCES.filter((s) => fs.existsSync(path.join(distDir, s, 'index.html')));
  if (available.length === 0) {
    app.log.warn({ distDir }, 'no built web bundles found; run `npm run build`');
  }
  await app.register(fastifyStatic, { root: distDir, serve: false, index: false });

  const indexHtml = new Map<Source, string>();
  /** Each source's stylesheets, ready to inline in a server-rendered page (first-paint.ts). */
  const styles = new Map<Source, InlineStyles | null>();
  const meta = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(runtimeConfig))}" />`;
  for (const source of available) {
    const html = fs.readFileSync(path.join(distDir, source, 'index.html'), 'utf8');
    indexHtml.set(source, html.replace('</head>', `    ${meta}\n  </head>`));
    const base = source === 'bookings' ? '/' : `/_/${source}/`;
    styles.set(
      source,
      inlineStyles(html, (href) => {
        const file = path.join(distDir, source, path.normalize(href.slice(base.length)));
        return href.startsWith(base) && file.startsWith(path.join(distDir, source)) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
      }),
    );
  }

  const pageExists = async (hostname: string, pathname: string, source: Source) => {
    if (!isSpaPath(pathname)) return false;
    const lookup = pageLookup(pathname, source);
    if (lookup === null) return true;
    const clientId = (await app.tenantForHost(hostname))?.id;
    return clientId !== undefined && (await catalogueHasPage(app.db, clientId, lookup));
  };
  const pageData = pageDataBuilder(app, { distDir, runtimeConfig });
  // One server bundle per site that has pages in the route table (the bookings site, the account site).
  const renderers = new Map<Source, ReturnType<typeof serverRenderer>>();
  const renderPage = (source: Source, input: Parameters<ReturnType<typeof serverRenderer>>[0]) => {
    if (!renderers.has(source)) renderers.set(source, serverRenderer({ distDir, source, runtimeConfig, log: app.log, budgetMs: serverRenderBudgetMs }));
    return renderers.get(source)!(input);
  };
  /** The site's name in a language (common.json `siteName` of the build), the title of a page the server does not render. */
  const siteNames = new Map<string, string | null>();
  const siteName = (source: Source, language: Language): string | null => {
    const key = `${source}:${language}`;
    if (!siteNames.has(key)) {
      const url = (runtimeConfig.translationsPath ?? '').replaceAll('{{lng}}', language).replaceAll('{{ns}}', 'common');
      const file = path.join(distDir, source, path.normalize(url));
      const read = (): string | null => {
        try {
          const value = url.startsWith('/') && file.startsWith(path.join(distDir, source)) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { siteName?: unknown }).siteName : null;
          return typeof value === 'string' ? value : null;
        } catch {
          // No such file in this build (or not JSON): the built page keeps its title.
          return null;
        }
      };
      siteNames.set(key, read());
    }
    return siteNames.get(key) ?? null;
  };
  /** The remembered venue (web lib/selected-venue.ts), which the web app themes the page with. */
  const selectedVenue = (cookie: string | undefined): string | null => {
    try {
      const slug = (JSON.parse(cookie ?? 'null') as { slug?: unknown } | null)?.slug;
      return typeof slug === 'string' && /^[a-z0-9-]{1,100}$/.test(slug) ? slug : null;
    } catch {
      return null;
    }
  };

  app.get('/*', async (request, reply) => {
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    if (pathname === null) return reply.status(404).type('text/html; charset=utf-8').send(staticNotFoundPage(requestLanguage(request)));
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found.` });
    }
    // The language switch's link without JavaScript (docs/languages.md "The switch"): the choice
    // goes in the cookie and the same address follows without `lang` (303: a plain GET).
    const switched = languageSwitch(request.url);
    if (switched) {
      if (switched.language) setLanguageCookie(request, reply, switched.language);
      return reply.header('cache-control', 'no-store').redirect(switched.location, 303);
    }
    // Spec §2: a trailing slash in a path is removed by redirect (the query string is kept).
    const trimmed = withoutTrailingSlash(request.url.split('?')[0] ?? '/');
    if (trimmed !== null) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(trimmed + query, 301);
    }
    const { source, rest } = sourceOf(request.host, pathname);
    if (source === null) {
      return reply.status(404).type('text/html; charset=utf-8').send(staticNotFoundPage(requestLanguage(request)));
    }
    // Only the bookings site may be framed, by the client's own list (any origin in development);
    // the tag manager's hosts only where a container is configured (docs/security.md "Issue 22").
    const tenant = await app.tenantForHost(request.hostname);
    const frameAncestors = source !== 'bookings' ? [] : app.config.isDevelopment ? ['*'] : (tenant?.frameAncestors ?? []);
    reply.pagePolicy({ tagManager: tenant?.tagManager ?? false, frameAncestors });
    const built = indexHtml.get(source);
    if (!built) {
      return reply.status(503).type('text/plain').send(`The ${source} site has not been built. Run npm run build.`);
    }
    const relative = path.normalize(rest).replace(/^(\.\.[/\\])+/, '');
    if (relative !== '/' && !relative.endsWith('/')) {
      const file = path.join(distDir, source, relative);
      if (file.startsWith(path.join(distDir, source)) && isFile(file)) {
        const isHashed = relative.startsWith('/assets/');
        return reply
          .header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
          .sendFile(path.join(source, relative), { cacheControl: false });
      }
    }
    // Every page is in the visitor's language (the `lang` cookie): its `<html lang>`, title and translations.
    const language = requestLanguage(request);
    const html = language === DEFAULT_LANGUAGE ? built : pageInLanguage(built, language, siteName(source, language));
    // A path no screen has, or naming a venue/activity/course that does not exist, gets a real
    // 404; the SPA still loads and shows its not-found page.
    const exists = await pageExists(request.hostname, rest, source);
    // A 404 whose screen is the not-found page paints it from the server too (not-found-page.ts).
    const notFound = !exists && source === 'bookings' && rendersNotFoundScreen(rest);
    const data =
      exists || notFound
        ? await pageData({
            source,
            host: request.host,
            pathname: rest,
            selectedVenue: selectedVenue(request.cookies.selected_venue),
            // The readable companion of the session cookie (auth/session-cookie.ts loggedInCookieName).
            isLoggedIn: request.cookies[`logged_in_${source.replace(/[^a-z]/g, '_')}`] === '1',
            notFound,
            language,
          })
        : null;
    if (data?.redirect) {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.header('cache-control', 'no-cache').redirect(data.redirect + query, 302);
    }
    // The route table's pages paint before any script runs (docs/performance.md "Server rendering"),
    // unless the address asks for a kiosk or embedded layout (the browser renders those itself).
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const modeFlags = new URLSearchParams(search);
    const rendered =
      data?.isFirstScreen && !['kiosk', 'embedded', 'centre'].some((flag) => modeFlags.has(flag))
        ? await renderPage(source, {
            url: rest + search,
            href: `${request.protocol}://${request.host}${request.url}`,
            cookie: request.headers.cookie ?? '',
            responses: data.responses,
            now: data.now,
            language,
            ...(notFound ? { notFound: rest } : {}),
          })
        : null;
    let page = data ? html.replace('</head>', `    ${data.head}\n  </head>`) : html;
    if (rendered) {
      const themeAttributes =
        (rendered.htmlStyle ? ` style="${escapeAttribute(rendered.htmlStyle)}"` : '') +
        (rendered.secondaryButton ? ` data-secondary-button="${escapeAttribute(rendered.secondaryButton)}"` : '');
      // It paints from the HTML alone; the app's script comes after (first-paint.ts).
      page = forFirstPaint(page, styles.get(source) ?? null, source === 'bookings' ? '/' : `/_/${source}/`)
        .replace(/<html([^>]*)>/, (_, attributes: string) => `<html${attributes}${themeAttributes}>`)
        // Spec §2 'Bookings | {title}' from the HTML, not only once the script has run.
        .replace(/<title>[^<]*<\/title>/, (built) =>
          rendered.title
            ? `<title>${escapeText(rendered.title)}</title>` +
              (rendered.description ? `\n    <meta name="description" content="${escapeAttribute(rendered.description)}" />` : '')
            : built,
        )
        // The trail the screen set, for the browser's first render to draw the same (web lib/page-meta.ts).
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root" data-server-rendered>${rendered.html}</div>` +
            (rendered.trail ? `\n    <script type="application/json" id="page-trail">${jsonForScript(rendered.trail)}</script>` : ''),
        );
    }
    return reply
      .status(exists ? 200 : 404)
      .header('cache-control', 'no-cache')
      // One address, one page per language (and per login and venue): no cache may give one visitor's to another.
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(page);
  });
};
