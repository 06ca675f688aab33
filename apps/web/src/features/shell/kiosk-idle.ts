import { productUrl } from '../../lib/shell-mode.ts';

/** Spec §9: kiosk idle timeout. */
export const KIOSK_IDLE_MS = 90_000;

/**
 * What a person does. Not `scroll`: a person's scroll starts with one of these (a touch, the wheel,
 * a key, the scroll bar's pointer), while focus moving into view or the page scrolling itself also
 * fire `scroll`, and would end the 'Still there?' warning with no one there.
 */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** The end of a touch or click (the click comes after pointerup, in the same task). */
const GESTURE_END_EVENTS = ['click', 'pointerup', 'pointercancel', 'touchend', 'touchcancel'] as const;

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

/** Spec fixes 90 s in all; the 'Still there?' warning takes its last 15 s (docs/kiosk.md "Idle"). */
export const KIOSK_WARNING_MS = 15_000;

export type IdleWarning = {
  /** How long before `onIdle` the warning shows. */
  beforeMs: number;
  /** The warning starts; `idleAt` is when `onIdle` will be called (the target's clock, ms). */
  onWarn: (idleAt: number) => void;
  /** Activity after the warning started: it is over, and the wait begins again. */
  onResume: () => void;
};

/**
 * Calls `onIdle` once after `timeoutMs` without any pointer, key, touch or scroll activity;
 * every activity starts the wait again. With `warning`, `onWarn` is called `beforeMs` before
 * that, and activity after it calls `onResume` (and restarts the whole wait). Returns the
 * function that stops watching.
 */
export const watchKioskIdle = (onIdle: () => void, timeoutMs = KIOSK_IDLE_MS, target: Window = window, warning?: IdleWarning): (() => void) => {
  let timer = 0;
  let warnTimer = 0;
  let isWarning = false;
  const start = () => {
    timer = target.setTimeout(onIdle, timeoutMs);
    if (warning) {
      const idleAt = Date.now() + timeoutMs;
      warnTimer = target.setTimeout(() => {
        isWarning = true;
        warning.onWarn(idleAt);
      }, Math.max(0, timeoutMs - warning.beforeMs));
    }
  };
  const clear = () => {
    target.clearTimeout(timer);
    target.clearTimeout(warnTimer);
  };
  const resume = () => {
    if (!isWarning) return;
    isWarning = false;
    warning?.onResume();
  };
  // A touch on the warning ends it when the touch ends, after its click: ended at the touch's start,
  // the dialog would be gone before the finger lifts, and the click land on whatever lay beneath it.
  let resumeTimer = 0;
  let armed = false;
  const disarm = () => {
    armed = false;
    for (const event of GESTURE_END_EVENTS) target.removeEventListener(event, gestureEnded, { capture: true });
  };
  const gestureEnded = () => {
    disarm();
    resumeTimer = target.setTimeout(resume, 0);
  };
  const resumeAfterGesture = () => {
    if (armed) return;
    armed = true;
    for (const event of GESTURE_END_EVENTS) target.addEventListener(event, gestureEnded, { capture: true });
  };
  const restart = (event: Event) => {
    clear();
    if (isWarning) {
      if (event.type === 'pointerdown' || event.type === 'touchstart') resumeAfterGesture();
      else resume();
    }
    start();
  };
  start();
  for (const event of ACTIVITY_EVENTS) target.addEventListener(event, restart, { passive: true, capture: true });
  return () => {
    clear();
    disarm();
    target.clearTimeout(resumeTimer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, restart, { capture: true });
  };
};
