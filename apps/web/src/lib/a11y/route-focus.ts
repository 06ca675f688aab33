import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { announce } from './announcer.tsx';
import { focusElement, focusWhenShown } from './focus.ts';

/**
 * On every in-app page change (not the first load): once the new screen has rendered, scroll
 * to the top, move focus to its <h1> (else to <main>) and announce the page title (WCAG 2.4.3,
 * 4.1.3). Mounted once by the shell, so every screen gets it without code of its own.
 */
export const useRouteFocus = () => {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById('main');
    if (!main) return;
    // The screen is lazy and may load its data first: wait for its heading (a spinner has none).
    const focusing = focusWhenShown(['h1'], { root: main, timeoutMs: 15_000 });
    let frame = 0;
    void focusing.done.then((heading) => {
      window.scrollTo({ top: 0 });
      if (heading) heading.scrollIntoView({ block: 'nearest' });
      else focusElement(main, { preventScroll: true });
      // The screen sets document.title in an effect of the same commit: read it a frame later.
      frame = requestAnimationFrame(() => announce(document.title));
    });
    return () => {
      focusing.cancel();
      cancelAnimationFrame(frame);
    };
  }, [pathname]);
};
