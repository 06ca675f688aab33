import { useSyncExternalStore } from 'react';
import { create } from 'zustand';

/**
 * What the header shows of the basket: the item count (badge) and when the held places
 * expire (time left). The basket feature owns the cart; it writes here whenever the cart is
 * replaced (spec §4), so the shell needs no cart code of its own.
 */
export type BasketSummary = { itemCount: number; expiresAt: string | null };

export const useBasketSummary = create<BasketSummary>(() => ({ itemCount: 0, expiresAt: null }));

export const setBasketSummary = (summary: BasketSummary) => useBasketSummary.setState(summary);

/** Milliseconds → 'mm:ss' (hours fold into minutes: '75:00'); never negative. */
export const formatTimeLeft = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

/** A clock that ticks once a second while anyone listens (one timer for every countdown). */
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;
const subscribeClock = (onTick: () => void) => {
  listeners.add(onTick);
  ticker ??= setInterval(() => listeners.forEach((listener) => listener()), 1000);
  return () => {
    listeners.delete(onTick);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
};
const noSubscription = () => () => undefined;
const noTime = () => 0;
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * Milliseconds left until `expiresAt` (ISO), to the second, ticking while there is time left;
 * null without an expiry; 0 once it has passed.
 */
export const useTimeLeft = (expiresAt: string | null): number | null => {
  const target = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const hasTarget = !Number.isNaN(target);
  // Without an expiry nothing ticks, and the snapshot stays still (no re-render every second).
  const now = useSyncExternalStore(hasTarget ? subscribeClock : noSubscription, hasTarget ? currentSecond : noTime, hasTarget ? currentSecond : noTime);
  return hasTarget ? Math.max(0, target - now) : null;
};
