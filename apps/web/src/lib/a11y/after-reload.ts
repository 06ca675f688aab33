import { useEffect } from 'react';
import { takePending } from './after-reload-note.ts';

/**
 * Mounted once by the shell: acts on the note a full page load left (after-reload-note.ts). The
 * focus and announcing code loads only when there is something to do.
 */
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
