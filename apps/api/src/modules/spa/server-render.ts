import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Server rendering of a site's first screens (the route table's pages, page-routes.ts;
 * docs/performance.md "Server rendering"): the web build's `.server/<source>/entry-server.js`
 * renders the app from the same page data the page carries, and the browser hydrates it.
 * Anything that goes wrong (no server bundle, a render error, a render slower than the budget)
 * leaves the page as it was before, rendered in the browser, and is logged: a render bug can
 * never take a page down.
 */
type RenderInput = {
  url: string;
  href: string;
  cookie: string;
  responses: Record<string, unknown>;
  /** The page's minute (page-data.ts `now`). */
  now?: number;
  /** The page's language (`en-GB` or `cy`; the request's `lang` cookie): an older bundle ignores it and renders English. */
  language?: string;
  /** The path of a 404 the page renders as the not-found page (page-data.ts `notFound`). */
  notFound?: string;
  runtimeConfig: Record<string, string | null>;
  signal: AbortSignal;
};
/**
 * `title`: the document title the screen set (absent from an older bundle: the page keeps its own);
 * `description`: its meta description, if it set one; `trail`: its breadcrumbs.
 */
type RenderResult = {
  html: string;
  htmlStyle: string;
  secondaryButton: string | null;
  title?: string;
  description?: string | null;
  /** The breadcrumb trail the screen set (absent from an older bundle): the page carries it as `#page-trail`. */
  trail?: { path: string; crumbs: unknown[] } | null;
};
type Entry = { render: (input: RenderInput) => Promise<RenderResult> };

export type ServerRenderOptions = {
  distDir: string;
  /** The site whose bundle renders (`.server/<source>/entry-server.js`); bookings when absent. */
  source?: string;
  runtimeConfig: Record<string, string | null>;
  log: FastifyBaseLogger;
  /** Longest a page waits for its render, queue included, before it is sent unrendered. */
  budgetMs: number;
};

export const SERVER_RENDER_BUDGET_MS = 500;

/** The runtime config as the web app reads it from its `<meta>`: unset values left out. */
const definedOnly = (config: Record<string, string | null>) =>
  Object.fromEntries(Object.entries(config).filter(([, value]) => value !== null && value !== undefined));

export const serverRenderer = ({ distDir, source = 'bookings', runtimeConfig, log, budgetMs }: ServerRenderOptions) => {
  const file = path.join(distDir, '.server', source, 'entry-server.js');
  const entry: Promise<Entry | null> = fs.existsSync(file)
    ? (import(pathToFileURL(file).href) as Promise<Entry>).catch((error: unknown) => {
        log.error({ err: error, file }, 'server render bundle failed to load; pages render in the browser');
        return null;
      })
    : Promise.resolve(null);
  // The web app's request details are module state in the bundle: one render at a time.
  let queue: Promise<unknown> = Promise.resolve();

  return async (input: Omit<RenderInput, 'signal' | 'runtimeConfig'>): Promise<RenderResult | null> => {
    const render = await entry;
    if (!render) return null;
    const controller = new AbortController();
    const started = performance.now();
    const timer = setTimeout(() => controller.abort(new Error(`server render took longer than ${budgetMs} ms`)), budgetMs);
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true }),
    );
    const run = queue.then(() => {
      if (controller.signal.aborted) throw controller.signal.reason;
      return render.render({ ...input, runtimeConfig: definedOnly(runtimeConfig), signal: controller.signal });
    });
    // The next page waits for this one to finish or run out of time (React stops on the abort).
    queue = Promise.race([run, aborted]).catch(() => undefined);
    try {
      const result = await Promise.race([run, aborted]);
      log.debug({ url: input.url, ms: Math.round(performance.now() - started) }, 'server rendered');
      return result;
    } catch (error) {
      log.warn({ err: error, url: input.url, ms: Math.round(performance.now() - started) }, 'server render failed; the page renders in the browser');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
};
