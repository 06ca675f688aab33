import { create } from 'zustand';
import { hostTakesSubdomains, isSource, sourceForPath, sourcePathPrefix, type Source, type SourceRouting } from '@app/contract/rules/sources';
import { runtimeConfig } from './runtime-config.ts';
import { currentLocation } from './request-env.ts';

/**
 * Runtime modes of the shell (spec §2 query parameters, DESIGN.md §2): `?embedded=true` and
 * `?kiosk=true` are remembered for the visit (session storage), `?centre=` names the kiosk's venue.
 */
export type ShellMode = { isEmbedded: boolean; isKiosk: boolean; centre: string | null };

const KEY = 'bookings.shell-mode';

const readStored = (): ShellMode => {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Partial<ShellMode>;
    return { isEmbedded: stored.isEmbedded === true, isKiosk: stored.isKiosk === true, centre: stored.centre ?? null };
  } catch {
    return { isEmbedded: false, isKiosk: false, centre: null };
  }
};

const flag = (params: URLSearchParams, name: string, current: boolean) => {
  const value = params.get(name);
  return value === null ? current : value === 'true' || value === '1';
};

/** The mode after reading a URL's query: a given flag wins over the remembered one. */
export const modeFromSearch = (search: string, current: ShellMode): ShellMode => {
  const params = new URLSearchParams(search);
  const centre = params.get('centre');
  return {
    isEmbedded: flag(params, 'embedded', current.isEmbedded),
    isKiosk: flag(params, 'kiosk', current.isKiosk),
    centre: centre && /^[a-z0-9-]{1,100}$/.test(centre) ? centre : current.centre,
  };
};

export const useShellModeStore = create<ShellMode>(() =>
  typeof window === 'undefined' ? { isEmbedded: false, isKiosk: false, centre: null } : modeFromSearch(location.search, readStored()),
);

useShellModeStore.subscribe((mode) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(mode));
  } catch {
    // Storage blocked (private mode in an iframe): the flags still hold for this page.
  }
});
if (typeof window !== 'undefined') {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(useShellModeStore.getState()));
  } catch {
    // As above.
  }
}

/** Reads query flags on every navigation. */
export const applySearch = (search: string) => {
  const next = modeFromSearch(search, useShellModeStore.getState());
  const current = useShellModeStore.getState();
  if (next.isEmbedded !== current.isEmbedded || next.isKiosk !== current.isKiosk || next.centre !== current.centre) {
    useShellModeStore.setState(next);
  }
};

export const useShellMode = () => useShellModeStore();

const SOURCE = (import.meta.env.VITE_SOURCE ?? 'bookings') as Source;

/**
 * The router's basename: `/_/my-account` when this source was opened under its path prefix
 * (a host without sub-domains, docs/shell.md "Hosts and sources"), else none.
 */
export const routerBasename = (pathname: string = currentLocation().pathname): string | undefined => {
  const prefix = sourcePathPrefix(SOURCE);
  return prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`)) ? prefix : undefined;
};

/** An address inside this app for a plain `<a href>` or `location.assign` (the router adds its basename itself). */
export const appHref = (path: string): string => `${routerBasename() ?? ''}${path}`;

type ProductUrlOptions = {
  isEmbedded: boolean;
  currentHost?: string;
  protocol?: string;
  /** `SOURCE_ROUTING` from the runtime configuration. */
  routing?: SourceRouting;
  /** The current page's path: a page opened under `/_/<source>` keeps links in that form. */
  currentPath?: string;
};

/** `/` → the bare prefix (the server would redirect `/_/x/` to `/_/x`), `/?q` → `/_/x?q`. */
const underPrefix = (prefix: string, path: string) => (path === '/' || path.startsWith('/?') || path.startsWith('/#') ? prefix + path.slice(1) : prefix + path);

/**
 * The address of `path` on another source (spec §1 "Common links"). On a host that takes
 * sub-domains, the current host with its source label swapped (`my-account.example.com`);
 * on an IP address, a single-label host, a page already under `/_/<source>`, or with
 * `SOURCE_ROUTING=path`, the same host with the source's path prefix (`/_/my-account/…`).
 * When embedded, the link keeps `embedded=true`.
 */
export const productUrl = (
  source: Source,
  path: string,
  {
    isEmbedded,
    currentHost = currentLocation().host,
    protocol = currentLocation().protocol,
    routing = runtimeConfig().sourceRouting,
    currentPath = currentLocation().pathname,
  }: ProductUrlOptions,
): string => {
  const labels = currentHost.split('.');
  const bare = isSource(labels[0] ?? '') && labels.length > 1 ? labels.slice(1).join('.') : currentHost;
  const hostname = bare.replace(/:\d+$/, '');
  const isOnPathForm = sourceForPath(currentPath)?.source != null;
  const usePath = routing === 'path' || (routing === 'auto' && (isOnPathForm || !hostTakesSubdomains(hostname)));
  const url = usePath
    ? new URL(underPrefix(sourcePathPrefix(source), path), `${protocol}//${bare}`)
    : new URL(path, `${protocol}//${source === 'bookings' ? bare : `${source}.${bare}`}`);
  if (isEmbedded) url.searchParams.set('embedded', 'true');
  return url.toString();
};
