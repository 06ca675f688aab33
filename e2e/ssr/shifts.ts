import type { Page } from '@playwright/test';

/**
 * Layout shifts (not after input) add up in `window.shifts` from the first paint, and
 * `window.shifted` says what moved (tag, id, test id or class of each source, with the time), for
 * the failure message of a server-rendered page's "nothing moves at hydration" check (issue 28).
 */
export const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const record = window as unknown as { shifts: number; shifted: string[] };
    record.shifts = 0;
    record.shifted = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        record.shifts += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node as HTMLElement | null | undefined;
          record.shifted.push(
            `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms ${node?.nodeName ?? '?'}${node?.id ? `#${node.id}` : ''}${node?.dataset?.testid ? `[${node.dataset.testid}]` : ''}.${String(node?.className ?? '').slice(0, 60)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

/** The shifts recorded so far, once the fonts have settled. */
export const recordedShifts = async (page: Page) => {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const record = window as unknown as { shifts: number; shifted: string[] };
    return { shifts: record.shifts, shifted: record.shifted };
  });
};
