/**
 * Responses the server put in the page (`<script type="application/json" id="page-data">`,
 * docs/performance.md "Lighthouse"): the first screen's API answers and translations keyed by
 * the exact URL the app would fetch, so the first paint does not wait on a request chain.
 * Each is used once; later asks (refetches, invalidations) go to the network as before.
 */
let preloaded: Map<string, unknown> | undefined;
/** The path the server answered 404 and rendered as the not-found page (`notFound`), if it did. */
let notFoundPath: string | null = null;
/** The server's clock to the minute when it made the page (`now`, ms), if the page says. */
let serverNow: number | null = null;

const read = (): Map<string, unknown> => {
  if (preloaded) return preloaded;
  preloaded = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById('page-data')?.textContent;
  if (!text) return preloaded;
  try {
    const parsed = JSON.parse(text) as { responses?: Record<string, unknown>; notFound?: unknown; now?: unknown };
    for (const [url, body] of Object.entries(parsed.responses ?? {})) preloaded.set(url, body);
    notFoundPath = typeof parsed.notFound === 'string' ? parsed.notFound : null;
    serverNow = typeof parsed.now === 'number' && Number.isFinite(parsed.now) ? parsed.now : null;
  } catch {
    // A damaged block only costs the requests it would have saved.
  }
  return preloaded;
};

/** The preloaded body for a GET of `url` (path and query as the app builds them), once. */
export const takePageData = (url: string): unknown => {
  const data = read();
  if (!data.has(url)) return undefined;
  const body = data.get(url);
  data.delete(url);
  return body;
};

/** Whether the page holds a body for `url` (without using it). */
export const hasPageData = (url: string): boolean => read().has(url);

/**
 * Whether the server answered 404 for `pathname` and sent the not-found page
 * (apps/api/src/modules/spa/not-found-page.ts): the app shows that page there at once, as the
 * server rendered it, instead of finding out again (a redirect route would first render its spinner).
 */
export const isNotFoundPage = (pathname: string): boolean => {
  read();
  return notFoundPath !== null && notFoundPath === pathname;
};

/**
 * The time the server rendered the page with (ms, to the minute), or null when the page does not
 * say: a render that depends on the time (the day a dateless timetable opens on, what has
 * started) hydrates with it, then follows this browser's clock (timetable/use-now.ts).
 */
export const pageNow = (): number | null => {
  read();
  return serverNow;
};

/** The server render's page data (entry-server.tsx): the same responses the page will carry, its 404 and its time. */
export const setPageData = (responses: Record<string, unknown>, notFound: string | null = null, now: number | null = null) => {
  preloaded = new Map(Object.entries(responses));
  notFoundPath = notFound;
  serverNow = now;
};

/**
 * How long a query whose answer arrived in the page (initial data, never fetched since) stays
 * fresh: long enough that hydrating the page does not fetch it again. A live event, an
 * invalidation or a refetch still fetches it; after its first fetch `staleTime` applies.
 */
export const PAGE_DATA_FRESH_MS = 30_000;

/** `staleTime` for a query that is stale at once (`staleTime`) except with the page's answer. */
export const staleUnlessFromPage =
  (staleTime: number) =>
  (query: { state: { dataUpdateCount: number; data: unknown } }): number =>
    query.state.dataUpdateCount === 0 && query.state.data !== undefined ? Math.max(staleTime, PAGE_DATA_FRESH_MS) : staleTime;
