import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
const subscribe = (onChange: () => void) => {
  const timer = window.setInterval(onChange, MINUTE);
  return () => window.clearInterval(timer);
};
/** The current minute (ms): the same value for every read within a minute, so renders agree. */
const minuteNow = () => Math.floor(Date.now() / MINUTE) * MINUTE;

/**
 * This browser's clock to the minute, read again every minute (issue 21): whether today still
 * has something left and whether a started session has finished follow the time of day while
 * the page stays open.
 */
export const useNow = () => useSyncExternalStore(subscribe, minuteNow, minuteNow);
