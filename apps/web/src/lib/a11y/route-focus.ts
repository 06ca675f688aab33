import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { announce } from './announcer.tsx';
import { documentTitle, usePageMetaStore } from '../page-meta.ts';
import { focusElement, focusWhenShown } from './focus.ts';

/**
 * On every in-app page change (not the first load): once the new screen has rendered, scroll
 * to the top, move focus to its <h1> (else to <main>) and announce the page title (WCAG 2.4.3,
 * 4.1.3). Mounted once by the app layout, so every screen gets it without code of its own.
 */
/**
 * The path last shown, kept outside React: the route error boundary is keyed by path, so the
 * layout that calls this hook remounts on every page change and a ref would start afresh.
 */
let shownPath: string | undefined;

export const useRouteFocus = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    const isFirstPage = shownPath === undefined;
    if (shownPath === pathname) return;
    shownPath = pathname;
    if (isFirstPage) return;
    // The screen is lazy and may load its data first: wait for its heading (a spinner has none).
    const focusing = focusWhenShown(['#main h1'], { timeoutMs: 15_000 });
    let frame = 0;
    void focusing.done.then((heading) => {
      window.scrollTo({ top: 0 });
      if (heading) heading.scrollIntoView({ block: 'nearest' });
      else {
        const main = document.getElementById('main');
        if (main) focusElement(main, { preventScroll: true });
      }
      // The screen sets its title in an effect: read it a frame later. A screen that has set
      // none yet (its data still loading) is announced by its heading.
      frame = requestAnimationFrame(() => {
        const meta = usePageMetaStore.getState();
        const title = meta.path === pathname ? meta.title : heading?.textContent?.trim();
        announce(documentTitle(title));
      });
    });
    return () => {
      focusing.cancel();
      cancelAnimationFrame(frame);
    };
  }, [pathname]);
};
