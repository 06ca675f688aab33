/**
 * Runs `run` once the page has loaded and the main thread is idle (or after `timeoutMs` at most),
 * for work a first screen can do without: it must not cost main-thread time while the page loads
 * and hydrates (issue 28: TBT under 100 ms; docs/performance.md "Public pages: pricing, not found,
 * TBT"). Answers a function that cancels it if it has not run yet.
 */
export const afterLoad = (run: () => void, timeoutMs = 3000): (() => void) => {
  let cancelled = false;
  let cancelIdle = () => {};
  const whenIdle = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => !cancelled && run(), { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const timer = window.setTimeout(() => !cancelled && run(), 0);
      cancelIdle = () => window.clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', whenIdle);
    cancelIdle();
  };
};
