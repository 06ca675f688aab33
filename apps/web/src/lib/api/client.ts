import { runtimeConfig, type RuntimeConfig } from '../runtime-config.ts';
import { clearSessionMarkers, csrfToken, sessionSource } from './auth-token.ts';
import { toCamel, toSnake } from './case.ts';
import { ApiError } from './errors.ts';
import { takePageData } from '../page-data.ts';
import { genericErrorMessage } from './messages.ts';
import { requestsHeld } from './held-requests.ts';

type Base = keyof Pick<
  RuntimeConfig,
  'apiBase' | 'authBase' | 'activitiesBase' | 'checkoutBase' | 'v1ActivitiesBase' | 'fohBase' | 'dashboardBase'
>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Which configured base address the path is relative to (default: the API base). */
  base?: Base;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Return the raw text (e.g. venue footer HTML) instead of parsing JSON. */
  responseType?: 'json' | 'text';
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  /** The CSRF token of the session (`csrf_<source>` cookie), echoed on writes. */
  csrfToken: () => string | null;
  /** This build's source: the server reads that source's HttpOnly session cookie. */
  source: string;
  onUnauthorised: () => void;
  config: () => RuntimeConfig;
  /** A response the server put in the page for this GET URL, if any (lib/page-data.ts). */
  pageData?: (url: string) => unknown;
  /** What a request waits for before it goes, if anything (lib/api/held-requests.ts). */
  held?: () => Promise<void> | null;
};

/** `path` '' is the base itself (the cart: GET and DELETE on the checkout base, spec §7). */
const joinUrl = (base: string, path: string) => {
  const trimmed = path.replace(/^\/+/, '');
  return trimmed ? `${base.replace(/\/+$/, '')}/${trimmed}` : base.replace(/\/+$/, '');
};

const buildQuery = (query: RequestOptions['query']): string => {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toSnake<Record<string, unknown>>(query))) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** `{ data: X }` → X; anything else is returned as it is. */
export const unwrapData = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body
    ? (body as { data: unknown }).data
    : body;

const readError = async (response: Response): Promise<ApiError> => {
  let message = '';
  let errors: Record<string, string[]> = {};
  try {
    const body = (await response.json()) as { message?: unknown; errors?: unknown };
    if (typeof body.message === 'string') message = body.message;
    if (body.errors && typeof body.errors === 'object') errors = body.errors as Record<string, string[]>;
  } catch {
    // Not JSON (proxy error page, empty body): fall back to the generic message.
  }
  return new ApiError(message || genericErrorMessage(response.status), response.status, errors);
};

/**
 * Builds the one API client (DESIGN.md §3): case conversion, `{data}` unwrapping, 401 handling.
 * The session travels as the HttpOnly cookie the server set (same-origin credentials); each call
 * names its source (`X-Source`) and each write carries the CSRF token (`X-CSRF-Token`).
 */
export const createApiClient = (deps: ApiClientDeps) => {
  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const { method = 'GET', base = 'apiBase', query, body, signal, responseType = 'json' } = options;
    const headers: Record<string, string> = { accept: responseType === 'json' ? 'application/json' : 'text/html' };
    headers['x-source'] = deps.source;
    const csrf = method === 'GET' ? null : deps.csrfToken();
    if (csrf) headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';

    const url = joinUrl(deps.config()[base], path) + buildQuery(query);
    if (method === 'GET' && responseType === 'json') {
      const preloaded = deps.pageData?.(url);
      if (preloaded !== undefined) return toCamel(unwrapData(preloaded)) as T;
    }
    const held = deps.held?.();
    if (held) await held;
    const response = await deps.fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(toSnake(body)),
      signal,
      credentials: 'same-origin',
    });

    if (response.status === 401) {
      deps.onUnauthorised();
      throw await readError(response);
    }
    if (!response.ok) throw await readError(response);
    if (responseType === 'text') return (await response.text()) as T;
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? toCamel(unwrapData(JSON.parse(text))) : undefined) as T;
  };

  /**
   * The response the server put in the page for this GET, converted like a fetched one, or
   * undefined: queries use it as `initialData` so the first render already has its data.
   */
  const peek = <T>(
    path: string,
    { base = 'apiBase', query, responseType = 'json' }: Pick<RequestOptions, 'base' | 'query' | 'responseType'> = {},
  ): T | undefined => {
    const preloaded = deps.pageData?.(joinUrl(deps.config()[base], path) + buildQuery(query));
    if (preloaded === undefined) return undefined;
    if (responseType === 'text') return typeof preloaded === 'string' ? (preloaded as T) : undefined;
    return toCamel(unwrapData(preloaded)) as T;
  };

  return {
    request,
    peek,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...options, method: 'DELETE' }),
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * A 401 on any call removes the stored auth state and reloads the page (spec §4, §8): the
 * server has already cleared a dead session's cookies on that answer; the readable ones go here too.
 */
export const handleUnauthorised = (reload: () => void = () => window.location.reload()) => {
  clearSessionMarkers();
  reload();
};

/** The app's client. */
export const api: ApiClient = createApiClient({
  fetch: (...args) => fetch(...args),
  csrfToken,
  source: sessionSource(),
  onUnauthorised: () => handleUnauthorised(),
  config: runtimeConfig,
  pageData: takePageData,
  held: requestsHeld,
});
