import { useEffect } from 'react';

const KEY = 'a11y-after-reload';

/** `toast`: also show the message as a success toast (seen, not only heard). */
export type AfterReload = { messageKey: string; focus: string; toast?: boolean };

/**
 * For actions that end in a full page load (log out): what to announce and focus once the
 * next page is up, so focus does not start on <body> with nothing said (WCAG 2.4.3, 4.1.3).
 * `messageKey` is a key of the common namespace.
 */
export const rememberForNextPage = (pending: AfterReload) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage blocked: the next page simply starts at the top.
  }
};

const takePending = (): AfterReload | null => {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as AfterReload) : null;
  } catch {
    return null;
  }
};

/** Mounted once by the shell; the focus and announcing code loads only when there is something to do. */
export const useAfterReload = () => {
  useEffect(() => {
    const pending = takePending();
    if (!pending) return;
    let cancel: (() => void) | undefined;
    let isCurrent = true;
    void import('./after-reload-run.ts').then(({ runAfterReload }) => {
      if (isCurrent) cancel = runAfterReload(pending);
    });
    return () => {
      isCurrent = false;
      cancel?.();
    };
  }, []);
};
