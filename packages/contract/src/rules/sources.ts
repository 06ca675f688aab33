/** Build-time sources of spec §1 / DESIGN.md §2. */
export const SOURCES = ['bookings', 'my-account', 'online-joining', 'foh'] as const;
export type Source = (typeof SOURCES)[number];
export const DEFAULT_SOURCE: Source = 'bookings';

export const isSource = (value: string): value is Source =>
  (SOURCES as readonly string[]).includes(value);

/**
 * Picks the bundle for a request host: `my-account.example.com` → my-account.
 * A bare host (no known sub-domain label first) serves bookings.
 */
export const sourceForHost = (host: string | undefined): Source => {
  if (!host) return DEFAULT_SOURCE;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const first = hostname.split('.')[0] ?? '';
  return isSource(first) ? first : DEFAULT_SOURCE;
};

/**
 * Where a host has no sub-domains (an IP address, a single custom domain), every source but
 * bookings is reached under a path prefix on the same host: `/_/my-account/dashboard`.
 * Each of those builds uses the prefix as its Vite `base`, so its assets load the same way
 * on a sub-domain and under the prefix.
 */
export const SOURCE_PATH_PREFIX = '/_/';

/** The URL prefix of a source's path form: `/_/my-account`; bookings has none. */
export const sourcePathPrefix = (source: Source): string => (source === DEFAULT_SOURCE ? '' : `${SOURCE_PATH_PREFIX}${source}`);

/**
 * `/_/my-account/dashboard` → `{ source: 'my-account', rest: '/dashboard' }`; `null` for a
 * path outside the prefix; `{ source: null }` for a prefix naming no source (a 404).
 */
export const sourceForPath = (pathname: string): { source: Source | null; rest: string } | null => {
  if (!pathname.startsWith(SOURCE_PATH_PREFIX)) return null;
  const after = pathname.slice(SOURCE_PATH_PREFIX.length);
  const slash = after.indexOf('/');
  const name = slash === -1 ? after : after.slice(0, slash);
  const rest = slash === -1 ? '/' : after.slice(slash) || '/';
  return { source: isSource(name) && name !== DEFAULT_SOURCE ? name : null, rest };
};

/** How links to another source are formed (`SOURCE_ROUTING`). */
export const SOURCE_ROUTINGS = ['auto', 'subdomain', 'path'] as const;
export type SourceRouting = (typeof SOURCE_ROUTINGS)[number];

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * Can this host name take a source sub-domain? Not an IP address (`my-account.127.0.0.1` is
 * no address at all) and not a single label such as an intranet name, except `localhost`
 * (browsers resolve `*.localhost` to the machine itself). A custom domain with no wildcard
 * DNS cannot be told from the name: set `SOURCE_ROUTING=path` for it.
 */
export const hostTakesSubdomains = (hostname: string): boolean => {
  const name = hostname.toLowerCase();
  if (name.startsWith('[') || name.includes(':') || IPV4.test(name)) return false;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return name.includes('.');
};
