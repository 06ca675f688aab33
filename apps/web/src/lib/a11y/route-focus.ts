import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { keptScreenOf } from '../same-screen.ts';

/**
 * The path last shown, kept outside React: the route error boundary is keyed by path, so the
 * layout that calls this hook remounts on every page change and a ref would start afresh.
 * A navigation that keeps its screen (lib/same-screen.ts) is not a page change: no focus move.
 */
let shownPath: string | undefined;

/**
 * On every in-app page change (not the first load): focus the new screen's <h1> and announce
 * its title (WCAG 2.4.3, 4.1.3; `page-change.ts`). Mounted once by the app layout, so every
 * screen gets it without code of its own.
 */
export const useRouteFocus = () => {
  const location = useLocation();
  const { pathname } = location;
  const kept = keptScreenOf(location);
  useEffect(() => {
    const isFirstPage = shownPath === undefined;
    if (shownPath === pathname) return;
    // The address caught up with the screen shown (a dateless timetable got its date): not a page change.
    const isSameScreen = kept !== null && kept === shownPath;
    shownPath = pathname;
    if (isFirstPage || isSameScreen) return;
    let stop: (() => void) | undefined;
    let isCurrent = true;
    void import('./page-change.ts').then(({ focusNewPage }) => {
      if (isCurrent) stop = focusNewPage(pathname);
    });
    return () => {
      isCurrent = false;
      stop?.();
    };
  }, [pathname, kept]);
};
