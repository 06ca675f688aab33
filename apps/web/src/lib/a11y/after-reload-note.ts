const KEY = 'a11y-after-reload';

/** `toast`: also show the message as a success toast (seen, not only heard). */
export type AfterReload = { messageKey: string; focus: string; toast?: boolean };

/**
 * For actions that end in a full page load (log out): what to announce and focus once the
 * next page is up, so focus does not start on <body> with nothing said (WCAG 2.4.3, 4.1.3).
 * `messageKey` is a key of the common namespace. The note alone, with no React: the hook that
 * reads it (after-reload.ts) and the code that acts on it (after-reload-run.ts, loaded only when
 * there is a note) both import this file, and neither imports the other back.
 */
export const rememberForNextPage = (pending: AfterReload) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage blocked: the next page simply starts at the top.
  }
};

/** The note left by the previous page, once: reading it removes it. */
export const takePending = (): AfterReload | null => {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as AfterReload) : null;
  } catch {
    return null;
  }
};
