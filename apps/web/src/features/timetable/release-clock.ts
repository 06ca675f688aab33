import { useSyncExternalStore } from 'react';

/**
 * One shared one-second timer for the release minute (issue 25): started by the first
 * subscriber (an effect, so after hydration and never on the server), stopped by the last.
 * Components read from it only what they show, so a tick re-renders the countdown alone;
 * `useHasPassed` re-renders its reader once, when the instant passes.
 */
const SECOND = 1000;
const listeners = new Set<() => void>();
let timer: number | undefined;

const subscribe = (onTick: () => void) => {
  listeners.add(onTick);
  timer ??= window.setInterval(() => listeners.forEach((listener) => listener()), SECOND);
  return () => {
    listeners.delete(onTick);
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
};

const secondNow = () => Math.floor(Date.now() / SECOND) * SECOND;

/** The clock to the second, ticking while the caller is mounted. */
export const useSecondNow = () => useSyncExternalStore(subscribe, secondNow, secondNow);

/** Whether `instant` (ms) has passed; re-renders only when that changes. Null instant: false. */
export const useHasPassed = (instant: number | null) => {
  const read = () => instant !== null && Date.now() >= instant;
  return useSyncExternalStore(subscribe, read, read);
};
