import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';

export type Breadcrumb = { label: string; to?: string };
/** `description`: the page's `<meta name="description">` (issue 28), in the server's HTML too. */
export type PageMeta = { title: string; description?: string; breadcrumbs?: Breadcrumb[] };

export const SITE_TITLE = 'Bookings';

/** Spec §2: page titles read 'Bookings | {title}'. */
export const documentTitle = (title: string | undefined) => (title ? `${SITE_TITLE} | ${title}` : SITE_TITLE);

/** `path` records which page set the meta, so a screen that sets none never shows stale crumbs. */
type PageMetaState = { path: string | null; title: string | undefined; breadcrumbs: Breadcrumb[] };

export const usePageMetaStore = create<PageMetaState>(() => ({ path: null, title: undefined, breadcrumbs: [] }));

/** The breadcrumb trail of the page being shown (empty when its screen set none). */
export const useCurrentBreadcrumbs = (): Breadcrumb[] => {
  const { pathname } = useLocation();
  const { path, breadcrumbs } = usePageMetaStore();
  return path === pathname ? breadcrumbs : [];
};

/**
 * A server render (apps/web/src/entry-server.tsx) runs no effects: the title the screen asks
 * for while rendering is kept here, and the server writes it into the page's `<title>`.
 */
const serverRender = { title: undefined as string | undefined, description: undefined as string | undefined };

const rememberForServerRender = (title: string | undefined, description: string | undefined) => {
  serverRender.title = title;
  serverRender.description = description;
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
  const { title } = serverRender;
  serverRender.title = undefined;
  return documentTitle(title);
};

/**
 * Sets the page title and breadcrumb trail for the screen that calls it (see docs/shell.md).
 * The shell adds the home-icon crumb in front and hides the trail when embedded.
 */
export const usePageMeta = ({ title, description, breadcrumbs = [] }: PageMeta) => {
  const { pathname } = useLocation();
  if (typeof document === 'undefined') rememberForServerRender(title, description);
  const trail = JSON.stringify(breadcrumbs);
  // Before paint, so the trail's space is there in the screen's first frame (no layout shift).
  useLayoutEffect(() => {
    usePageMetaStore.setState({ path: pathname, title, breadcrumbs: JSON.parse(trail) as Breadcrumb[] });
    document.title = documentTitle(title);
    setDescription(description);
  }, [pathname, title, description, trail]);
};
