import { useSyncExternalStore } from 'react';
import { pageNow } from '../../lib/page-data.ts';

const MINUTE = 60_000;
const subscribe = (onChange: () => void) => {
  const timer = window.setInterval(onChange, MINUTE);
  return () => window.clearInterval(timer);
};
/** The current minute (ms): the same value for every read within a minute, so renders agree. */
const minuteNow = () => Math.floor(Date.now() / MINUTE) * MINUTE;

/** The server's render, and the browser's hydration of it: the time the server made the page with. */
const pageMinute = () => pageNow() ?? minuteNow();

/**
 * This browser's clock to the minute, read again every minute (issue 21): whether today still
 * has something left and whether a started session has finished follow the time of day while
 * the page stays open. A server-rendered page hydrates with the server's minute (the page says
 * which), so it renders what the server did, then React reads this clock (issue 28).
 */
export const useNow = () => useSyncExternalStore(subscribe, minuteNow, pageMinute);
