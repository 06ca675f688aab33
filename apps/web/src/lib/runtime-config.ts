import type { SourceRouting } from '@app/contract/rules/sources';

/** Base addresses and settings the server injects as `<meta name="app-config">` (DESIGN.md §2). */
export type RuntimeConfig = {
  apiBase: string;
  authBase: string;
  activitiesBase: string;
  checkoutBase: string;
  v1ActivitiesBase: string;
  fohBase: string;
  dashboardBase: string;
  translationsPath: string;
  mapTileUrl: string;
  /** `SOURCE_ROUTING`: how links to another source are formed (docs/shell.md "Hosts and sources"). */
  sourceRouting: SourceRouting;
};

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiBase: '/api',
  authBase: '/api/auth',
  activitiesBase: '/api/activities',
  checkoutBase: '/api/activities/cart',
  v1ActivitiesBase: '/api/v1/activities',
  fohBase: '/api/foh',
  dashboardBase: '/api/dashboard',
  translationsPath: '/locales/{{lng}}/{{ns}}.json',
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  sourceRouting: 'auto',
};

export const parseRuntimeConfig = (content: string | null | undefined): RuntimeConfig => {
  if (!content) return DEFAULT_RUNTIME_CONFIG;
  try {
    const parsed = JSON.parse(content) as Partial<RuntimeConfig>;
    return { ...DEFAULT_RUNTIME_CONFIG, ...parsed };
  } catch {
    return DEFAULT_RUNTIME_CONFIG;
  }
};

let cached: RuntimeConfig | undefined;
export const runtimeConfig = (): RuntimeConfig => {
  cached ??= parseRuntimeConfig(
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="app-config"]')?.getAttribute('content'),
  );
  return cached;
};

/** The server's own configuration, for a server render (there is no `<meta>` to read). */
export const setRuntimeConfig = (config: Partial<RuntimeConfig>) => {
  cached = { ...DEFAULT_RUNTIME_CONFIG, ...config };
};
