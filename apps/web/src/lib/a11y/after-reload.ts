import { useEffect } from 'react';
import { useTranslation } from '../i18n-react.tsx';
import { announce } from './announcer.tsx';
import { focusWhenShown } from './focus.ts';

const KEY = 'a11y-after-reload';

type Pending = { messageKey: string; focus: string };

/**
 * For actions that end in a full page load (log out): what to announce and focus once the
 * next page is up, so focus does not start on <body> with nothing said (WCAG 2.4.3, 4.1.3).
 * `messageKey` is a key of the common namespace.
 */
export const rememberForNextPage = (pending: Pending) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage blocked: the next page simply starts at the top.
  }
};

const takePending = (): Pending | null => {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
};

/** Mounted once by the shell. */
export const useAfterReload = () => {
  const { t } = useTranslation();
  useEffect(() => {
    const pending = takePending();
    if (!pending) return;
    const focusing = focusWhenShown([pending.focus, '#main']);
    void focusing.done.then(() => announce(t(pending.messageKey)));
    return focusing.cancel;
  }, [t]);
};
