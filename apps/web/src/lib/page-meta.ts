import { use, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import type { i18n as I18n } from 'i18next';
import { useI18nInstance } from './i18n-react.tsx';
import { appI18n } from './app-i18n.ts';

export type Breadcrumb = { label: string; to?: string };
/** `description`: the page's `<meta name="description">` (issue 28), in the server's HTML too. */
export type PageMeta = { title: string; description?: string; breadcrumbs?: Breadcrumb[] };

export const SITE_TITLE = 'Bookings';

/** The site's name in an i18next instance's language (common `siteName`, issue 27), 'Bookings' until its translations are there. */
const siteNameIn = (instance: I18n | null | undefined): string => {
  const name = instance?.isInitialized && instance.exists('common:siteName') ? instance.t('common:siteName') : null;
  return typeof name === 'string' && name ? name : SITE_TITLE;
};

/** Spec §2: page titles read 'Bookings | {title}', with the site's name in the page's language (issue 27). */
export const documentTitle = (title: string | undefined, siteName: string = siteNameIn(appI18n())) => (title ? `${siteName} | ${title}` : siteName);

/** The site's name in the language of the tree's i18next (the server render has its own instance). */
const useSiteName = (): string => siteNameIn(useI18nInstance());

/** `path` records which page set the meta, so a screen that sets none never shows stale crumbs. */
type PageMetaState = { path: string | null; title: string | undefined; breadcrumbs: Breadcrumb[] };

/**
 * A server-rendered page carries the trail its screen set (`#page-trail`, written after the
 * render: apps/api/src/modules/spa/routes.ts), so the shell's first render in the browser — the
 * one that hydrates — already has it and matches the server's HTML (issue 28: the trail painted
 * with the page, not 49 px of empty space until the app ran).
 */
const trailInPage = (): Pick<PageMetaState, 'path' | 'breadcrumbs'> => {
  const none = { path: null, breadcrumbs: [] };
  if (typeof document === 'undefined') return none;
  try {
    const trail = JSON.parse(document.getElementById('page-trail')?.textContent ?? 'null') as { path?: unknown; crumbs?: unknown } | null;
    if (!trail || typeof trail.path !== 'string' || !Array.isArray(trail.crumbs)) return none;
    const crumbs = (trail.crumbs as unknown[]).filter(
      (c): c is Breadcrumb => !!c && typeof (c as Breadcrumb).label === 'string' && ['string', 'undefined'].includes(typeof (c as Breadcrumb).to),
    );
    return { path: trail.path, breadcrumbs: crumbs };
  } catch {
    return none;
  }
};

export const usePageMetaStore = create<PageMetaState>(() => ({ title: undefined, ...trailInPage() }));

/**
 * The server render's trail (one render at a time, like the title): what the screen set while
 * rendering, whether it did so before the screen finished (`settled`), and a promise the shell's
 * trail slot waits on (`use`) so it renders after the screen, though it comes first in the page.
 */
const serverTrail = {
  path: null as string | null,
  crumbs: null as Breadcrumb[] | null,
  settled: false,
  wake: () => {},
  promise: Promise.resolve(),
};
const resetServerTrail = () => {
  serverTrail.path = null;
  serverTrail.crumbs = null;
  serverTrail.settled = false;
  serverTrail.promise = new Promise<void>((resolve) => (serverTrail.wake = resolve));
};
resetServerTrail();
const settleServerTrail = () => {
  if (serverTrail.settled) return;
  serverTrail.settled = true;
  serverTrail.wake();
};
const isServer = () => typeof document === 'undefined';

/** Server render: the trail the screen set while rendering, if the screen had not finished yet; the slot renders. */
const rememberTrailForServerRender = (path: string, crumbs: Breadcrumb[]) => {
  if (serverTrail.settled) return;
  serverTrail.path = path;
  serverTrail.crumbs = crumbs;
  settleServerTrail();
};

/** Screens whose chunk the server render is loading (a screen that suspends lets its siblings render first). */
let screensLoading = 0;

/** Server render: counts a screen's chunk load, so the shell does not take the screen as rendered while it loads. */
export const trackScreenLoad = <T,>(load: Promise<T>): Promise<T> => {
  if (!isServer()) return load;
  screensLoading += 1;
  return load.finally(() => (screensLoading -= 1));
};

/**
 * Server render: a screen has rendered (`router.tsx` after each lazy screen; `always`), or the
 * shell has rendered its screen's place (settles only when no screen's chunk is still loading:
 * a screen that is not lazy). Its trail, if it set one, is final; the trail slot renders.
 */
export const screenRendered = ({ always = false } = {}) => {
  if (isServer() && (always || screensLoading === 0)) settleServerTrail();
};

/** Server render: waits (Suspense) until the screen has rendered. In the browser, nothing. */
export const useTrailSettled = () => {
  if (isServer() && !serverTrail.settled) use(serverTrail.promise);
};

/** The trail the server-rendered screen set before it finished ({ path, crumbs }), or null; then forgotten. */
export const takeServerRenderedTrail = (): { path: string; crumbs: Breadcrumb[] } | null => {
  const trail = serverTrail.settled && serverTrail.path !== null && serverTrail.crumbs !== null ? { path: serverTrail.path, crumbs: serverTrail.crumbs } : null;
  resetServerTrail();
  return trail;
};

/** The breadcrumb trail of the page being shown (empty when its screen set none). */
export const useCurrentBreadcrumbs = (): Breadcrumb[] => {
  const { pathname } = useLocation();
  // Each by its own selector: the title set at hydration re-renders no trail.
  const path = usePageMetaStore((meta) => meta.path);
  const breadcrumbs = usePageMetaStore((meta) => meta.breadcrumbs);
  if (isServer()) return serverTrail.path === pathname && serverTrail.crumbs ? serverTrail.crumbs : [];
  return path === pathname ? breadcrumbs : [];
};

/** Whether the page's screen has said what its trail is (a trail, or none). */
export const useScreenHasSpoken = (): boolean => {
  const { pathname } = useLocation();
  const path = usePageMetaStore((meta) => meta.path);
  return isServer() ? serverTrail.path === pathname && serverTrail.crumbs !== null : path === pathname;
};

/**
 * A server render (apps/web/src/entry-server.tsx) runs no effects: the title the screen asks
 * for while rendering is kept here, and the server writes it into the page's `<title>`.
 */
const serverRender = { title: undefined as string | undefined, description: undefined as string | undefined, siteName: SITE_TITLE };

const rememberForServerRender = (title: string | undefined, description: string | undefined, siteName: string) => {
  serverRender.title = title;
  serverRender.description = description;
  serverRender.siteName = siteName;
};

/** The meta description the server-rendered screen asked for (or null), then forgotten. */
export const takeServerRenderedDescription = (): string | null => {
  const { description } = serverRender;
  serverRender.description = undefined;
  return description ?? null;
};

/** Sets (or, with none, removes) the document's `<meta name="description">`. */
const setDescription = (description: string | undefined) => {
  let element = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (description === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.name = 'description';
    document.head.append(element);
  }
  element.content = description;
};

/** The document title the server-rendered screen asked for, then forgotten (one render at a time). */
export const takeServerRenderedTitle = (): string => {
  const { title, siteName } = serverRender;
  serverRender.title = undefined;
  serverRender.siteName = SITE_TITLE;
  return documentTitle(title, siteName);
};

/**
 * Sets the page title and breadcrumb trail for the screen that calls it (see docs/shell.md).
 * The shell adds the home-icon crumb in front and hides the trail when embedded.
 */
export const usePageMeta = ({ title, description, breadcrumbs = [] }: PageMeta) => {
  const { pathname } = useLocation();
  const siteName = useSiteName();
  if (isServer()) {
    rememberForServerRender(title, description, siteName);
    // Only a trail set before the screen finished is the page's (the shell has not drawn its slot yet).
    rememberTrailForServerRender(pathname, breadcrumbs);
  }
  const trail = JSON.stringify(breadcrumbs);
  // Before paint, so the trail's space is there in the screen's first frame (no layout shift).
  useLayoutEffect(() => {
    // The same trail keeps its array: the hydrated trail (the page's) is not drawn again at once
    // in the hydration's commit (a synchronous re-render; issue 28, docs/performance.md).
    const current = usePageMetaStore.getState();
    const sameTrail = current.path === pathname && JSON.stringify(current.breadcrumbs) === trail;
    usePageMetaStore.setState(sameTrail ? { title } : { path: pathname, title, breadcrumbs: JSON.parse(trail) as Breadcrumb[] });
    document.title = documentTitle(title, siteName);
    setDescription(description);
  }, [pathname, title, description, trail, siteName]);
};
