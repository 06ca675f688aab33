import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Source } from '@app/contract/rules/sources';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, type Language } from '../../lib/language.ts';
import { matchPageRoute, NOT_FOUND_ROUTE } from './page-routes.ts';

/**
 * What the server puts in a page so the first screen does not wait on a request chain
 * (script → translations → theme and client → screen chunk → data; docs/performance.md
 * "Lighthouse"): the public API answers the first screen asks for, keyed by the exact URL the
 * web app builds, its translations, and preload hints for the screen's chunk and the theme's
 * fonts. Only public, per-client data: never anything tied to a login.
 */
export type PageDataOptions = {
  distDir: string;
  runtimeConfig: Record<string, string | null>;
};

/** What goes in a page's head, and the responses in it (which a server render reads too). */
export type PageData = {
  head: string;
  responses: Record<string, unknown>;
  /** A page of the bookings site's route table (page-routes.ts): the server renders it (server-render.ts). */
  isFirstScreen: boolean;
  /** Where the page's screen would send this visitor at once: the server redirects instead (page-routes.ts). */
  redirect: string | null;
  /**
   * The server's clock to the minute when it made the page (ms): the routes' choices by time and
   * the render read it, and the page carries it so the browser hydrates with the same time
   * (web lib/page-data.ts pageNow) before it reads its own clock.
   */
  now: number;
};

/** A response bigger than this is left to the browser (500 venues are ~250 KB). */
const MAX_INLINE_BYTES = 48 * 1024;

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** Faces each theme font choice uses on a first screen (the weights the shell sets). */
const FONT_FILES: Record<string, string[]> = {
  roboto: ['roboto-latin-400-normal', 'roboto-latin-500-normal'],
  lato: ['lato-latin-400-normal', 'lato-latin-700-normal'],
  open_sans: ['open-sans-latin-400-normal', 'open-sans-latin-600-normal'],
  garage_gothic: ['oswald-latin-500-normal', 'oswald-latin-700-normal'],
  'garagegothic-boldregular': ['oswald-latin-500-normal', 'oswald-latin-700-normal'],
};

/** `<` escaped so no value can close the script element; U+2028/9 for old parsers. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029');

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

export const pageDataBuilder = (app: FastifyInstance, { distDir, runtimeConfig }: PageDataOptions) => {
  const manifests = new Map<Source, Manifest | null>();
  const manifestOf = (source: Source): Manifest | null => {
    if (!manifests.has(source)) {
      const file = path.join(distDir, source, '.vite', 'manifest.json');
      manifests.set(source, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null);
    }
    return manifests.get(source) ?? null;
  };
  const fontFiles = new Map<Source, string[]>();
  const fontsOf = (source: Source) => {
    if (!fontFiles.has(source)) {
      const dir = path.join(distDir, source, 'assets');
      fontFiles.set(source, fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.woff2')) : []);
    }
    return fontFiles.get(source)!;
  };
  const translations = new Map<string, unknown>();
  const translationFile = (source: Source, url: string): unknown => {
    const key = `${source}${url}`;
    if (!translations.has(key)) {
      const file = path.join(distDir, source, path.normalize(url));
      translations.set(key, file.startsWith(path.join(distDir, source)) && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
    }
    return translations.get(key);
  };

  /** Same-server bases only: an API on another origin is the browser's to ask. */
  const local = (base: string | null | undefined) => (base && base.startsWith('/') ? base.replace(/\/+$/, '') : null);

  /** The answer's JSON body, or its text for a text/html answer (the venue's footer block). */
  const getJson = async (host: string, language: Language, url: string): Promise<unknown> => {
    // In the page's language (an answer's texts follow the request's `lang` cookie, lib/language.ts).
    const response = await app.inject({ method: 'GET', url, headers: { host, accept: 'application/json, text/html', cookie: `${LANGUAGE_COOKIE}=${language}` } });
    if (response.statusCode !== 200 || response.rawPayload.length > MAX_INLINE_BYTES) return undefined;
    return String(response.headers['content-type'] ?? '').startsWith('text/html') ? response.body : response.json();
  };

  return async ({
    source,
    host,
    pathname,
    selectedVenue,
    isLoggedIn,
    notFound = false,
    language = DEFAULT_LANGUAGE,
  }: {
    source: Source;
    host: string;
    /** The page's language (the request's `lang` cookie): its translations, and the answers' texts. */
    language?: Language;
    pathname: string;
    selectedVenue: string | null;
    /** The request carries its source's readable logged-in cookie. */
    isLoggedIn: boolean;
    /** A 404 the server renders as the not-found page (not-found-page.ts): the page says so to the app. */
    notFound?: boolean;
  }): Promise<PageData> => {
    const apiBase = local(runtimeConfig.apiBase);
    const activitiesBase = local(runtimeConfig.activitiesBase);
    // The route table names each route's sites; a page of none carries the theme and client only.
    const match = notFound ? { route: NOT_FOUND_ROUTE, params: {} as Record<string, string | undefined> } : matchPageRoute(pathname, source);
    const venue = match?.params.venueSlug ?? selectedVenue;
    const urls: string[] = [];
    if (apiBase) {
      urls.push(venue ? `${apiBase}/frontend/theme?venue=${encodeURIComponent(venue)}` : `${apiBase}/frontend/theme`, `${apiBase}/client`);
    }
    // The venue's footer block (web features/shell/VenueFooter.tsx) paints with the page: fetched
    // after hydration it grew the footer under a visitor who had scrolled to the end (issue 28).
    if (venue && activitiesBase) urls.push(`${activitiesBase}/footer?${new URLSearchParams({ venue })}`);
    // Each answer fetched once per page, whether the table or the page asks for it.
    const answers = new Map<string, Promise<unknown>>();
    const get = (url: string) => {
      if (!answers.has(url)) answers.set(url, getJson(host, language, url));
      return answers.get(url)!;
    };
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const context = { activities: (rest: string) => `${activitiesBase}/${rest}`, api: (rest: string) => `${apiBase ?? '/api'}/${rest}`, get, isLoggedIn, selectedVenue, now };
    const first = match?.route.first && activitiesBase ? await match.route.first(match.params, context) : null;
    if (first && first !== 'browser') return { head: '', responses: {}, isFirstScreen: false, redirect: first.redirect, now };
    if (match && activitiesBase) {
      urls.push(...(await match.route.data(match.params, context)));
    }
    const screen = match && activitiesBase ? match.route.screen : null;
    const responses: Record<string, unknown> = {};
    await Promise.all(
      urls.map(async (url) => {
        const body = await get(url);
        if (body !== undefined) responses[url] = body;
      }),
    );
    const translationsPath = runtimeConfig.translationsPath ?? '';
    if (translationsPath.startsWith('/')) {
      // The page's language, and English beside it for Welsh: i18next falls back to it key by key
      // (apps/web/src/lib/i18n.ts), so the browser would fetch it at once; the server render uses both.
      const languages = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
      for (const lng of languages) {
        for (const ns of ['common', ...(screen ? (match?.route.namespaces ?? []) : [])]) {
          const url = translationsPath.replaceAll('{{lng}}', lng).replaceAll('{{ns}}', ns);
          const body = translationFile(source, url);
          if (body !== undefined) responses[url] = body;
        }
      }
    }

    const hints: string[] = [];
    const manifest = manifestOf(source);
    const chunk = screen && manifest?.[screen];
    if (chunk) {
      const base = source === 'bookings' ? '/' : `/_/${source}/`;
      const entryFiles = new Set(Object.values(manifest).filter((m) => m.isEntry).map((m) => m.file));
      const files = [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file)].filter(
        (file): file is string => !!file && !entryFiles.has(file),
      );
      for (const file of files) hints.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(base + file)}" />`);
    }
    const theme = (apiBase && (responses[urls[0]!] as { data?: Record<string, unknown> } | undefined)?.data) || {};
    const faces = new Set([
      ...(FONT_FILES[String(theme.theme_app_body_font_style ?? 'roboto')] ?? []).slice(0, 1),
      ...(FONT_FILES[String(theme.theme_app_heading_font_style ?? 'garage_gothic')] ?? []).slice(0, 1),
    ]);
    const fontBase = source === 'bookings' ? '/assets/' : `/_/${source}/assets/`;
    for (const face of faces) {
      const file = fontsOf(source).find((f) => f.startsWith(`${face}-`));
      if (file) hints.push(`<link rel="preload" as="font" type="font/woff2" crossorigin href="${escapeAttribute(fontBase + file)}" />`);
    }
    return {
      head: [...hints, `<script type="application/json" id="page-data">${jsonForScript(notFound ? { responses, now, notFound: pathname } : { responses, now })}</script>`].join('\n    '),
      responses,
      isFirstScreen: screen !== null && first !== 'browser',
      redirect: null,
      now,
    };
  };
};
