import { productUrl } from '../../lib/shell-mode.ts';

/** Spec §9: kiosk idle timeout. */
export const KIOSK_IDLE_MS = 90_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Spec §4: where an idle kiosk goes — the client's kiosk home address, or else the
 * online-joining kiosk page with the current centre.
 */
export const kioskExitUrl = ({
  kioskHomeUrl,
  centre,
  currentHost,
  protocol,
}: {
  kioskHomeUrl: string | null;
  centre: string | null;
  currentHost?: string;
  protocol?: string;
}): string => {
  if (kioskHomeUrl) return kioskHomeUrl;
  const path = centre ? `/?kiosk=true&centre=${encodeURIComponent(centre)}` : '/?kiosk=true';
  return productUrl('online-joining', path, { isEmbedded: false, currentHost, protocol });
};

/**
 * Calls `onIdle` once after `timeoutMs` without any pointer, key, touch or scroll activity;
 * every activity starts the wait again. Returns the function that stops watching.
 */
export const watchKioskIdle = (onIdle: () => void, timeoutMs = KIOSK_IDLE_MS, target: Window = window): (() => void) => {
  let timer = target.setTimeout(onIdle, timeoutMs);
  const restart = () => {
    target.clearTimeout(timer);
    timer = target.setTimeout(onIdle, timeoutMs);
  };
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, restart, { passive: true, capture: true });
  return () => {
    target.clearTimeout(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, restart, { capture: true });
  };
};
