import { create } from 'zustand';
import type { Source } from '@app/contract/rules/sources';

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

const SOURCE_LABELS: readonly Source[] = ['bookings', 'my-account', 'online-joining', 'foh'];

/**
 * The address of `path` on another source's sub-domain (spec §1 "Common links"): the current
 * host with its source label swapped. When embedded, the link keeps `embedded=true`.
 */
export const productUrl = (
  source: Source,
  path: string,
  { isEmbedded, currentHost = location.host, protocol = location.protocol }: { isEmbedded: boolean; currentHost?: string; protocol?: string },
): string => {
  const labels = currentHost.split('.');
  const bare = (SOURCE_LABELS as readonly string[]).includes(labels[0] ?? '') ? labels.slice(1).join('.') : currentHost;
  const host = source === 'bookings' ? bare : `${source}.${bare}`;
  const url = new URL(path, `${protocol}//${host}`);
  if (isEmbedded) url.searchParams.set('embedded', 'true');
  return url.toString();
};
