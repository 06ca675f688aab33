import { useEffect, useState } from 'react';

/** Milliseconds until `expiresAt` (ISO), ticking each second; null without one; never below 0. */
export const useTimeLeft = (expiresAt: string | null): number | null => {
  const target = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target)) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? null : Math.max(0, target - now);
};

/** Milliseconds → 'mm:ss' (hours fold into minutes). */
export const formatTimeLeft = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};
