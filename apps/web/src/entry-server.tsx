import { StrictMode, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next, { type BackendModule } from 'i18next';
import { themeCssVariables, type Theme } from '@app/contract/rules/theme-defaults';
import { I18nProvider } from './lib/i18n-react.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { DEFAULT_LANGUAGE, PAGE_NAMESPACES, SUPPORTED_LANGUAGES } from './lib/i18n.ts';
import { asSupportedLanguage, setServerLanguage } from './lib/i18n-format.ts';
import { setPageData } from './lib/page-data.ts';
import { takeServerRenderedDescription, takeServerRenderedTitle, takeServerRenderedTrail, type Breadcrumb } from './lib/page-meta.ts';
import { setRuntimeConfig, type RuntimeConfig } from './lib/runtime-config.ts';
import { setServerRequest } from './lib/request-env.ts';
import { routerBasename } from './lib/shell-mode.ts';
import { LoadingSpinner } from './lib/ui/LoadingSpinner.tsx';
import { themeKeys } from './lib/query-keys/theme.ts';
import { AppRoutes } from './app/router.tsx';

/**
 * Server rendering of the first screen (docs/performance.md "Server rendering"): the same
 * tree as main.tsx, with a StaticRouter, a fresh query client and an i18next instance holding
 * the translations the page carries, fed with the page data the server puts in the page, so
 * the browser hydrates exactly what it would have rendered. The SPA server
 * (apps/api/src/modules/spa/server-render.ts) calls `render` one page at a time.
 */
export type RenderInput = {
  /** Path and query inside the app, e.g. `/location/bury-leisure-centre`. */
  url: string;
  /** The full address, for links to other sources. */
  href: string;
  /** The request's Cookie header (login state and remembered venue render as in the browser). */
  cookie: string;
  /** The responses the page carries as `#page-data`, keyed by URL. */
  responses: Record<string, unknown>;
  /** The server's clock to the minute when it made the page (ms; the page carries it as `now`): what the render takes as now. */
  now?: number;
  /** The page's language (the request's `lang` cookie; docs/languages.md); English when absent or not ours. */
  language?: string;
  /** The path of a 404 rendered as the not-found page (the page carries it as `notFound`). */
  notFound?: string;
  runtimeConfig: Partial<RuntimeConfig>;
  signal: AbortSignal;
};

export type RenderResult = {
  /** The markup inside `<div id="root">`. */
  html: string;
  /** What ThemeGate sets on `<html>` in the browser, so the first paint has the theme's colours. */
  htmlStyle: string;
  secondaryButton: string | null;
  /** The document title the screen set (spec §2 'Bookings | {title}'), for the page's `<title>`. */
  title: string;
  /** The screen's meta description, if it set one (issue 28). */
  description: string | null;
  /** The breadcrumb trail the screen set while rendering (the page carries it as `#page-trail`), or null. */
  trail: { path: string; crumbs: Breadcrumb[] } | null;
};

const translationsOf = (responses: Record<string, unknown>, path: string, language: string) => {
  const bundles: Record<string, Record<string, unknown>> = {};
  for (const ns of ['common', ...PAGE_NAMESPACES]) {
    const body = responses[path.replaceAll('{{lng}}', language).replaceAll('{{ns}}', ns)];
    if (body && typeof body === 'object') bundles[ns] = body as Record<string, unknown>;
  }
  return bundles;
};

export const render = async (input: RenderInput): Promise<RenderResult> => {
  setRuntimeConfig(input.runtimeConfig);
  setServerRequest({ cookie: input.cookie, href: input.href });
  setPageData(input.responses, input.notFound ?? null, input.now ?? null);
  const language = asSupportedLanguage(input.language);
  setServerLanguage(language);
  takeServerRenderedTitle();
  takeServerRenderedDescription();
  takeServerRenderedTrail();
  try {
    const missing: string[] = [];
    // A namespace the page does not carry would render its keys: give up instead.
    const backend: BackendModule = {
      type: 'backend',
      init: () => {},
      read: (_language, namespace, callback) => {
        missing.push(namespace);
        callback(new Error(`namespace ${namespace} is not in the page`), false);
      },
    };
    const translationsPath = input.runtimeConfig.translationsPath ?? '/locales/{{lng}}/{{ns}}.json';
    const bundles = translationsOf(input.responses, translationsPath, language);
    // English beside Welsh, for i18next's key-by-key fallback as in the browser (lib/i18n.ts).
    const fallback: Record<string, Record<string, Record<string, unknown>>> =
      language === DEFAULT_LANGUAGE ? {} : { [DEFAULT_LANGUAGE]: translationsOf(input.responses, translationsPath, DEFAULT_LANGUAGE) };
    const i18n = i18next.createInstance();
    await i18n.use(backend).init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'currentOnly',
      ns: Object.keys(bundles),
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      resources: { ...fallback, [language]: bundles },
      partialBundledLanguages: true,
      initAsync: false,
      showSupportNotice: false,
    });
    const queryClient = createQueryClient();
    // A site other than bookings opened under its `/_/<source>` path routes below it, as in the browser (main.tsx).
    const basename = routerBasename();
    const errors: unknown[] = [];
    const { prelude } = await prerender(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={<LoadingSpinner fullPage />}>
              <StaticRouter basename={basename} location={`${basename ?? ''}${input.url}`}>
                <AppRoutes />
              </StaticRouter>
            </Suspense>
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
      // One piece: a boundary sent apart would need an inline script to move it into place (strict CSP).
      { signal: input.signal, progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => void errors.push(error) },
    );
    const html = await new Response(prelude).text();
    if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
    if (missing.length > 0) throw new Error(`The page needs translations it does not carry: ${missing.join(', ')}`);
    const theme = queryClient
      .getQueryCache()
      .findAll({ queryKey: themeKeys.all })
      .map((query) => query.state.data as Theme | undefined)
      .find(Boolean);
    const htmlStyle = theme
      ? Object.entries(themeCssVariables(theme))
          .map(([name, value]) => `${name}:${value}`)
          .join(';')
      : '';
    queryClient.clear();
    return {
      html,
      htmlStyle,
      secondaryButton: theme?.themeAppSecondaryButtonStyle ?? null,
      title: takeServerRenderedTitle(),
      description: takeServerRenderedDescription(),
      trail: takeServerRenderedTrail(),
    };
  } finally {
    takeServerRenderedTitle();
    takeServerRenderedDescription();
    takeServerRenderedTrail();
    setServerRequest(null);
    setServerLanguage(null);
    setPageData({});
  }
};
