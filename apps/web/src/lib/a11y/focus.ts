/**
 * Focus helpers shared by every screen (docs/accessibility.md). Focus must never fall to
 * <body> after an action: whatever replaced the control the user pressed takes it.
 */

const isShown = (element: Element): element is HTMLElement =>
  element instanceof HTMLElement && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

/** Focuses `element`; a non-interactive target (heading, panel) becomes focusable by script only. */
export const focusElement = (element: HTMLElement, { preventScroll = false } = {}) => {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll });
};

/**
 * Waits (up to `timeoutMs`) for the first shown element matching one of `selectors`, in order
 * of preference, and focuses it. Resolves with it, or null; `cancel` stops waiting.
 *
 * It starts looking a frame later, after React's effects of this update have run: a closing
 * <dialog> hands focus back to its opener, and that must not win over the new target.
 */
export const focusWhenShown = (selectors: readonly string[], { timeoutMs = 10_000, root = document.body } = {}) => {
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  let isCancelled = false;
  const find = () => {
    for (const selector of selectors) {
      const match = [...root.querySelectorAll(selector)].find(isShown);
      if (match) return match;
    }
    return null;
  };
  const stop = () => {
    isCancelled = true;
    observer?.disconnect();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
  const done = new Promise<HTMLElement | null>((resolve) => {
    const attempt = () => {
      const match = find();
      if (!match) return false;
      stop();
      focusElement(match);
      resolve(match);
      return true;
    };
    timer = setTimeout(() => {
      stop();
      resolve(null);
    }, timeoutMs);
    frame = requestAnimationFrame(() => {
      setTimeout(() => {
        if (isCancelled || attempt()) return;
        observer = new MutationObserver(() => void attempt());
        observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'hidden', 'open'] });
      }, 0);
    });
  });
  return { done, cancel: stop };
};

/**
 * After a failed submit: focuses the first field marked `aria-invalid="true"` in `form` (WCAG
 * 3.3.1, 4.1.3: its error is read as the field's description). Call after the errors render.
 */
export const focusFirstInvalid = (form: HTMLFormElement | null) => {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus();
  return true;
};
