import { announce } from './announcer.tsx';
import { focusElement, focusWhenShown } from './focus.ts';
import { documentTitle, usePageMetaStore } from '../page-meta.ts';

/**
 * After an in-app page change: once the new screen has rendered, scroll to the top, focus its
 * <h1> (else <main>) and announce the page title. Loaded on the first page change, so none of
 * it weighs on the first page. Returns a function that stops waiting.
 */
export const focusNewPage = (pathname: string) => {
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
};
