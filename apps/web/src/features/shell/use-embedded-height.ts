import { useEffect } from 'react';

/** The message an embedding page listens for to size its iframe (docs/shell.md). */
export const HEIGHT_MESSAGE_TYPE = 'bookings:height';

/**
 * When embedded, tells the parent frame the page's height whenever it changes, so the
 * embedding page can size the iframe without scrollbars.
 */
export const useEmbeddedHeight = (isEmbedded: boolean) => {
  useEffect(() => {
    if (!isEmbedded || window.parent === window) return;
    let last = -1;
    const send = () => {
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: HEIGHT_MESSAGE_TYPE, height }, '*');
    };
    const observer = new ResizeObserver(send);
    observer.observe(document.body);
    send();
    return () => observer.disconnect();
  }, [isEmbedded]);
};
