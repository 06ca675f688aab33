import { useSyncExternalStore } from 'react';
import { documentCookie } from '../../lib/request-env.ts';
import { parseSelectedVenue, setSelectedVenue, type SelectedVenue } from '../../lib/selected-venue.ts';

const EVENT = 'selected-venue-change';

const subscribe = (onChange: () => void) => {
  window.addEventListener(EVENT, onChange);
  return () => window.removeEventListener(EVENT, onChange);
};

/** What the server renders (it has no remembered venue of its own): hydration starts from it. */
const NONE: SelectedVenue = { slug: null, selectedSlugs: [] };
const same = (a: SelectedVenue, b: SelectedVenue) =>
  a.slug === b.slug && a.selectedSlugs.length === b.selectedSlugs.length && a.selectedSlugs.every((slug, i) => slug === b.selectedSlugs[i]);

let lastCookie: string | undefined;
let lastValue = NONE;
/**
 * The same object while the choice is the same: React compares snapshots by identity, and a new
 * but equal object after hydration re-rendered the whole home screen at once, in one long task
 * (issue 28, docs/performance.md).
 */
const snapshot = (): SelectedVenue => {
  if (documentCookie() !== lastCookie) {
    lastCookie = documentCookie();
    const next = parseSelectedVenue(lastCookie);
    if (!same(next, lastValue)) lastValue = next;
  }
  return lastValue;
};
const serverSnapshot = (): SelectedVenue => NONE;

/** The remembered venue (cookie of spec §3), re-rendering when a screen chooses another. */
export const useSelectedVenue = () => {
  const selected = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return { selected, select: setSelectedVenue };
};
