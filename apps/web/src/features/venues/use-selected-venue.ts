import { useSyncExternalStore } from 'react';
import { documentCookie } from '../../lib/request-env.ts';
import { parseSelectedVenue, setSelectedVenue, type SelectedVenue } from '../../lib/selected-venue.ts';

const EVENT = 'selected-venue-change';

const subscribe = (onChange: () => void) => {
  window.addEventListener(EVENT, onChange);
  return () => window.removeEventListener(EVENT, onChange);
};

let lastCookie: string | undefined;
let lastValue: SelectedVenue = { slug: null, selectedSlugs: [] };
const snapshot = (): SelectedVenue => {
  if (documentCookie() !== lastCookie) {
    lastCookie = documentCookie();
    lastValue = parseSelectedVenue(lastCookie);
  }
  return lastValue;
};
const serverSnapshot = (): SelectedVenue => lastValue;

/** The remembered venue (cookie of spec §3), re-rendering when a screen chooses another. */
export const useSelectedVenue = () => {
  const selected = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return { selected, select: setSelectedVenue };
};
