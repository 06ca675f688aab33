import { useCallback, useEffect, useRef } from 'react';

/**
 * One polite live region for the whole app (mounted once by the shell as `<Announcer/>`).
 * Screens never render their own aria-live text for status messages (WCAG 4.1.3): they call
 * `announce()` / `useAnnounce()`, so every message is read once, in one place.
 */
export const ANNOUNCER_ID = 'a11y-announcer';

let pending: ReturnType<typeof setTimeout> | undefined;
let queued: string[] = [];

/**
 * Reads `message` to screen-reader users (politely). The same text twice is read twice, and
 * messages sent together ('You are logged in', then the new page's title) are read together.
 */
export const announce = (message: string) => {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region || !message) return;
  clearTimeout(pending);
  queued = [...queued.filter((text) => text !== message), message];
  // Empty first, then fill on the next task: screen readers only read a change.
  region.textContent = '';
  pending = setTimeout(() => {
    region.textContent = queued.join('. ');
    queued = [];
  }, 100);
};

/** `announce`, for components. */
export const useAnnounce = () => useCallback((message: string) => announce(message), []);

/**
 * Announces `message` once it has stopped changing for `delayMs` (typing has paused), never on
 * the first render: a result count that follows each keystroke is read once, not per key.
 */
export const useAnnounceWhenSettled = (message: string, delayMs = 700) => {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => announce(message), delayMs);
    return () => clearTimeout(timer);
  }, [message, delayMs]);
};

/** Visually hidden; the region itself stays in the page from the first paint. */
export const Announcer = () => <div id={ANNOUNCER_ID} role="status" aria-live="polite" aria-atomic="true" className="sr-only" />;
